import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** One row of the event log as the stream uses it. */
export interface LiveEventRow {
  id: number;
  topic: string;
  type: string;
  /** The payload, one line of JSON. */
  data: string;
  createdAt: string;
}

/**
 * Transaction-level advisory lock key of the event log's inserts on PostgreSQL ('tabloid-live-events'
 * folded to 64 bits). Inserts take it one after the other, so their ids are drawn and committed in
 * the same order: an instance that read every event up to id N never finds a smaller id later.
 */
export const LIVE_EVENTS_LOCK_KEY = 7_345_901_226_139n;

/** The SQL of the live event log (table live_events, migration 039; decision 036). */
export class LiveEventsRepository {
  constructor(private readonly database: Pick<Db, 'db' | 'dialect'>) {}

  /**
   * Appends one event and returns its id. On PostgreSQL the insert is one statement that takes the
   * advisory lock before it draws its id and holds it until it commits (ids become visible in
   * increasing order): the lock is held inside the database for the insert and its commit only, never
   * across round trips to this process, so publishes at the same moment wait about a millisecond for
   * each other, not for each other's event loops. SQLite serializes writes by itself.
   */
  async append(event: Omit<LiveEventRow, 'id'>): Promise<number> {
    if (this.database.dialect !== 'postgres') {
      const row = await this.database.db
        .insertInto('live_events')
        .values({ topic: event.topic, type: event.type, data: event.data, created_at: event.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }
    // The lock's subquery yields the one row the insert takes, so the id (the column's default) is
    // drawn after the lock is held; the statement's own transaction releases it at its commit.
    const { rows } = await sql<{ id: number }>`
      insert into live_events (topic, type, data, created_at)
      select ${event.topic}, ${event.type}, ${event.data}, ${event.createdAt}
      from (select pg_advisory_xact_lock(${sql.raw(LIVE_EVENTS_LOCK_KEY.toString())})) as ordered
      returning id`.execute(this.database.db);
    return Number(rows[0]!.id);
  }

  /** Events after `afterId`, oldest first, at most `limit`. */
  async after(afterId: number, limit: number): Promise<LiveEventRow[]> {
    const rows = await this.database.db
      .selectFrom('live_events')
      .select(['id', 'topic', 'type', 'data', 'created_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  /** The newest `limit` events, oldest first (the replay window at start). */
  async recent(limit: number): Promise<LiveEventRow[]> {
    const rows = await this.database.db
      .selectFrom('live_events')
      .select(['id', 'topic', 'type', 'data', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRow).reverse();
  }

  /** The newest event's id (0: none). */
  async maxId(): Promise<number> {
    const row = await this.database.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Deletes the events created before `before`; returns how many. The newest event is always kept (it holds the id). */
  async prune(before: string): Promise<number> {
    const newest = await this.maxId();
    const result = await this.database.db
      .deleteFrom('live_events')
      .where('created_at', '<', before)
      .where('id', '<', newest)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toRow(r: { id: number; topic: string; type: string; data: string; created_at: string }): LiveEventRow {
  return { id: Number(r.id), topic: r.topic, type: r.type, data: r.data, createdAt: r.created_at };
}
