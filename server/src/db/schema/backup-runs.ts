import type { Generated } from 'kysely';

/** `backup_runs` (migration 033-backup-runs): one row per finished backup, succeeded or failed. */
export interface BackupRunTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  status: 'succeeded' | 'failed';
  /** 'scheduled' (the server's own schedule) or 'command' (npm run backup). */
  origin: 'scheduled' | 'command';
  /** The archive's file name (failed runs: null). */
  file: string | null;
  /** bigint: a string from PostgreSQL's driver, a number from SQLite. */
  size_bytes: number | string | null;
  error: string | null;
}
