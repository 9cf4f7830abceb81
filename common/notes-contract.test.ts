import { describe, expect, it } from 'vitest';
import { mentionTokens } from './notes-contract.ts';

const usernames = (text: string) => mentionTokens(text).map((t) => t.username);

describe('mentionTokens', () => {
  it("finds each '@' and the username after it, in lower case, where it starts the text or follows a space or punctuation", () => {
    expect(usernames('@sam check this, (@Alex.Writer) and @jo-reporter!')).toEqual([
      'sam',
      'alex.writer',
      'jo-reporter',
    ]);
    expect(usernames('Line one\n@sam on the next')).toEqual(['sam']);
  });

  it('keeps addresses as usernames after an @, and an address in the text is not a mention', () => {
    expect(usernames('Ask @Pia@Press.example today')).toEqual(['pia@press.example']);
    expect(usernames('Mail sam@example.com or x@y')).toEqual([]);
  });

  it('leaves a final dot or hyphen out (punctuation) and ignores an @ alone', () => {
    expect(usernames('Over to @sam. Then @alex-- and @ nobody @')).toEqual(['sam', 'alex']);
  });

  it('gives where each mention is in the text, counted in UTF-16 units as strings are sliced', () => {
    const text = '👍🏽 @sam. done';
    const [token] = mentionTokens(text);
    expect(text.slice(token!.start, token!.end)).toBe('@sam');
    expect(usernames('Café @josé')).toEqual(['josé']);
  });
});
