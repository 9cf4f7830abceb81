import type { AdminArticle } from '@common/admin-contract';
import type { AdminLiveEntry, LiveEntryInput, LiveEntryRevision } from '@common/live-contract';

export type { AdminLiveEntry, LiveEntryInput, LiveEntryRevision };

/** The article as the admin API sends it, with its live coverage times (null: never started / still running). */
export type LiveArticle = AdminArticle;

/** Not a live blog, coverage running, or coverage ended (it can resume). */
export type CoverageState = 'off' | 'live' | 'ended';
