import { atomText, countWords, readingMinutes, readingTimeText } from '@common/body/text';

export { atomText, countWords, readingMinutes };

/** Under the body editor: 'N words · M min read' (the reading time as the article page says it). */
export function describeLength(words: number): string {
  const w = `${words.toLocaleString('en-GB')} ${words === 1 ? 'word' : 'words'}`;
  const time = readingTimeText(words);
  return time ? `${w} · ${time}` : w;
}
