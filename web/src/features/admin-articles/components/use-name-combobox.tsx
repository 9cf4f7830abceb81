import { useId, useState, type KeyboardEvent } from 'react';
import type { NamedRef } from '@common/admin-contract';
import { useNameSearch, type NameKind } from '../api/search-names.ts';
import { SuggestionList } from './suggestion-list.tsx';
import './names-field.css';

/** A suggestion: a record the search found, or one the picker adds itself ("Add new author …"). */
export interface NameOption {
  /** Unique among the suggestions: the record's id, or 'new'. */
  key: string;
  /** The name the suggestion stands for. */
  name: string;
  /** What the suggestion says, when it is not the name itself. */
  label?: string;
  /** The record found, when it is one. */
  record?: NamedRef;
}

export interface NameComboboxSettings {
  kind: NameKind;
  /** What was typed, trimmed: the search's `q`. */
  query: string;
  /** No suggestions are asked for or shown. */
  disabled?: boolean;
  /** The suggestions for the records found (those to leave out, one to add). */
  toOptions(found: NamedRef[]): NameOption[];
  /** An option was taken: Enter on the highlighted one, or a click. */
  onPick(option: NameOption): void;
  /** Taking an option closes the list (a single choice); otherwise it stays open for the next one. */
  closeOnPick?: boolean;
  /** The listbox's accessible name. */
  listLabel: string;
}

export type NameCombobox = ReturnType<typeof useNameCombobox>;

/**
 * What the authors and tags comboboxes share (the WAI-ARIA combobox pattern, editable, list
 * autocomplete): suggestions from the newsroom API for what was typed, Down/Up move the highlight
 * (opening the list), Enter takes the highlighted suggestion, Escape closes an open list. The
 * component owns the text and decides what Enter, Escape and Backspace do beyond that
 * (names-field.tsx, name-filter.tsx); the listbox is <NameListbox>.
 */
export function useNameCombobox(settings: NameComboboxSettings) {
  const { kind, query, disabled, toOptions, onPick, closeOnPick, listLabel } = settings;
  const uid = useId();
  const inputId = `${uid}-input`;
  const listId = `${uid}-list`;
  const [open, setOpen] = useState(false);
  // The highlighted option by key: suggestions that arrive later do not move the highlight to another name.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const search = useNameSearch(kind, query, open && !disabled);
  const options = toOptions(search.data ?? []);
  const optionId = (option: NameOption) => `${uid}-opt-${option.key}`;
  const expanded = open && options.length > 0 && !disabled;
  const active = activeKey === null ? -1 : options.findIndex((o) => o.key === activeKey);
  const setActive = (index: number) => setActiveKey(index >= 0 ? (options[index]?.key ?? null) : null);

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };
  const pick = (option: NameOption) => {
    setActiveKey(null);
    if (closeOnPick) setOpen(false);
    onPick(option);
  };

  return {
    inputId,
    listId,
    listLabel,
    search,
    options,
    optionId,
    expanded,
    active,
    pick,
    close,
    /** The list opens (its suggestions are asked for). */
    show() {
      setOpen(true);
    },
    /** The text changed: the list opens, nothing highlighted. */
    typed() {
      setOpen(true);
      setActiveKey(null);
    },
    /** The input's combobox attributes (its value, label and handlers are the component's). */
    inputProps: {
      id: inputId,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 && options[active] ? optionId(options[active]) : undefined,
      autoComplete: 'off',
    } as const,
    /** Arrows, Enter on a highlighted suggestion, Escape on an open list; true when the key was taken. */
    onKeyDown(e: KeyboardEvent<HTMLInputElement>): boolean {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setOpen(true);
        if (options.length > 0) {
          if (e.key === 'ArrowDown') setActive((active + 1) % options.length);
          else setActive(active <= 0 ? options.length - 1 : active - 1);
        }
        return true;
      }
      if (e.key === 'Enter' && expanded && active >= 0 && options[active]) {
        e.preventDefault();
        pick(options[active]);
        return true;
      }
      if (e.key === 'Escape' && expanded) {
        e.preventDefault();
        close();
        return true;
      }
      return false;
    },
  };
}

/** The suggestions of a name combobox: a listbox under the input, hidden while the list is closed. */
export function NameListbox({ combobox }: { combobox: NameCombobox }) {
  const { listId, listLabel, search, options, optionId, expanded, active, pick } = combobox;
  return (
    <SuggestionList
      id={listId}
      label={listLabel}
      open={expanded}
      options={options}
      active={active}
      optionId={optionId}
      optionKey={(option) => option.key}
      render={(option) => option.label ?? option.name}
      onPick={pick}
      busy={search.isFetching}
    />
  );
}
