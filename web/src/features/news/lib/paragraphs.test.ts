import { describe, expect, it } from 'vitest';
import { splitParagraphs } from './paragraphs';

describe('splitParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(splitParagraphs('First para.\n\nSecond\nstill second.\n\n\n\nThird.')).toEqual([
      'First para.',
      'Second\nstill second.',
      'Third.',
    ]);
  });
  it('handles CRLF, whitespace-only lines and empty input', () => {
    expect(splitParagraphs('A\r\n\r\nB\n  \nC')).toEqual(['A', 'B', 'C']);
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs(null)).toEqual([]);
    expect(splitParagraphs('\n\n  \n')).toEqual([]);
  });
});
