import { useId, useState } from 'react';
import type { ArticleRevisionSummary } from '@common/admin-contract';
import { revisionActionLabel } from '@common/action-labels';
import { useRevision } from '../api/get-revision.ts';
import { bodyOf } from '@/lib/admin-body/body-doc';
import { bodyText } from '../lib/body-text.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { wordDiff, type DiffPart } from '../lib/word-diff.ts';
import type { AdminArticle } from '../types.ts';

function textOf(a: AdminArticle): string {
  return bodyText(bodyOf(a as AdminArticle & { body?: unknown }));
}

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'added' ? (
          <ins key={i}>
            <span className="admin-sr-only">[added: </span>
            {p.text}
            <span className="admin-sr-only">]</span>
          </ins>
        ) : p.kind === 'removed' ? (
          <del key={i}>
            <span className="admin-sr-only">[removed: </span>
            {p.text}
            <span className="admin-sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function label(r: ArticleRevisionSummary): string {
  return `Version ${r.version} · ${revisionActionLabel(r)} · ${formatAdminDate(r.at)}`;
}

/**
 * Any two revisions side by side in one text: the headline (and the search and social title and
 * description when they differ) and the body compared word by word, the
 * words added underlined and those removed struck through (a legend says so; colour is extra).
 */
export function RevisionCompare({ articleId, revisions }: { articleId: number; revisions: ArticleRevisionSummary[] }) {
  const id = useId();
  const [from, setFrom] = useState(revisions[1]?.id ?? revisions[0]?.id);
  const [to, setTo] = useState(revisions[0]?.id);
  const [shown, setShown] = useState<{ from: number; to: number } | null>(null);
  const before = useRevision(articleId, shown?.from);
  const after = useRevision(articleId, shown?.to);
  const select = (name: string, text: string, value: number | undefined, set: (v: number) => void) => (
    <div className="admin-form__field">
      <label className="admin-form__label" htmlFor={`${id}-${name}`}>
        {text}
      </label>
      <select id={`${id}-${name}`} className="admin-select" value={value} onChange={(e) => set(Number(e.target.value))}>
        {revisions.map((r) => (
          <option key={r.id} value={r.id}>
            {label(r)}
          </option>
        ))}
      </select>
    </div>
  );
  const a = before.data?.snapshot;
  const b = after.data?.snapshot;
  return (
    <div className="admin-compare">
      <h3>Compare two versions</h3>
      <div className="admin-form__row">
        {select('from', 'Older', from, setFrom)}
        {select('to', 'Newer', to, setTo)}
      </div>
      <button
        type="button"
        className="admin-btn admin-btn--small"
        disabled={from === undefined || to === undefined}
        onClick={() => from !== undefined && to !== undefined && setShown({ from, to })}
      >
        Compare
      </button>
      {shown ? (
        before.isError || after.isError ? (
          <p className="admin-inline-error">Failed to load revision</p>
        ) : !a || !b ? (
          <p className="admin-muted">Loading…</p>
        ) : (
          <section className="admin-diff" aria-labelledby={`${id}-diff`}>
            <h4 id={`${id}-diff`}>
              Changes from version {before.data!.version} to version {after.data!.version}
            </h4>
            <p className="admin-diff__legend">
              <ins>Underlined text</ins> was added; <del>struck-through text</del> was removed.
            </p>
            <p className="admin-diff__headline">
              <strong>Headline: </strong>
              <Diff parts={wordDiff(a.headline, b.headline)} />
            </p>
            {/* The search and social fields when they differ (snapshots older than them have none). */}
            {(
              [
                ['metaTitle', 'Search and social title'],
                ['metaDescription', 'Search and social description'],
              ] as const
            ).map(([f, name]) =>
              (a[f] ?? '') !== (b[f] ?? '') ? (
                <p key={f} className="admin-diff__headline">
                  <strong>{name}: </strong>
                  <Diff parts={wordDiff(a[f] ?? '', b[f] ?? '')} />
                </p>
              ) : null,
            )}
            <div className="admin-diff__text admin-pre">
              <Diff parts={wordDiff(textOf(a), textOf(b))} />
            </div>
          </section>
        )
      ) : null}
    </div>
  );
}
