import { countedCharacters } from '../lib/article-form.ts';
import { countText } from './search-social-field.tsx';
import './character-count.css';

/** How close to its limit a text's count is shown and announced: the last tenth, at least 10 characters. */
function nearLimit(max: number): number {
  return Math.max(10, Math.round(max / 10));
}

/** Whether a text's count is shown (near or over its limit), so a field names it in aria-describedby. */
export function characterCountShown(value: string, max: number): boolean {
  return countedCharacters(value) >= max - nearLimit(max);
}

export interface CharacterCountProps {
  /** The id of the shown count, for the field's aria-describedby (characterCountShown). */
  id: string;
  value: string;
  max: number;
}

/**
 * The count of a limited text ('280 / 300'), in characters as the form's rules and the server count
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
