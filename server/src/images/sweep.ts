import type { ImageStore } from './storage.ts';

/**
 * How long an upload is kept without anything pointing at it: the editor uploads first and saves
 * the article later (the form's draft survives a reload), so a fresh upload is never swept.
 */
export const UNUSED_UPLOAD_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ImageSweepResult {
  /** Ids of the images whose every width was deleted. */
  deleted: string[];
}

/**
 * Deletes the stored widths of every uploaded image that nothing references any more (see
 * `referenced`: articles, trash included, and revisions) and that was written more than
 * `graceMs` before `now`. Safe to run on several instances at once: a delete of a file that is
 * already gone is no error.
 */
export async function sweepImages(
  store: ImageStore,
  referenced: (ids: readonly string[]) => Promise<Set<string>>,
  now: Date,
  graceMs: number = UNUSED_UPLOAD_GRACE_MS,
): Promise<ImageSweepResult> {
  const files = new Map<string, { keys: string[]; newest: number }>();
  for await (const file of store.list()) {
    const id = file.key.slice(0, 32);
    const entry = files.get(id) ?? { keys: [], newest: 0 };
    entry.keys.push(file.key);
    entry.newest = Math.max(entry.newest, file.modifiedAt.getTime());
    files.set(id, entry);
  }
  const cutoff = now.getTime() - graceMs;
  const candidates = [...files].filter(([, f]) => f.newest <= cutoff).map(([id]) => id);
  if (candidates.length === 0) return { deleted: [] };
  const keep = await referenced(candidates);
  const unused = candidates.filter((id) => !keep.has(id));
  await store.delete(unused.flatMap((id) => files.get(id)!.keys));
  return { deleted: unused };
}
