import { useId, useMemo, useRef, useState } from 'react';
import { slugify } from '@common/slug';
import { CharacterCount, characterCountShown, countedCharacters } from '@/components/admin/character-count';
import type { NameKind } from '../api/search-names.ts';
import { NameListbox, useNameCombobox, type NameOption } from './use-name-combobox.tsx';

export interface NamesFieldProps {
  kind: NameKind;
  /** The field's label ("Authors", "Tags"). */
  label: string;
  /** One chosen name: "author", "tag" (for "Remove author Jane Doe", "Add new author …"). */
  noun: string;
  /** The chosen names in order. */
  names: string[];
  onChange(names: string[]): void;
  maxNames: number;
  /** The longest name, in characters (common/text-length.ts): a longer one is not taken. */
  maxLength: number;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * A multi-value picker after the WAI-ARIA combobox pattern (editable, list autocomplete): the
 * chosen names as a list with a Remove button each, then an input whose suggestions come from the
 * newsroom API. Down/Up move through the suggestions, Enter takes the highlighted one (or the typed
 * name as a new record, created when the article is saved), Escape closes the list, Backspace in an
 * empty input removes the last name. Text left in the input counts when the field loses focus.
 */
export function NamesField(props: NamesFieldProps) {
  const { kind, label, noun, names, onChange, maxNames, maxLength, error, hint, disabled } = props;
  const uid = useId();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const query = text.trim();
  const full = names.length >= maxNames;

  const chosen = useMemo(() => new Set(names.map((n) => slugify(n))), [names]);
  const add = (name: string) => {
    const clean = name.replace(/\s+/g, ' ').trim();
    // Over the limit it stays in the box, its count marked over the limit.
    if (!slugify(clean) || chosen.has(slugify(clean)) || full || countedCharacters(clean) > maxLength) return;
    onChange([...names, clean]);
    setText('');
  };
  const combobox = useNameCombobox({
    kind,
    query,
    disabled: disabled || full,
    listLabel: 'Suggestions',
    toOptions: (found) => {
      const options: NameOption[] = found
        .filter((r) => !chosen.has(r.slug))
        .map((r) => ({ key: String(r.id), name: r.name, record: r }));
      const slug = slugify(query);
      const exists = found.some((r) => r.slug === slug) || chosen.has(slug);
      if (slug && !exists) options.push({ key: 'new', name: query, label: `Add new ${noun} “${query}”` });
      return options;
    },
    onPick: (option) => add(option.name),
  });
  const remove = (index: number) => {
    onChange(names.filter((_, i) => i !== index));
    inputRef.current?.focus();
  };

  const counted = characterCountShown(text, maxLength);
  const describedBy = [
    hint ? `${uid}-hint` : '',
    counted ? `${uid}-length` : '',
    error ? `${uid}-error` : '',
    `${uid}-count`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="admin-form__field names-field">
      <label className="admin-form__label" htmlFor={combobox.inputId}>
        {label}
      </label>
      {hint ? (
        <p id={`${uid}-hint`} className="admin-form__hint">
          {hint}
        </p>
      ) : null}
      {names.length > 0 ? (
        <ul className="names-field__chips">
          {names.map((name, i) => (
            <li key={`${name}-${i}`} className="names-field__chip">
              <span>{name}</span>
              <button
                type="button"
                className="names-field__remove"
                aria-label={`Remove ${name}`}
                disabled={disabled}
                onClick={() => remove(i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="names-field__box">
        <input
          ref={inputRef}
          {...combobox.inputProps}
          // The form's field name: a refusal or a 'Ready to publish?' suggestion puts the focus here.
          name={kind}
          className="admin-input"
          type="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={disabled || full}
          placeholder={
            full ? `At most ${maxNames}` : `Type to find or add ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            combobox.typed();
          }}
          onFocus={() => combobox.show()}
          onBlur={() => {
            // A name typed and left (no Enter) is kept: saving the form right away keeps it.
            if (query) add(query);
            combobox.close();
          }}
          onKeyDown={(e) => {
            // Arrows, Enter on a highlighted suggestion and Escape on an open list: the combobox's.
            if (combobox.onKeyDown(e)) return;
            if (e.key === 'Enter' && query) {
              // Enter takes the typed name (never submits the form while a name is being typed).
              e.preventDefault();
              add(query);
            } else if (e.key === 'Escape' && text) {
              e.preventDefault();
              setText('');
            } else if (e.key === 'Backspace' && text === '' && names.length > 0) {
              onChange(names.slice(0, -1));
            }
          }}
        />
        <NameListbox combobox={combobox} />
      </div>
      {/* No maxlength (it counts UTF-16 units): the count says the limit in characters near it. */}
      <CharacterCount id={`${uid}-length`} value={text} max={maxLength} />
      <p id={`${uid}-count`} className="admin-sr-only" aria-live="polite">
        {names.length === 0 ? `No ${label.toLowerCase()} chosen.` : `${names.length} chosen: ${names.join(', ')}.`}
      </p>
      {error ? (
        <p id={`${uid}-error`} className="admin-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
