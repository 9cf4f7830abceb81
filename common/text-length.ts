/**
 * What the product calls a character, wherever it shows a person a count or refuses a text as too long
 * (the article's texts and the picture library's, the search and social fields, corrections;
 * docs/product.md "Validation"): one character is one
 * user-perceived character, a grapheme cluster (Unicode UAX #29, as `Intl.Segmenter` finds them). 'é'
 * typed as e + a combining accent, an emoji with a skin tone, a flag, a family joined by zero-width
 * joiners and a CJK ideograph are each one, as the editor sees them. The browser's counters and the
 * server's checks count with this one function, so they agree on every text.
 *
 * X's post counter is another rule on purpose (common/share-text.ts: X's weighted length).
 */

/**
 * The most UTF-16 code units one character counts as one: twice the longest emoji sequence (a kiss
 * with two skin tones, 15). Only a cluster piled with combining marks is longer; it counts one more
 * character for every further 32 units started, so a text within a limit of N characters is never
 * longer than N × 32 code units (characterCap), the bound a schema can check before the rule runs.
 */
export const CHARACTER_MAX_CODE_UNITS = 32;

/**
 * Made on first use, not when the module loads: every public page loads this module (through the
 * corrections page's address) without ever counting a character, and a page's first Intl object
 * initialises the browser's locale data, about 50 ms at Lighthouse's 4× CPU slowdown (decision 048).
 */
let graphemes: Intl.Segmenter | undefined;

/** The characters of `text`, each with how many it counts as (1 but for an overlong cluster). */
function* characters(text: string): Generator<{ text: string; count: number }> {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    yield { text: segment, count: Math.ceil(segment.length / CHARACTER_MAX_CODE_UNITS) };
  }
}

/** How many characters `text` has, by the product's rule (above). */
export function characterCount(text: string): number {
  let count = 0;
  for (const c of characters(text)) count += c.count;
  return count;
}

/** The start of `text` with at most `max` characters, never cutting one in two. */
export function firstCharacters(text: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const c of characters(text)) {
    if (count + c.count > max) break;
    count += c.count;
    end += c.text.length;
  }
  return text.slice(0, end);
}

/**
 * The bound, in UTF-16 code units (what a schema's `maxLength` counts), of a text of at most `max`
 * characters: a safety cap on what is read, which never refuses a text the rule accepts.
 */
export function characterCap(max: number): number {
  return max * CHARACTER_MAX_CODE_UNITS;
}
