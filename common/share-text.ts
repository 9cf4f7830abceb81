import twitterText from 'twitter-text';

/** X's limit on a post's weighted length (a link counts 23, most CJK characters and emoji 2). */
export const X_MAX_WEIGHTED_LENGTH = 280;

export interface XText {
  text: string;
  /** X's weighted length of `text` (twitter-text parseTweet). */
  weightedLength: number;
  /** True when the message had to be shortened to fit. */
  shortened: boolean;
}

/** X's weighted length of a text. */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/**
 * The X post of an article: the message (or headline) and the article link, within 280 weighted
 * characters; a message too long is shortened with an ellipsis, the link is always kept whole.
 */
export function composeXText(message: string, link: string): XText {
  const base = message.trim();
  const full = `${base} ${link}`;
  if (twitterText.parseTweet(full).weightedLength <= X_MAX_WEIGHTED_LENGTH) {
    return { text: full, weightedLength: xWeightedLength(full), shortened: false };
  }
  const chars = [...base];
  let lo = 0;
  let hi = chars.length;
  // Longest prefix that still fits (binary search on code points).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}… ${link}`;
    if (twitterText.parseTweet(candidate).weightedLength <= X_MAX_WEIGHTED_LENGTH) lo = mid;
    else hi = mid - 1;
  }
  const text = `${chars.slice(0, lo).join('').trimEnd()}… ${link}`;
  return { text, weightedLength: xWeightedLength(text), shortened: true };
}

/** The Facebook post of an article: the message (or headline); the link goes in the post's `link`. */
export function composeFacebookMessage(message: string): string {
  return message.trim();
}
