import { countWords, readingMinutes } from '@common/body/text';

export { countWords, readingMinutes };

export function describeLength(words: number): string {
  const minutes = readingMinutes(words);
  const w = `${words.toLocaleString('en-GB')} ${words === 1 ? 'word' : 'words'}`;
  return minutes ? `${w} · ${minutes} min read` : w;
}
