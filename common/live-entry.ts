import { characterCount, firstCharacters } from './text-length.ts';

/** The longest key event summary (LiveKeyEvent.summary) and live entry share text. */
export const LIVE_SUMMARY_MAX = 140;

/**
 * A live entry's plain text as one line, cut at a word boundary to at most `max` characters (an
 * ellipsis marks a cut): the key events summary at the top of a live page, the text of a key event's
 * post on X and Facebook, and the headline of the entry in JSON-LD. A character is a user-perceived one
 * (common/text-length.ts): a cut never splits an emoji, a flag or an accented letter.
 */
export function liveSummary(text: string, max = LIVE_SUMMARY_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (characterCount(line) <= max) return line;
  const room = firstCharacters(line, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space > 0 && characterCount(room.slice(0, space)) > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** The largest live entry accepted, as serialized JSON in UTF-8 bytes (a story body may be 500 KB). */
export const LIVE_ENTRY_MAX_BYTES = 50_000;
