import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { NamedRef } from '@common/admin-contract';
import { slugify } from '@common/slug';
import { namedRecordKey, useNamedRecord } from '../api/get-named-record.ts';
import type { NameKind } from '../api/search-names.ts';
import { NameListbox, useNameCombobox } from './use-name-combobox.tsx';

export interface NameFilterProps {
  kind: NameKind;
  /** The box's label ("Author", "Tag"). */
  label: string;
  /** The record the list is filtered by. */
  id: number | undefined;
  /** A record chosen, or none (undefined). */
  onChange(id: number | undefined): void;
}

/**
 * All Articles' author or tag filter: a single-choice combobox (the names pickers' suggestions and
 * keys, use-name-combobox.tsx). The box shows the chosen record's name; typing asks the server for
 * matching records, Down/Up move through them, Enter takes the highlighted one (or the one named
 * exactly as typed), Enter in an emptied box or the clear button removes the filter, Escape closes the
 * list and then puts the chosen name back. Text left without choosing is dropped when the box loses focus.
 */
export function NameFilter({ kind, label, id, onChange }: NameFilterProps) {
  const record = useNamedRecord(kind, id);
  const noun = kind === 'authors' ? 'author' : 'tag';
  // A merged or deleted record has no name to show: the line under the filters names it by its id.
  const chosenName = id !== undefined ? (record.data?.name ?? '') : '';
  // What the box shows instead of the chosen name: what the editor is typing, or the name just chosen
  // until the list's address names it. null: the chosen name.
  const [draft, setDraft] = useState<string | null>(null);
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setDraft(null);
  }
  const text = draft ?? chosenName;
  const query = text.trim();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const choose = (next: NamedRef | undefined) => {
    if (next?.id === id) {
      setDraft(null);
      return;
    }
    if (next) {
      // The record is known from the search: the box and the line above the rows name it at once.
      queryClient.setQueryData(namedRecordKey(kind, next.id), { id: next.id, name: next.name, slug: next.slug });
    }
    setDraft(next?.name ?? '');
    onChange(next?.id);
  };
  const combobox = useNameCombobox({
    kind,
    query,
    listLabel: `${label} suggestions`,
    toOptions: (found) => found.map((r) => ({ key: String(r.id), name: r.name, record: r })),
    onPick: (option) => choose(option.record),
    closeOnPick: true,
  });

  return (
    <div className="admin-field name-filter">
      <label htmlFor={combobox.inputId}>{label}</label>
      <div className="names-field__box">
        <input
          ref={inputRef}
          {...combobox.inputProps}
          className="admin-input name-filter__input"
          type="text"
          placeholder={kind === 'authors' ? 'All authors' : 'All tags'}
          // The chosen name in full, for a name longer than the box (it ends in an ellipsis there).
          title={draft === null && chosenName ? chosenName : undefined}
          value={text}
          onChange={(e) => {
            setDraft(e.target.value);
            combobox.typed();
          }}
          onBlur={() => {
            setDraft(null);
            combobox.close();
          }}
          onKeyDown={(e) => {
            // Arrows, Enter on a highlighted suggestion and Escape on an open list: the combobox's.
            if (combobox.onKeyDown(e)) return;
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!query) {
                combobox.close();
                choose(undefined);
                return;
              }
              const exact = combobox.options.find((o) => o.record?.slug === slugify(query));
              // Otherwise the suggestions show what there is to choose from.
              if (exact) combobox.pick(exact);
              else combobox.show();
            } else if (e.key === 'Escape' && draft !== null) {
              e.preventDefault();
              setDraft(null);
            }
          }}
        />
        {id !== undefined ? (
          <button
            type="button"
            className="name-filter__clear"
            aria-label={`Clear the ${noun} filter`}
            title={`Clear the ${noun} filter`}
            onClick={() => {
              choose(undefined);
              // The focus stays in the filter (the button goes with the choice).
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
        <NameListbox combobox={combobox} />
      </div>
    </div>
  );
}
