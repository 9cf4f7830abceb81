/**
 * Is this error a database that cannot be reached right now (server down, restarting, shutting
 * down, overloaded, a statement that timed out), rather than a bug? Those become 503 problem
 * responses with Retry-After (plugins/problem.ts), never 500s.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P05 (admin/crash shutdown,
// cannot connect now, idle session timeout), 53300 too many connections, 57014 query canceled
// (statement_timeout), 40001/40P01 serialization failure/deadlock (retryable).
const PG_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53400', '57014', '40001', '40P01']);

const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection (?:is )?closed/i,
  /query read timeout/i,
  /cannot use a pool after calling end/i,
];

// SQLite: busy / locked beyond busy_timeout, with their extended codes (SQLITE_BUSY_SNAPSHOT…).
const SQLITE_CODES = /^SQLITE_(?:BUSY|LOCKED)(?:_|$)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SQLITE_CODES.test(code) || PG_STATES.has(code) || code.startsWith('08'))
        return true;
    }
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/** Seconds a client should wait before retrying when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL SQLSTATEs of text it cannot store: 22021 (invalid byte sequence, e.g. "0x00" in a text
// value) and 22P05 (untranslatable character, e.g. "\u0000" in JSON).
const PG_UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * Is this error the database refusing a character of the client's text (NUL on PostgreSQL)? The
 * request validator refuses those characters first; this is the net for any text that reaches
 * the database another way, answered 400 like the validator's refusal (plugins/problem.ts).
 */
export function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && PG_UNSTORABLE_TEXT.has(code)) return true;
  }
  return false;
}
