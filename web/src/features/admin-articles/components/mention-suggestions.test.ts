import { describe, expect, it } from 'vitest';
import { matchColleagues, mentionAtCaret } from './mention-suggestions.tsx';

describe('mentionAtCaret', () => {
  it('is the @ the caret ends, with what was typed after it in lower case', () => {
    expect(mentionAtCaret('Ask @Sa', 7)).toEqual({ start: 4, query: 'sa' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAtCaret('Ask @sam now', 8)).toEqual({ start: 4, query: 'sam' });
  });

  it('is none after a space, inside an address, or with the caret elsewhere', () => {
    expect(mentionAtCaret('Ask @sam ', 9)).toBeUndefined();
    expect(mentionAtCaret('mail sam@exa', 12)).toBeUndefined();
    expect(mentionAtCaret('Ask @sam now', 3)).toBeUndefined();
  });
});

describe('matchColleagues', () => {
  const colleagues = [
    { username: 'alex.writer', name: 'Alex Writer' },
    { username: 'jo', name: 'Jo Reporter' },
    { username: 'sam', name: 'Sam Editor' },
  ];
  it('offers those whose username or a word of whose name starts with what was typed, in their order', () => {
    expect(matchColleagues(colleagues, '').map((c) => c.username)).toEqual(['alex.writer', 'jo', 'sam']);
    expect(matchColleagues(colleagues, 'rep').map((c) => c.username)).toEqual(['jo']);
    expect(matchColleagues(colleagues, 'alex.').map((c) => c.username)).toEqual(['alex.writer']);
    expect(matchColleagues(colleagues, 'x')).toEqual([]);
  });

  it('offers six at most', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ username: `sam${i}`, name: `Sam ${i}` }));
    expect(matchColleagues(many, 'sam')).toHaveLength(6);
  });
});
