import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('splits hits from text and unescapes the text once', () => {
    expect(snippetParts('a &lt;b&gt; <mark>goose</mark> &amp;amp; <mark>memo</mark>')).toEqual([
      { text: 'a <b> ', hit: false },
      { text: 'goose', hit: true },
      { text: ' &amp; ', hit: false },
      { text: 'memo', hit: true },
    ]);
  });

  it('keeps escaped markup as text', () => {
    expect(snippetParts('&lt;script&gt;x&lt;/script&gt;')).toEqual([{ text: '<script>x</script>', hit: false }]);
  });
});
