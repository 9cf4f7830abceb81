import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { scheduledRunSince, withTryAdvisoryLock } from '../repositories/backup-repository.ts';
import { backupFileTime, takeBackup, type BackupResult } from './backup.ts';
import { backupsToKeep } from './retention.ts';

/**
 * Session advisory lock of the scheduled backup on PostgreSQL ('tabloid-backup' folded to 64
 * bits): among instances sharing the database, the one that takes it backs up; the others find
 * the lock held, or the run recorded, and skip.
 */
export const BACKUP_LOCK_KEY = 7_345_901_226_229n;

/** How often the server looks whether a backup is due (the interval itself is in hours). */
const CHECK_EVERY_MS = 60_000;
/** A failed scheduled backup is tried again after an hour, not a whole interval later. */
const RETRY_AFTER_FAILURE_MS = 3_600_000;

export type ScheduledOutcome =
  | { outcome: 'taken'; result: BackupResult; removed: string[] }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; error: Error };

export interface BackupSchedulerOptions {
  config: Pick<Config, 'dataDir' | 'backup' | 'social' | 'newsroom'>;
  database: Db;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export class BackupScheduler {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<ScheduledOutcome> | null = null;
  readonly #now: () => Date;

  constructor(private readonly options: BackupSchedulerOptions) {
    this.#now = options.now ?? (() => new Date());
  }

  get intervalMs(): number {
    return this.options.config.backup.intervalHours * 3_600_000;
  }

  start(): void {
    if (this.intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => void this.runIfDue(), CHECK_EVERY_MS);
    this.#timer.unref();
    void this.runIfDue();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Takes a backup when none was taken (by any instance) within the interval. */
  runIfDue(): Promise<ScheduledOutcome> {
    if (this.#running) return Promise.resolve({ outcome: 'skipped', reason: 'a backup is running' });
    this.#running = this.#runIfDue().finally(() => (this.#running = null));
    return this.#running;
  }

  async #runIfDue(): Promise<ScheduledOutcome> {
    const { database } = this.options;
    // A little under the interval: a check that comes a few seconds early does not skip a whole interval.
    // After a failure, the next try comes an hour later (or after the interval, when shorter).
    const now = this.#now().getTime();
    const succeededSince = new Date(now - this.intervalMs * 0.95).toISOString();
    const failedSince = new Date(now - Math.min(RETRY_AFTER_FAILURE_MS, this.intervalMs * 0.95)).toISOString();
    const due = async () => !(await scheduledRunSince(database.db, succeededSince, failedSince));
    if (database.dialect === 'sqlite') {
      return (await due()) ? this.#take() : { outcome: 'skipped', reason: 'not due' };
    }
    let outcome: ScheduledOutcome = { outcome: 'skipped', reason: 'another instance is taking it' };
    await withTryAdvisoryLock(database.db, BACKUP_LOCK_KEY, async () => {
      outcome = (await due()) ? await this.#take() : { outcome: 'skipped', reason: 'not due' };
    });
    return outcome;
  }

  async #take(): Promise<ScheduledOutcome> {
    const { config, database, log } = this.options;
    try {
      const result = await takeBackup({
        database,
        dataDir: config.dataDir,
        outDir: config.backup.dir,
        tokenEncryptionKey: config.social.tokenEncryptionKey,
        s3: config.newsroom.s3,
        origin: 'scheduled',
        now: this.#now,
        // Through the server's own connection, 4 MB at a time: requests go on between the steps.
        pagesPerStep: 1000,
      });
      const removed = this.applyRetention();
      log?.info({ file: result.file, bytes: result.sizeBytes, removed: removed.length }, 'scheduled backup taken');
      return { outcome: 'taken', result, removed };
    } catch (err) {
      log?.error({ err }, 'scheduled backup failed');
      return { outcome: 'failed', error: err as Error };
    }
  }

  /** Removes the backups in BACKUP_DIR that retention does not keep; returns their names. */
  applyRetention(): string[] {
    const { dir, keepDaily, keepWeekly } = this.options.config.backup;
    const backups = fs
      .readdirSync(dir)
      .map((name) => ({ name, at: backupFileTime(name) }))
      .filter((b): b is { name: string; at: Date } => b.at !== null);
    const keep = backupsToKeep(backups, keepDaily, keepWeekly);
    const removed = backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
    for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
    return removed;
  }
}
