import { describe, expect, it } from 'vitest';
import { articleTitle } from './search-social.ts';

describe('the title search results and share cards use', () => {
  it('is the search and social title, else the headline, on one line and trimmed', () => {
    expect(articleTitle({ metaTitle: 'Goat wins', headline: 'Goat Elected Mayor' })).toBe('Goat wins');
    expect(articleTitle({ metaTitle: '', headline: ' Goat \n Elected ' })).toBe('Goat Elected');
    expect(articleTitle({ metaTitle: '   ', headline: 'Goat' })).toBe('Goat');
    expect(articleTitle({ metaTitle: null, headline: 'Goat' })).toBe('Goat');
  });
});
