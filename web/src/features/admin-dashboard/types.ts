import type { LatestNote, NoteForYou } from '@common/notes-contract';

/** GET /api/admin/dashboard (shared contract). recentArticles are admin articles (the last 10). */
export interface DashboardData<A = unknown> {
  totalArticles: number;
  articlesLastWeek: number;
  activeUsers: number;
  recentArticles: A[];
  /** Articles waiting for their publication time (absent from servers before scheduling). */
  scheduledArticles?: number;
  /** The last backup (absent from servers before backups). */
  backup?: BackupStatusData;
  /**
   * Library pictures without a description that an article out of the trash uses (absent from
   * servers before this count).
   */
  undescribedPictures?: number;
  /** The newest notes across the articles out of the Trash (absent from servers before notes). */
  latestNotes?: LatestNote[];
  /** Colleagues' newest notes that mention the signed-in editor (absent from servers before mentions). */
  notesForYou?: NoteForYou[];
}

/** The dashboard's backup status (server/src/backup/status.ts). */
export interface BackupStatusData {
  /** Hours between scheduled backups; 0: no schedule. */
  intervalHours: number;
  last: { at: string; succeeded: boolean; sizeBytes: number | null; error: string | null } | null;
  lastSucceeded: { at: string; sizeBytes: number } | null;
  /** Red: the last backup failed, or the last good one is older than twice the interval. */
  alert: boolean;
}
