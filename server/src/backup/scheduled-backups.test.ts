import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { backupFileName } from './backup.ts';
import { BackupScheduler } from './scheduler.ts';
import { backupStatus } from './status.ts';

/** Scheduled backups inside the server: retention with a fake clock, and a failure on the dashboard. */

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-scheduled-backups-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(
    'keeps exactly the newest backup of the last BACKUP_KEEP_DAILY days and BACKUP_KEEP_WEEKLY weeks',
    { timeout: 300_000 },
    async () => {
      const dir = path.join(tmp, 'retention');
      let clock = new Date('2026-01-15T06:00:00.000Z'); // a Thursday
      const scheduler = new BackupScheduler({
        config: { ...t.config, backup: { intervalHours: 12, dir, keepDaily: 3, keepWeekly: 3 } },
        database: t.database,
        now: () => clock,
      });
      let taken = 0;
      // Every 12 hours for 10 days: the last one is Saturday 24 January, 18:00.
      for (let i = 0; i < 20; i++) {
        const first = await scheduler.runIfDue();
        expect(first.outcome, `run ${i} at ${clock.toISOString()}: ${JSON.stringify(first)}`).toBe('taken');
        taken++;
        // Asked again an hour later: not due yet.
        clock = new Date(clock.getTime() + 3_600_000);
        expect(await scheduler.runIfDue()).toEqual({ outcome: 'skipped', reason: 'not due' });
        clock = new Date(clock.getTime() + 11 * 3_600_000);
      }
      expect(taken).toBe(20);
      const at = (iso: string) => backupFileName(new Date(iso));
      expect(fs.readdirSync(dir).sort()).toEqual(
        [
          // the newest of each of the last 3 days
          at('2026-01-24T18:00:00.000Z'),
          at('2026-01-23T18:00:00.000Z'),
          at('2026-01-22T18:00:00.000Z'),
          // the newest of each of the last 3 weeks (Monday to Sunday) that have one: 19–25 January
          // is the 24th's, 12–18 January the 18th's; the week before has none
          at('2026-01-18T18:00:00.000Z'),
        ].sort(),
      );
      const runs = await t.database.db.selectFrom('backup_runs').select(['status', 'origin']).execute();
      expect(runs).toHaveLength(20);
      expect(runs.every((r) => r.status === 'succeeded' && r.origin === 'scheduled')).toBe(true);
    },
  );
});

describe('the dashboard', () => {
  it(
    'shows a failed scheduled backup in red, and one older than twice the interval',
    { timeout: 120_000 },
    async () => {
      // BACKUP_DIR under a plain file: the server's first scheduled backup (at start) fails.
      const blocker = path.join(tmp, 'not-a-directory');
      fs.writeFileSync(blocker, 'x');
      const t = await createTestApp({ env: { BACKUP_INTERVAL_HOURS: '6', BACKUP_DIR: path.join(blocker, 'backups') } });
      try {
        const auth = { authorization: await t.bearer() };
        let backup: Record<string, unknown> | undefined;
        for (let i = 0; i < 200 && !(backup?.last as object | null); i++) {
          const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: auth });
          expect(res.statusCode).toBe(200);
          backup = res.json().backup;
          if (!backup?.last) await new Promise((r) => setTimeout(r, 50));
        }
        expect(backup).toMatchObject({
          intervalHours: 6,
          alert: true,
          lastSucceeded: null,
          last: { succeeded: false, sizeBytes: null, error: expect.stringMatching(/ENOTDIR|not a directory/i) },
        });

        // A good backup clears it; the same backup 13 hours later (over twice 6 hours) is overdue.
        const good = path.join(tmp, 'good');
        // The failure is retried after an hour, not at once.
        let clock = new Date(Date.now() + 30 * 60_000);
        const scheduler = new BackupScheduler({
          config: { ...t.config, backup: { ...t.config.backup, dir: good } },
          database: t.database,
          now: () => clock,
        });
        expect(await scheduler.runIfDue()).toEqual({ outcome: 'skipped', reason: 'not due' });
        clock = new Date(Date.now() + 61 * 60_000);
        expect((await scheduler.runIfDue()).outcome).toBe('taken');
        const after = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: auth });
        expect(after.json().backup).toMatchObject({ alert: false, last: { succeeded: true, error: null } });
        expect(after.json().backup.lastSucceeded.sizeBytes).toBe(
          fs.statSync(path.join(good, fs.readdirSync(good)[0]!)).size,
        );
        clock = new Date(clock.getTime() + 13 * 3_600_000);
        expect((await backupStatus(t.database, t.config.backup, clock)).alert).toBe(true);
        expect((await backupStatus(t.database, t.config.backup, new Date(clock.getTime() - 2 * 3_600_000))).alert).toBe(
          false,
        );
      } finally {
        await t.close();
      }
    },
  );

  it('BACKUP_* settings are checked at start', async () => {
    const { loadConfig, ConfigError } = await import('../config.ts');
    const dataDir = path.join(tmp, 'data');
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        BACKUP_INTERVAL_HOURS: 'daily',
        BACKUP_KEEP_DAILY: '0',
        BACKUP_KEEP_WEEKLY: '-1',
        BACKUP_DIR: path.join(dataDir, 'backups'),
      }),
    ).toThrow(ConfigError);
    try {
      loadConfig({
        DATA_DIR: dataDir,
        BACKUP_INTERVAL_HOURS: 'daily',
        BACKUP_KEEP_DAILY: '0',
        BACKUP_DIR: path.join(dataDir, 'b'),
      });
    } catch (err) {
      expect((err as Error).message).toMatch(
        /BACKUP_INTERVAL_HOURS must be a whole number from 0 to 744 \(got "daily"\)/,
      );
      expect((err as Error).message).toMatch(/BACKUP_KEEP_DAILY must be a whole number from 1 to 1000/);
      expect((err as Error).message).toMatch(/BACKUP_DIR must be outside DATA_DIR/);
    }
    expect(loadConfig({ DATA_DIR: dataDir }).backup).toMatchObject({ intervalHours: 0, keepDaily: 7, keepWeekly: 4 });
  });
});
