import type { Db } from '../db/index.ts';
import { lastBackupRuns } from '../repositories/backup-repository.ts';
import type { BackupConfig } from './config.ts';

/** The dashboard's backup line (GET /api/admin/dashboard, `backup`). */
export interface BackupStatus {
  /** Hours between scheduled backups; 0: no schedule. */
  intervalHours: number;
  /** The last finished backup (scheduled or npm run backup). */
  last: { at: string; succeeded: boolean; sizeBytes: number | null; error: string | null } | null;
  /** The last backup that succeeded. */
  lastSucceeded: { at: string; sizeBytes: number } | null;
  /** Shown in red: the last backup failed, or (with a schedule) the last good one is older than twice the interval. */
  alert: boolean;
}

export async function backupStatus(database: Pick<Db, 'db'>, config: BackupConfig, now: Date): Promise<BackupStatus> {
  const { last, lastSucceeded } = await lastBackupRuns(database.db);
  const intervalMs = config.intervalHours * 3_600_000;
  const stale =
    intervalMs > 0 &&
    (!lastSucceeded || now.getTime() - new Date(lastSucceeded.finished_at).getTime() > 2 * intervalMs);
  return {
    intervalHours: config.intervalHours,
    last: last
      ? { at: last.finished_at, succeeded: last.status === 'succeeded', sizeBytes: last.size_bytes, error: last.error }
      : null,
    lastSucceeded: lastSucceeded ? { at: lastSucceeded.finished_at, sizeBytes: lastSucceeded.size_bytes ?? 0 } : null,
    alert: last?.status === 'failed' || stale,
  };
}
