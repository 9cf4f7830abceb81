import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/index.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test-support/postgres-databases.ts';
import { LIVE_EVENTS_LOCK_KEY, LiveEventsRepository } from './live-events-repository.ts';

// On PostgreSQL an appended event draws its id only once it holds the event log's lock, and keeps the
// lock until it commits: ids become visible in increasing order, so a reader that saw id N never finds
// a smaller id later. (SQLite serializes its writers by itself.)

describe('the live event log on PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let db: Db;
  let other: pg.Client;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    db = await openDatabase({ dataDir: '', databaseUrl: database.url });
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await db?.destroy();
    await database?.drop();
  });

  const lastDrawn = async () =>
    Number((await other.query('select last_value, is_called from live_events_id_seq')).rows[0].last_value);

  it('draws the id only when it holds the lock, and appends once the lock is free', async () => {
    const repository = new LiveEventsRepository(db);
    const first = await repository.append({
      topic: 'site',
      type: 'test',
      data: '{}',
      createdAt: new Date().toISOString(),
    });
    // Another session holds the lock (as a concurrent append would until its commit).
    await other.query(`select pg_advisory_lock(${LIVE_EVENTS_LOCK_KEY})`);
    let appended: number | undefined;
    const waiting = repository
      .append({ topic: 'site', type: 'test', data: '{}', createdAt: new Date().toISOString() })
      .then((id) => (appended = id));
    // The append is waiting for the lock in the database, with no id drawn yet.
    await expect
      .poll(async () =>
        Number(
          (
            await other.query(
              "select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
            )
          ).rows[0].n,
        ),
      )
      .toBe(1);
    expect(await lastDrawn()).toBe(first);
    expect(appended).toBeUndefined();
    await other.query(`select pg_advisory_unlock(${LIVE_EVENTS_LOCK_KEY})`);
    await waiting;
    expect(appended).toBe(first + 1);
    // The statement's transaction released the lock at its commit: this session takes it at once.
    expect((await other.query(`select pg_try_advisory_lock(${LIVE_EVENTS_LOCK_KEY}) as ok`)).rows[0].ok).toBe(true);
    await other.query(`select pg_advisory_unlock(${LIVE_EVENTS_LOCK_KEY})`);
  });
});
