import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep a prepared statement (the app issues a few dozen shapes). */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver prepares (parses and plans) every statement anew on each query; at a few
 * thousand requests a second that is a large share of the time. This wrapper keeps prepared
 * statements by SQL text (bounded LRU) so a repeated query only binds and runs. Queries are
 * parameterized, so the SQL texts are the app's query shapes, not its data. SQLite re-prepares a
 * cached statement by itself after a schema change; a statement still busy (an open iterator) is
 * never handed out twice: a fresh one is prepared instead.
 *
 * Kysely begins a transaction with a plain (deferred) `begin`: here it becomes `begin immediate`, which
 * takes the write lock at once (waiting up to busy_timeout). A deferred transaction that reads and then
 * writes fails at once with SQLITE_BUSY_SNAPSHOT when another process (`npm run backup` recording its
 * run, `npm run import`) committed in between; an immediate one never holds a stale read.
 */
export function withStatementCache(file: SqliteFile, maxEntries = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(text: string) {
      const sql = text === 'begin' ? 'begin immediate' : text;
      let stmt = statements.get(sql);
      if (stmt) {
        if (stmt.busy) return file.prepare(sql);
        statements.delete(sql);
      } else {
        stmt = file.prepare(sql);
      }
      statements.set(sql, stmt); // most recently used last
      if (statements.size > maxEntries) statements.delete(statements.keys().next().value!);
      return stmt;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}
