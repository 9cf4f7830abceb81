import { useEffect, useState } from 'react';
import type { FormField } from '../lib/article-fields.ts';
import { readySummary, type ReadyCheck } from '../lib/ready-to-publish.ts';
import './ready-to-publish.css';

export interface ReadyToPublishProps {
  /** The checks of the article as saved (lib/ready-to-publish.ts). */
  checks: ReadyCheck[];
  /** Opens the edit form with the focus on the field a suggestion names. */
  onFix(field: FormField): void;
  /**
   * The count the editor last saw on this screen (kept by the screen while the form is open), and where
   * to keep the one shown now: back from the form with another count, it is announced.
   */
  seen?: string;
  onSeen?(summary: string): void;
}

/**
 * 'Ready to publish?' (decision 052): a disclosure under the article's actions that lists the advisory
 * checks, each saying in words whether it is done or what to add; a suggestion's words open the form on
 * its field. It never blocks Publish or Schedule. The count is announced politely when it changes.
 */
export function ReadyToPublish({ checks, onFix, seen, onSeen }: ReadyToPublishProps) {
  const summary = readySummary(checks);
  const announced = useAnnounced(summary, seen);
  useEffect(() => onSeen?.(summary), [summary, onSeen]);
  return (
    <>
      <details className="admin-ready">
        <summary className="admin-ready__summary">
          <span className="admin-ready__title">Ready to publish?</span>{' '}
          <span className={`admin-ready__count${summary === 'All set' ? ' admin-ready__count--set' : ''}`}>
            {summary}
          </span>
        </summary>
        <p className="admin-ready__note">Suggestions only: Publish and Schedule work either way.</p>
        <ul className="admin-ready__list">
          {checks.map((c) => (
            <li key={c.key} className={`admin-ready__item admin-ready__item--${c.done ? 'done' : 'todo'}`}>
              <span className="admin-ready__mark" aria-hidden="true">
                {c.done ? '✓' : '•'}
              </span>
              {c.done ? (
                <span>{c.text}</span>
              ) : (
                <span>
                  {c.before}
                  <button type="button" className="admin-ready__fix" onClick={() => onFix(c.field)}>
                    {c.action}
                  </button>
                  {c.after}
                </span>
              )}
            </li>
          ))}
        </ul>
      </details>
      <p className="admin-sr-only" role="status">
        {announced}
      </p>
    </>
  );
}

/** How long after the panel appears a changed count is put in the status. */
const SETTLE_MS = 150;

/**
 * What the polite status says: nothing until the count changes (the panel's own words say it as the
 * screen opens), then the count. A count that differs from `seen` as the panel appears (the editor is
 * back from the form) is said a moment later: a region filled as it appears is not read.
 */
function useAnnounced(summary: string, seen: string | undefined): string {
  const [from] = useState(seen ?? summary);
  const [atMount] = useState(summary);
  const [live, setLive] = useState(false);
  if (!live && summary !== atMount) setLive(true);
  useEffect(() => {
    if (from === atMount) return;
    const timer = window.setTimeout(() => setLive(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [from, atMount]);
  return live ? `Ready to publish? ${summary}` : '';
}
