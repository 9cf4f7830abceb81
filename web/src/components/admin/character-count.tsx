import { characterCount } from '@common/text-length';
import './character-count.css';

/** How many characters a text counts as against its limit: after trimming, by the product's rule (as the server counts). */
export function countedCharacters(value: string): number {
  return characterCount(value.trim());
}

/** The count under a field, and what a screen reader is told as it nears or passes the limit. */
export function countText(length: number, max: number, near: number): { shown: string; announced: string } {
  const n = (x: number) => x.toLocaleString('en-GB');
  const shown = `${n(length)} / ${n(max)}`;
  if (length > max)
    return { shown, announced: `${n(length - max)} ${length - max === 1 ? 'character' : 'characters'} over the limit` };
  if (max - length <= near) {
    const left = max - length;
    return { shown, announced: `${n(left)} ${left === 1 ? 'character' : 'characters'} left` };
  }
  return { shown, announced: '' };
}

/** How close to its limit a text's count is shown and announced: the last tenth, at least 10 characters. */
function nearLimit(max: number): number {
  return Math.max(10, Math.round(max / 10));
}

/** Whether a text's count is shown (near or over its limit), so a field names it in aria-describedby. */
export function characterCountShown(value: string, max: number): boolean {
  return countedCharacters(value) >= max - nearLimit(max);
}

/** A text over its limit in characters: the message a form shows next to the field, else undefined. */
export function characterLimitError(value: string, max: number): string | undefined {
  return countedCharacters(value) > max ? `Must be at most ${max.toLocaleString('en-GB')} characters` : undefined;
}

export interface CharacterCountProps {
  /** The id of the shown count, for the field's aria-describedby (characterCountShown). */
  id: string;
  value: string;
  max: number;
}

/**
 * The count of a limited text ('280 / 300'), in characters as the newsroom's forms and the server count
 * them (common/text-length.ts), shown from near the limit on and marked over it; a screen reader hears
 * what is left, or how far over it is, as the editor types. The field itself takes any length (no
 * `maxlength`, which counts UTF-16 units and would cut a pasted text short without a word): a text
 * over the limit is refused by the form's message on save.
 */
export function CharacterCount({ id, value, max }: CharacterCountProps) {
  const count = countedCharacters(value);
  const { shown, announced } = countText(count, max, nearLimit(max));
  return (
    <>
      {characterCountShown(value, max) ? (
        <p id={id} className={`admin-character-count${count > max ? ' admin-character-count--over' : ''}`}>
          {shown}
        </p>
      ) : null}
      <p className="admin-sr-only" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
