import twitterText from 'twitter-text';
import { firstCharacters } from './text-length.ts';

/**
 * The longest share message an article keeps (the text of its posts instead of the headline), in
 * characters as a reader sees them (common/text-length.ts), counted after trimming. X's post counter
 * below counts X's own way, and a post longer than X takes is shortened.
 */
export const SHARE_MESSAGE_MAX = 2000;

/** X's limit on a post's weighted length (a link counts 23, most CJK characters and emoji 2). */
export const X_MAX_WEIGHTED_LENGTH = 280;

export interface XText {
  text: string;
  /** X's weighted length of `text` (twitter-text parseTweet). */
  weightedLength: number;
  /** True when the message had to be shortened to fit. */
  shortened: boolean;
}

/** Texts up to this many UTF-16 units are measured whole; longer ones piece by piece (xWeightedLength). */
const WHOLE_UNITS = 500;
/** Characters in one piece of a long run without white space or a dot (xWeightedLength). */
const RUN_PIECE = 20;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * X's weighted length of a text (twitter-text parseTweet). Its parser takes time growing with the square
 * of a run without white space (2,000 family emoji, a share message within its limit, took seconds), so
 * a long text is measured in pieces whose lengths add up to the same: split at white space (a link or an
 * emoji never spans it), and a long run without a dot (no link) at user-perceived characters, which an
 * emoji sequence or an accent never spans.
 */
export function xWeightedLength(text: string): number {
  if (text.length <= WHOLE_UNITS) return twitterText.parseTweet(text).weightedLength;
  let total = 0;
  for (const part of text.split(/(\s+)/u)) {
    if (part.length <= WHOLE_UNITS || /[.\u3002\uFF0E\uFF61]/u.test(part)) {
      if (part) total += twitterText.parseTweet(part).weightedLength;
      continue;
    }
    let piece = '';
    let count = 0;
    for (const { segment } of graphemes.segment(part)) {
      piece += segment;
      if (++count === RUN_PIECE) {
        total += twitterText.parseTweet(piece).weightedLength;
        piece = '';
        count = 0;
      }
    }
    if (piece) total += twitterText.parseTweet(piece).weightedLength;
  }
  return total;
}

/**
 * The X post of an article: the message (or headline) and the article link, within 280 weighted
 * characters; a message too long is shortened with an ellipsis, the link is always kept whole.
 */
export function composeXText(message: string, link: string): XText {
  const base = message.trim();
  const full = `${base} ${link}`;
  const weightedLength = xWeightedLength(full);
  if (weightedLength <= X_MAX_WEIGHTED_LENGTH) return { text: full, weightedLength, shortened: false };
  // Every character weighs at least 1: what fits lies within the first 280 (the search stays quick).
  const chars = [...firstCharacters(base, X_MAX_WEIGHTED_LENGTH)];
  let lo = 0;
  let hi = chars.length;
  // Longest prefix that still fits (binary search on code points).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}… ${link}`;
    if (xWeightedLength(candidate) <= X_MAX_WEIGHTED_LENGTH) lo = mid;
    else hi = mid - 1;
  }
  const text = `${chars.slice(0, lo).join('').trimEnd()}… ${link}`;
  return { text, weightedLength: xWeightedLength(text), shortened: true };
}

/** The Facebook post of an article: the message (or headline); the link goes in the post's `link`. */
export function composeFacebookMessage(message: string): string {
  return message.trim();
}
