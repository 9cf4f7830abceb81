import { useId, useState } from 'react';
import { useHeadlineSearch } from './search-headlines.ts';
import { allowedHref } from '@/lib/admin-body/body-doc';
import { EditorDialog } from './editor-dialog.tsx';

export interface LinkChoice {
  href: string;
  articleId: number | null;
  /** Text to insert when nothing is selected (the headline or the address). */
  text: string;
}

export interface LinkDialogProps {
  open: boolean;
  /** The link under the cursor, when there is one. */
  current?: { href: string; articleId: number | null };
  onLink(choice: LinkChoice): void;
  onUnlink(): void;
  onClose(): void;
}

/**
 * Ctrl/Cmd+K: an address (http, https, mailto), or another article found by its headline. The parent
 * gives it a new key each time it opens, so its fields start from the link under the cursor.
 */
export function LinkDialog({ open, current, onLink, onUnlink, onClose }: LinkDialogProps) {
  const id = useId();
  const [href, setHref] = useState(current?.href ?? '');
  const [articleId, setArticleId] = useState<number | null>(current?.articleId ?? null);
  const [headline, setHeadline] = useState('');
  const [words, setWords] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = useHeadlineSearch(words);
  const confirm = () => {
    const value = href.trim();
    if (!allowedHref(value)) {
      setError('Enter an address starting with http://, https:// or mailto:, or choose an article.');
      return;
    }
    onLink({ href: value, articleId: value.startsWith('/article/') ? articleId : null, text: headline || value });
  };
  return (
    <EditorDialog
      open={open}
      title={current ? 'Edit link' : 'Add a link'}
      confirmLabel="Apply link"
      error={error}
      onConfirm={confirm}
      onClose={onClose}
      extra={
        current ? (
          <button type="button" className="admin-btn" onClick={onUnlink}>
            Remove link
          </button>
        ) : null
      }
    >
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${id}-href`}>
          Address
        </label>
        <input
          id={`${id}-href`}
          className="admin-input"
          type="text"
          inputMode="url"
          value={href}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setArticleId(null);
            setHeadline('');
            setError(null);
          }}
        />
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${id}-search`}>
          Or search headlines
        </label>
        <input
          id={`${id}-search`}
          className="admin-input"
          type="search"
          value={words}
          onChange={(e) => setWords(e.target.value)}
        />
        {words.trim().length >= 2 ? (
          found.isError ? (
            <p className="admin-inline-error">Failed to search articles</p>
          ) : !found.data ? (
            <p className="admin-muted">Searching…</p>
          ) : found.data.length === 0 ? (
            <p className="admin-muted">No article has those words in its headline.</p>
          ) : (
            <ul className="admin-link-results" aria-label="Articles found">
              {found.data.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    aria-pressed={articleId === a.id}
                    onClick={() => {
                      setHref(`/article/${a.slug}`);
                      setArticleId(a.id);
                      setHeadline(a.headline);
                      setError(null);
                    }}
                  >
                    {a.headline}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </EditorDialog>
  );
}
