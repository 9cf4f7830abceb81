import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Colleague } from '@common/notes-contract';
import { useColleagues } from '../api/colleagues.ts';
import { SuggestionList } from './suggestion-list.tsx';

/** At most this many colleagues are offered at once. */
const MAX_SUGGESTIONS = 6;

/** An '@' (at the start, or after a character no username has) and the username characters typed after it. */
const MENTION_BEFORE_CARET = /(?:^|[^\p{L}\p{N}._@+-])@([\p{L}\p{N}._@+-]*)$/u;

/** The mention being typed: where its '@' is and what follows it (lower case), when the caret ends one. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | undefined {
  const m = MENTION_BEFORE_CARET.exec(text.slice(0, caret));
  if (!m) return undefined;
  const typed = m[1]!;
  return { start: caret - typed.length - 1, query: typed.toLowerCase() };
}

/** The colleagues whose username, name or a word of their name starts with what was typed, in their order. */
export function matchColleagues(colleagues: Colleague[], query: string): Colleague[] {
  const starts = (c: Colleague) =>
    c.username.toLowerCase().startsWith(query) ||
    c.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(query));
  return colleagues.filter(starts).slice(0, MAX_SUGGESTIONS);
}

export interface MentionSettings {
  text: string;
  setText(text: string): void;
  field: RefObject<HTMLTextAreaElement | null>;
}

/**
 * Mentions as a note is typed (decision 060): after an '@', the colleagues whose username or name starts
 * with what follows are offered in a list under the field (the first highlighted); Down and Up move the
 * highlight, Enter or a click puts '@username ' in place of what was typed, Escape closes the list until
 * another '@'. The field keeps the focus throughout (its `aria-activedescendant` names the highlighted
 * one) and a status says how many are offered. Spread `fieldProps` on the textarea, call `onKeyDown`
 * first in its key handler and `track` in its change handler; render `listbox` and `status` beside it.
 */
export function useMentionSuggestions({ text, setText, field }: MentionSettings) {
  const uid = useId();
  const listId = `${uid}-mentions`;
  const [caret, setCaret] = useState<number | null>(null);
  // The '@' whose list Escape closed (by its place): another '@' opens the list again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const at = caret === null ? undefined : mentionAtCaret(text, caret);
  const colleagues = useColleagues(at !== undefined);
  const options = at ? matchColleagues(colleagues.data?.editors ?? [], at.query) : [];
  const open = at !== undefined && options.length > 0 && dismissed !== at.start;
  // The highlight, for the mention as typed so far: typing on starts again at the first.
  const key = at ? `${at.start}:${at.query}` : '';
  const [highlight, setHighlight] = useState({ key: '', index: 0 });
  const active = open ? (highlight.key === key ? Math.min(highlight.index, options.length - 1) : 0) : -1;
  const optionId = (i: number) => `${uid}-mention-${i}`;

  const track = (el: HTMLTextAreaElement) =>
    setCaret(el.selectionStart === el.selectionEnd && document.activeElement === el ? el.selectionEnd : null);

  // The caret after the mention put in, as the new text is committed (before the next key is handled:
  // a key typed at once goes after the mention, never before it).
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = placeCaret.current;
    if (position === null || !field.current) return;
    placeCaret.current = null;
    field.current.focus();
    field.current.setSelectionRange(position, position);
  });

  const take = (colleague: Colleague) => {
    if (!at || caret === null) return;
    const inserted = `@${colleague.username} `;
    const after = text.slice(caret).replace(/^ /, '');
    const position = at.start + inserted.length;
    placeCaret.current = position;
    setText(text.slice(0, at.start) + inserted + after);
    setCaret(position);
  };

  return {
    /** Keys the open list takes (true: taken, the field's own handler does nothing more). */
    onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
      if (!open || e.ctrlKey || e.metaKey || e.altKey) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : options.length - 1;
        setHighlight({ key, index: (active + step) % options.length });
        return true;
      }
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        take(options[active]!);
        return true;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissed(at!.start);
        return true;
      }
      return false;
    },
    track,
    fieldProps: {
      'aria-autocomplete': 'list',
      'aria-controls': listId,
      'aria-activedescendant': open ? optionId(active) : undefined,
      onSelect: (e: { currentTarget: HTMLTextAreaElement }) => track(e.currentTarget),
      onBlur: () => setCaret(null),
    } as const,
    listbox: (
      <SuggestionList
        id={listId}
        label="Mention a colleague"
        open={open}
        options={options}
        active={active}
        optionId={(_, i) => optionId(i)}
        optionKey={(colleague) => colleague.username}
        render={(colleague) => (
          <>
            {colleague.name} <span className="admin-mention__username">@{colleague.username}</span>
          </>
        )}
        onPick={take}
      />
    ),
    status: (
      <span className="admin-sr-only" role="status">
        {open
          ? `${options.length === 1 ? '1 colleague' : `${options.length} colleagues`} to mention: Up and Down to choose, Enter to mention.`
          : ''}
      </span>
    ),
  };
}
