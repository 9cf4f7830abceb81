import { wholeNumberReader } from '../config-number.ts';
import path from 'node:path';

/** Scheduled backups inside the server (validated with the rest of the config at start). */
export interface BackupConfig {
  /** BACKUP_INTERVAL_HOURS: hours between scheduled backups; 0 (the default) turns them off. */
  intervalHours: number;
  /** BACKUP_DIR: where scheduled backups (and npm run backup without --out) are written. */
  dir: string;
  /** BACKUP_KEEP_DAILY: the newest backup of each of this many most recent days is kept. */
  keepDaily: number;
  /** BACKUP_KEEP_WEEKLY: the newest backup of each of this many most recent weeks is kept. */
  keepWeekly: number;
}

export const BACKUP_DEFAULTS = { intervalHours: 0, keepDaily: 7, keepWeekly: 4 } as const;

export function loadBackupConfig(
  env: NodeJS.ProcessEnv,
  root: string,
  dataDir: string,
  problems: string[],
): BackupConfig {
  const int = wholeNumberReader(env, problems);
  const intervalHours = int('BACKUP_INTERVAL_HOURS', BACKUP_DEFAULTS.intervalHours, 0, 24 * 31);
  const keepDaily = int('BACKUP_KEEP_DAILY', BACKUP_DEFAULTS.keepDaily, 1, 1000);
  const keepWeekly = int('BACKUP_KEEP_WEEKLY', BACKUP_DEFAULTS.keepWeekly, 0, 1000);
  const dir = path.resolve(root, (env.BACKUP_DIR ?? '').trim() || 'backups');
  const rel = path.relative(dataDir, dir);
  if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
    problems.push(`BACKUP_DIR must be outside DATA_DIR (got "${dir}"): a restore replaces DATA_DIR`);
  }
  return { intervalHours, dir, keepDaily, keepWeekly };
}
