import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useArticleSearch, useNameSearch } from '../api/quick-search.ts';
import { resultGroups, type ResultGroup, type ResultItem } from '../lib/result-groups.ts';
import { HELP_KEY } from '../lib/keyboard-shortcuts.ts';
import { getRecentArticles } from '../lib/recent-articles.ts';

/** How long the text stays the same before it is searched. */
export const SEARCH_DEBOUNCE_MS = 150;

const resultsText = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;

/**
 * The quick search's content (the WAI-ARIA combobox pattern, list autocomplete with the first result
 * highlighted): one input, the results in groups under it. Down/Up move the highlight, Enter opens the
 * highlighted result, a click opens one; Escape closes (also the dialog's cancel).
 */
export function QuickSearchPanel({
  editor,
  onClose,
  onShortcuts,
}: {
  editor: string | undefined;
  onClose(): void;
  /** Opens the 'Keyboard shortcuts' dialog in the search's place. */
  onShortcuts(): void;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent] = useState(() => getRecentArticles(editor));
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const searched = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const typed = text.trim();
  const articles = useArticleSearch(searched);
  const authors = useNameSearch('authors', searched);
  const tags = useNameSearch('tags', searched);
  const queries = [articles, authors, tags];

  const groups: ResultGroup[] = resultGroups(searched, {
    recent,
    articles: articles.data,
    authors: authors.data,
    tags: tags.data,
  });
  const items = groups.flatMap((g) => g.items);
  const found = searched ? items.length : null;
  const error = queries.find((q) => q.isError)?.error;
  // Being replaced: the text waits to be searched, or its results are on their way.
  const loading = typed !== searched || queries.some((q) => q.isFetching);
  const settled = searched !== '' && !loading && !queries.some((q) => q.isPlaceholderData);
  const highlighted = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const active = items[highlighted];
  const optionId = (item: ResultItem) => `${uid}-${item.key}`;
  const listId = `${uid}-list`;

  const openItem = (item: ResultItem) => {
    onClose();
    navigate(item.href);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && items.length > 0) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveKey(items[(highlighted + step + items.length) % items.length]!.key);
    } else if (e.key === 'Escape') {
      // Closes at once, the text not cleared first (what Escape does in a search box).
      e.preventDefault();
      onClose();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active) openItem(active);
    }
  };

  let status = '';
  if (error) status = `Could not search: ${error.message}`;
  else if (settled) status = found ? resultsText(found) : `No results for “${searched}”`;

  return (
    <div className="admin-qs__panel">
      <div className="admin-qs__bar">
        <input
          className="admin-input admin-qs__input"
          type="search"
          role="combobox"
          aria-label="Search articles, authors, tags and screens"
          placeholder="Search articles, authors, tags and screens"
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="admin-btn admin-btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="admin-sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {error ? <p className="admin-form__error admin-qs__message">{`Could not search: ${error.message}`}</p> : null}
      {settled && found === 0 && !error ? <p className="admin-qs__message">{`No results for “${searched}”`}</p> : null}
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        aria-busy={loading}
        className="admin-qs__list"
        hidden={items.length === 0}
      >
        {groups.map((group) => (
          <div key={group.title} role="group" aria-labelledby={`${uid}-${group.title}`} className="admin-qs__group">
            <div role="presentation" id={`${uid}-${group.title}`} className="admin-qs__heading">
              {group.title}
            </div>
            {group.items.map((item) => (
              <div
                key={item.key}
                id={optionId(item)}
                role="option"
                aria-selected={item === active}
                className="admin-qs__option"
                // Keeps the focus in the input while an option is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => openItem(item)}
              >
                <span className="admin-qs__label">{item.label}</span>
                {item.badge || item.detail ? (
                  <span className="admin-qs__meta">
                    {item.badge ? (
                      <span className={`admin-badge admin-badge--${item.badge.tone}`}>{item.badge.text}</span>
                    ) : null}
                    {item.detail ? <span className="admin-qs__detail">{item.detail}</span> : null}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="admin-qs__foot">
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--link admin-qs__shortcuts"
          onClick={onShortcuts}
        >
          Keyboard shortcuts
          <kbd className="admin-qs-open__keys" aria-hidden="true">
            {HELP_KEY}
          </kbd>
        </button>
      </div>
    </div>
  );
}
