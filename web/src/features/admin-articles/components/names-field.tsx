import { useId, useMemo, useRef, useState } from 'react';
import { slugify } from '@common/slug';
import { useNameSearch, type NameKind } from '../api/search-names.ts';
import './names-field.css';

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
  maxLength: number;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

interface Option {
  id: string;
  name: string;
  isNew: boolean;
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
  const inputId = `${uid}-input`;
  const listId = `${uid}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted option by id: suggestions that arrive later do not move the highlight to another name.
  const [activeId, setActiveId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const query = text.trim();
  const search = useNameSearch(kind, query, open && !disabled);
  const full = names.length >= maxNames;

  const chosen = useMemo(() => new Set(names.map((n) => slugify(n))), [names]);
  const options: Option[] = useMemo(() => {
    const found = (search.data ?? [])
      .filter((r) => !chosen.has(r.slug))
      .map((r) => ({ id: `${uid}-opt-${r.id}`, name: r.name, isNew: false }));
    const slug = slugify(query);
    const exists = (search.data ?? []).some((r) => r.slug === slug) || chosen.has(slug);
    if (slug && !exists) found.push({ id: `${uid}-opt-new`, name: query, isNew: true });
    return found;
  }, [search.data, chosen, query, uid]);
  const expanded = open && options.length > 0 && !full;
  const active = activeId === null ? -1 : options.findIndex((o) => o.id === activeId);
  const setActive = (index: number) => setActiveId(index >= 0 ? (options[index]?.id ?? null) : null);

  const add = (name: string) => {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (!slugify(clean) || chosen.has(slugify(clean)) || full) return;
    onChange([...names, clean]);
    setText('');
    setActive(-1);
  };
  const remove = (index: number) => {
    onChange(names.filter((_, i) => i !== index));
    inputRef.current?.focus();
  };

  const describedBy = [hint ? `${uid}-hint` : '', error ? `${uid}-error` : '', `${uid}-count`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="admin-form__field names-field">
      <label className="admin-form__label" htmlFor={inputId}>
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
          id={inputId}
          className="admin-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          maxLength={maxLength}
          disabled={disabled || full}
          placeholder={
            full ? `At most ${maxNames}` : `Type to find or add ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // A name typed and left (no Enter) is kept: saving the form right away keeps it.
            if (query) add(query);
            setOpen(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              if (options.length > 0) setActive((active + 1) % options.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              if (options.length > 0) setActive(active <= 0 ? options.length - 1 : active - 1);
            } else if (e.key === 'Enter') {
              // Enter picks (never submits the form while a name is being typed).
              if (expanded && active >= 0 && options[active]) {
                e.preventDefault();
                add(options[active].name);
              } else if (query) {
                e.preventDefault();
                add(query);
              }
            } else if (e.key === 'Escape') {
              if (expanded) {
                e.preventDefault();
                setOpen(false);
                setActive(-1);
              } else if (text) {
                e.preventDefault();
                setText('');
              }
            } else if (e.key === 'Backspace' && text === '' && names.length > 0) {
              onChange(names.slice(0, -1));
            }
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-busy={search.isFetching}
          aria-label="Suggestions"
          className="names-field__list"
          hidden={!expanded}
        >
          {expanded
            ? options.map((option, i) => (
                <li
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={i === active}
                  className="names-field__option"
                  // Keeps the focus in the input (no blur) while an option is clicked.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => add(option.name)}
                >
                  {option.isNew ? `Add new ${noun} “${option.name}”` : option.name}
                </li>
              ))
            : null}
        </ul>
      </div>
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
