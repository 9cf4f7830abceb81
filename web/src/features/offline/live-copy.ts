import { KEEP_STORY_AGAIN, type KeepStoryAgainMessage } from '@common/offline-contract';

/** While entries keep coming, a live blog's copy is asked for again at most this often. */
export const KEEP_AGAIN_EVERY_MS = 60_000;

export interface LiveCopyDeps {
  now(): number;
  /** Posts to the worker that controls the page; false when none does (nothing is posted). */
  post(message: KeepStoryAgainMessage): boolean;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/**
 * Keeps a live blog's offline copy fresh (docs/decisions/056-offline-reading.md): once its entries
 * changed through the stream (`changed`, with the story's address), the page asks the worker to keep
 * the story again (KEEP_STORY_AGAIN): at once for the first change, then at most once every
 * KEEP_AGAIN_EVERY_MS while changes keep coming, and whenever the page is hidden (`hidden`: the reader
 * switches away, locks the phone or leaves). Nothing is asked when nothing changed since the last ask;
 * with no worker controlling the page nothing is posted and the change waits for the next moment.
 */
export function liveCopyKeeper(deps: LiveCopyDeps) {
  let pending: { url: string; changedAt: number } | null = null;
  let lastAsked = -Infinity;
  let timer: unknown = null;

  const ask = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (!pending) return;
    if (deps.post({ type: KEEP_STORY_AGAIN, url: pending.url, changedAt: pending.changedAt })) {
      pending = null;
      lastAsked = deps.now();
    }
  };

  return {
    changed(url: string) {
      // Another story changed meanwhile (the reader moved on): the first is asked for now.
      if (pending && pending.url !== url) ask();
      pending = { url, changedAt: deps.now() };
      if (timer === null) timer = deps.setTimer(ask, Math.max(0, lastAsked + KEEP_AGAIN_EVERY_MS - deps.now()));
    },
    hidden: ask,
  };
}
