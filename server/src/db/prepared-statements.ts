import crypto from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The mark of a statement that runs as a named prepared statement on PostgreSQL: each pool
 * connection parses and plans it once and keeps the plan (PostgreSQL's plan cache), instead of
 * planning it again on every run as Kysely's unnamed statements are. For a hot statement of fixed
 * text whose planning costs more than its execution: pg-boss's job insert in the publish
 * transaction (one text per queue); a statement's text must not vary with its values.
 */
export const PREPARED = '/* prepared */ ';

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `tabloid_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

class PreparingClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The app's dialect is configured without a cursor class: Kysely never passes one.
    if (typeof sql !== 'string') throw new Error('cursors are not configured for this pool');
    // pg's types ask for a mutable array; it only reads the values (no copy on every statement).
    const values = parameters as unknown[];
    const result = sql.startsWith(PREPARED)
      ? this.#client.query({ name: nameOf(sql), text: sql, values })
      : this.#client.query(sql, values);
    return result as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.#client.release();
  }
}

/** Kysely's pool over a pg pool, running the statements marked PREPARED as named prepared statements. */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection objects by client identity.
  const wrapped = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = new PreparingClient(client);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
    // Kysely opens a connection with these to cancel a query whose abort signal fired; the app passes none.
    options: pool.options,
  };
}
