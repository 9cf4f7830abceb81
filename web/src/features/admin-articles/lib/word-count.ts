/** Words per minute of an adult reading a news story on screen (a common rule of thumb). */
export const WORDS_PER_MINUTE = 200;

export function countWords(text: string): number {
  const words = text.trim().match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu);
  return words ? words.length : 0;
}

/** Whole minutes, at least one for any text (0 for none). */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function describeLength(words: number): string {
  const minutes = readingMinutes(words);
  const w = `${words.toLocaleString('en-GB')} ${words === 1 ? 'word' : 'words'}`;
  return minutes ? `${w} · ${minutes} min read` : w;
}
