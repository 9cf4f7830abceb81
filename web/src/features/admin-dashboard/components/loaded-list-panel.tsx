import { useId, type ReactNode } from 'react';

/**
 * A Dashboard panel whose list loads on its own (Pinned to the top, Most read): its heading, then the
 * failure, 'Loading…', the empty line, or the list.
 */
export function LoadedListPanel<T>({
  title,
  items,
  failed,
  failure,
  empty,
  children,
}: {
  title: string;
  /** undefined while it loads. */
  items: readonly T[] | undefined;
  failed: boolean;
  /** Said when the list could not be loaded. */
  failure: string;
  /** Said when the list is empty. */
  empty: ReactNode;
  /** The list, when it has items. */
  children: (items: readonly T[]) => ReactNode;
}) {
  const id = useId();
  let body;
  if (failed) body = <p className="admin-form__error">{failure}</p>;
  else if (!items) body = <p className="admin-muted">Loading…</p>;
  else if (items.length === 0) body = <p className="admin-muted">{empty}</p>;
  else body = children(items);
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {body}
    </section>
  );
}
