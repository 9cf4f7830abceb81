import type { ArticleRevisionSummary } from '@common/admin-contract';

/** One line of the History: a revision, or a run of consecutive autosaves shown as one. */
export type HistoryEntry =
  { kind: 'revision'; revision: ArticleRevisionSummary } | { kind: 'autosaves'; revisions: ArticleRevisionSummary[] };

/** Folds each run of autosaves (the list is newest first) into one entry; a lone autosave too. */
export function foldAutosaves(revisions: readonly ArticleRevisionSummary[]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const revision of revisions) {
    const last = out[out.length - 1];
    if (!revision.autosave) out.push({ kind: 'revision', revision });
    else if (last?.kind === 'autosaves') last.revisions.push(revision);
    else out.push({ kind: 'autosaves', revisions: [revision] });
  }
  return out;
}
