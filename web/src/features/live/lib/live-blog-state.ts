import type { LiveBlog, LiveEntry, LiveKeyEvent } from '@common/live-contract';
import { plainSummary } from './plain-text';

/** An entry on the page: shown as it is, or replaced by the removal line (at its old height). */
export interface ShownEntry {
  entry: LiveEntry;
  removed: boolean;
  /**
   * The height (px) the entry had when it was removed or corrected: its box keeps at least that
   * until the reader next shows new updates, so nothing below it moves.
   */
  holdHeight?: number;
}

export interface LiveBlogState {
  coverageStartTime: string;
  coverageEndTime: string | null;
  shown: ShownEntry[];
  /** Entries that arrived while the reader reads: behind the 'N new updates' button, newest first. */
  pending: LiveEntry[];
  keyEvents: LiveKeyEvent[];
  /** A page of older entries (`?before=`): new entries are not added there. */
  paged: boolean;
}

export type LiveBlogAction =
  | { type: 'added'; entry: LiveEntry }
  | { type: 'updated'; entry: LiveEntry; height?: number }
  | { type: 'deleted'; id: number; height?: number }
  | { type: 'show-new' }
  | { type: 'coverage'; coverageStartTime: string; coverageEndTime: string | null }
  | { type: 'reset'; state: LiveBlogState };

/** The page's state from the server's live blog (and, on an older page, that page's entries). */
export function initialLiveBlogState(blog: LiveBlog, olderEntries?: LiveEntry[]): LiveBlogState {
  return {
    coverageStartTime: blog.coverageStartTime,
    coverageEndTime: blog.coverageEndTime,
    shown: (olderEntries ?? blog.entries).map((entry) => ({ entry, removed: false })),
    pending: [],
    keyEvents: blog.keyEvents,
    paged: olderEntries !== undefined,
  };
}

/** Newest first: by postedAt, then by id. */
export function newestFirst(a: LiveEntry, b: LiveEntry): number {
  const t = Date.parse(b.postedAt) - Date.parse(a.postedAt);
  return t !== 0 && Number.isFinite(t) ? t : b.id - a.id;
}

/** The button's text: '1 new update', 'N new updates'. */
export function newUpdatesLabel(count: number): string {
  return count === 1 ? '1 new update' : `${count} new updates`;
}

/** The key events after the shown entries changed: corrected, removed, newly key or no longer key. */
function keyEventsOf(current: LiveKeyEvent[], shown: ShownEntry[], removedIds: Set<number>): LiveKeyEvent[] {
  const byId = new Map(current.filter((k) => !removedIds.has(k.id)).map((k) => [k.id, k]));
  for (const { entry, removed } of shown) {
    if (removed || !entry.keyEvent) byId.delete(entry.id);
    else byId.set(entry.id, { id: entry.id, postedAt: entry.postedAt, summary: plainSummary(entry.bodyHtml) });
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt) || b.id - a.id);
}

/**
 * What the live blog shows as entry events arrive. Nothing above the reader moves until they ask:
 * a new entry waits behind the button; a correction replaces the entry's content where it stands; a
 * deleted entry becomes a removal line that keeps its height. 'show-new' puts the waiting entries on
 * top, drops the removal lines and brings the key-event summary up to date. Events are idempotent.
 */
export function liveBlogReducer(state: LiveBlogState, action: LiveBlogAction): LiveBlogState {
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'coverage':
      return { ...state, coverageStartTime: action.coverageStartTime, coverageEndTime: action.coverageEndTime };
    case 'added': {
      const { entry } = action;
      if (state.paged) return state;
      if (state.shown.some((s) => s.entry.id === entry.id) || state.pending.some((p) => p.id === entry.id)) {
        return state;
      }
      return { ...state, pending: [entry, ...state.pending].sort(newestFirst) };
    }
    case 'updated': {
      const { entry } = action;
      const at = state.shown.findIndex((s) => s.entry.id === entry.id);
      if (at !== -1) {
        const old = state.shown[at]!;
        if (old.removed) return state;
        const shown = state.shown.slice();
        const holdHeight = Math.max(old.holdHeight ?? 0, action.height ?? 0) || undefined;
        shown[at] = { entry, removed: false, ...(holdHeight ? { holdHeight } : {}) };
        return { ...state, shown };
      }
      const p = state.pending.findIndex((e) => e.id === entry.id);
      if (p !== -1) {
        const pending = state.pending.slice();
        pending[p] = entry;
        return { ...state, pending };
      }
      return state;
    }
    case 'deleted': {
      const at = state.shown.findIndex((s) => s.entry.id === action.id);
      if (at !== -1) {
        const old = state.shown[at]!;
        if (old.removed) return state;
        const shown = state.shown.slice();
        const holdHeight = Math.max(old.holdHeight ?? 0, action.height ?? 0) || undefined;
        shown[at] = { entry: old.entry, removed: true, ...(holdHeight ? { holdHeight } : {}) };
        return { ...state, shown };
      }
      if (state.pending.some((e) => e.id === action.id)) {
        return { ...state, pending: state.pending.filter((e) => e.id !== action.id) };
      }
      return state;
    }
    case 'show-new': {
      const removedIds = new Set(state.shown.filter((s) => s.removed).map((s) => s.entry.id));
      const shown: ShownEntry[] = [
        ...state.pending.map((entry) => ({ entry, removed: false })),
        ...state.shown.filter((s) => !s.removed).map((s) => ({ entry: s.entry, removed: false })),
      ];
      return { ...state, shown, pending: [], keyEvents: keyEventsOf(state.keyEvents, shown, removedIds) };
    }
  }
}
