import pg from 'pg';

/**
 * The PostgreSQL pool behind Kysely's PostgresDialect, set up to survive a lost server:
 *  - every client (idle or checked out) has an 'error' listener, and so has the pool: a server
 *    that goes away (57P01 admin shutdown, a reset socket) never crashes the process;
 *  - connecting gives up after connectionTimeoutMillis, statements after statement_timeout and
 *    the client-side query_timeout, so requests fail fast (503, see db/errors.ts) instead of hanging;
 *  - broken clients are dropped by pg-pool on release, and new ones are made on demand, so the app
 *    recovers by itself when the server is back.
 * int8 (count(*), bigserial) is parsed to a JS number (safe below 2^53), like SQLite gives it.
 */
export interface PostgresPoolOptions {
  connectionString: string;
  max: number;
  statementTimeoutMs: number;
  connectionTimeoutMs?: number;
  onError?: (err: Error) => void;
  applicationName?: string;
}

export const POSTGRES_DEFAULTS = { max: 10, statementTimeoutMs: 10_000, connectionTimeoutMs: 3_000 } as const;

const INT8_OID = 20;

function getTypeParser(oid: number, format?: string) {
  if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, (format ?? 'text') as 'text');
}

export const pgTypes: pg.CustomTypesConfig = { getTypeParser: getTypeParser as pg.CustomTypesConfig['getTypeParser'] };

/** Client settings shared by the pool and the dedicated LISTEN client. */
export function clientConfig(options: PostgresPoolOptions): pg.ClientConfig {
  // statementTimeoutMs 0: no time limits at all (migrations, bulk tools).
  const limited = options.statementTimeoutMs > 0;
  return {
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? POSTGRES_DEFAULTS.connectionTimeoutMs,
    ...(limited
      ? {
          statement_timeout: options.statementTimeoutMs,
          // Client side too: a server that vanished without closing the socket cannot hold a request.
          query_timeout: options.statementTimeoutMs + 2_000,
          idle_in_transaction_session_timeout: Math.max(options.statementTimeoutMs * 3, 30_000),
        }
      : {}),
    keepAlive: true,
    application_name: options.applicationName ?? 'tabloid',
    types: pgTypes,
  };
}

export async function createPostgresPool(options: PostgresPoolOptions): Promise<pg.Pool> {
  const onError = options.onError ?? defaultOnError;
  const pool = new pg.Pool({ ...clientConfig(options), max: options.max, idleTimeoutMillis: 30_000 });
  pool.on('error', (err) => onError(err));
  // A checked-out client has no listener of pg-pool's: without this one its 'error' would be fatal.
  pool.on('connect', (client) => client.on('error', (err) => onError(err)));
  return pool;
}

let lastDefaultLog = 0;
function defaultOnError(err: Error): void {
  const now = Date.now();
  if (now - lastDefaultLog < 5_000) return;
  lastDefaultLog = now;
  console.warn(`database connection error: ${err.message}`);
}
