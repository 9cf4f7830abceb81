import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_JOB } from '../sharing/share-service.ts';
import { freePort } from '../test-support/free-port.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { PGBOSS_10_SCHEMA, PGBOSS_SCHEMA } from './pg-boss-engine.ts';

// pg-boss 12 migrates only schemas of pg-boss 11 and later: an instance starting on a database whose
// `pgboss` schema pg-boss 10 made moves it aside, lets pg-boss 12 create its own, and carries the
// unfinished share jobs over, once.
describe('an instance starting on the pg-boss 10 schema of an earlier version', () => {
  let db: TestPostgresDatabase;
  const instances: Instance[] = [];

  beforeAll(async () => {
    db = await createTestPostgresDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(await fs.readFile(new URL('../test-support/pg-boss-10-schema.sql', import.meta.url), 'utf8'));
      await client.query(`select pgboss.create_queue($1, '{"policy":"standard"}'::json)`, [SHARE_JOB]);
      const data = (articleId: number, spent: number) =>
        JSON.stringify({ payload: { articleId, platform: 'x' }, spent, maxAttempts: 5 });
      // Waiting (due later), running when that version stopped (its second run), done, failed.
      await client.query(
        `insert into pgboss.job (name, data, state, start_after, started_on, retry_count) values
           ($1, $2, 'created', now() + interval '1 hour', null, 0),
           ($1, $3, 'active', now() - interval '1 minute', now() - interval '1 minute', 1),
           ($1, $4, 'completed', now() - interval '1 hour', now() - interval '1 hour', 0),
           ($1, $5, 'failed', now() - interval '1 hour', now() - interval '1 hour', 4)`,
        [SHARE_JOB, data(1, 0), data(2, 1), data(3, 0), data(4, 0)],
      );
    } finally {
      await client.end();
    }
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await db?.drop();
  });

  it('moves the schema aside, carries the unfinished jobs over with their tries, and drops the old schema', async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    // Two instances starting at once: the move and the carrying over happen once.
    const env = { SHARE_JOBS_ENABLED: 'false', SCHEDULER_INTERVAL_MS: '0' };
    instances.push(...(await Promise.all([startInstance(db.url, origin, env), startInstance(db.url, origin, env)])));
    const jobs = await instances[0]!.app.jobs.list(SHARE_JOB);
    expect(jobs.sort((a, b) => Number(a.payload.articleId) - Number(b.payload.articleId))).toEqual([
      { kind: SHARE_JOB, payload: { articleId: 1, platform: 'x' }, state: 'ready', attempts: 0, maxAttempts: 5 },
      // Its run when the old version stopped counts as a try (1 before, 2 runs of this job).
      { kind: SHARE_JOB, payload: { articleId: 2, platform: 'x' }, state: 'ready', attempts: 3, maxAttempts: 5 },
    ]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ old: string | null; version: number }>(
        `select to_regnamespace($1)::text as old, (select version from ${PGBOSS_SCHEMA}.version) as version`,
        [PGBOSS_10_SCHEMA],
      );
      expect(rows[0]!.old).toBeNull();
      expect(Number(rows[0]!.version)).toBeGreaterThanOrEqual(25);
    } finally {
      await client.end();
    }
    // The running one is due now (its handler finds the share 'posting', or 'queued', and acts on it).
    expect(await instances[0]!.app.jobs.claim()).toMatchObject({ payload: { articleId: 2 }, attempt: 4 });
  });
});
