import type { ReactNode } from 'react';
import './names-field.css';

export interface SuggestionListProps<T> {
  id: string;
  /** The listbox's accessible name. */
  label: string;
  /** Shown; hidden (and empty) while closed. */
  open: boolean;
  options: T[];
  /** The highlighted option's index (-1: none). */
  active: number;
  /** Each option's element id (named by the field's `aria-activedescendant`). */
  optionId(option: T, index: number): string;
  optionKey(option: T): string;
  render(option: T): ReactNode;
  onPick(option: T): void;
  busy?: boolean;
}

/**
 * The suggestions under a field that keeps the focus (the authors and tags comboboxes, mentions in a
 * note): a listbox whose highlighted option the field names; a click takes an option without taking the
 * focus from the field.
 */
export function SuggestionList<T>(props: SuggestionListProps<T>) {
  const { id, label, open, options, active, optionId, optionKey, render, onPick, busy } = props;
  return (
    <ul id={id} role="listbox" aria-busy={busy} aria-label={label} className="names-field__list" hidden={!open}>
      {open
        ? options.map((option, i) => (
            <li
              key={optionKey(option)}
              id={optionId(option, i)}
              role="option"
              aria-selected={i === active}
              className="names-field__option"
              // Keeps the focus in the field (no blur) while an option is clicked.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(option)}
            >
              {render(option)}
            </li>
          ))
        : null}
    </ul>
  );
}
