import { CompiledQuery, sql, type Kysely, type QueryId, type RootOperationNode } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

/**
 * The statements a repository call runs and their query plans, for tests that check that an index
 * serves a query (on SQLite in `api`, PostgreSQL in `api-pg`).
 */

/** The statements `call` runs on `spy` (the database with a recording plugin), compiled as the database receives them. */
export async function statementsOf(
  database: Db,
  call: (spy: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  // Subqueries pass through transformQuery too: only the nodes whose results come back were run.
  const nodes = new Map<QueryId, RootOperationNode>();
  const run: QueryId[] = [];
  const spy: Kysely<Database> = database.db.withPlugin({
    transformQuery: ({ node, queryId }) => (nodes.set(queryId, node), node),
    transformResult: async ({ result, queryId }) => (run.push(queryId), result),
  });
  await call(spy);
  return run.map((id) => database.db.getExecutor().compileQuery(nodes.get(id)!, id));
}

/**
 * The plan of a statement as text lines (SQLite: a line below the top level is indented). On
 * PostgreSQL, table scans and sorts are made costly (a small table would be read whole and sorted):
 * the plan then shows whether an index gives the order. It is the plan of a query made once every
 * index of the database can serve (untilIndexesServe).
 */
export async function queryPlan(database: Db, statement: CompiledQuery): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const rows = await database.db.executeQuery<{ parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return rows.rows.map((r) => `${r.parent === 0 ? '' : '  '}${r.detail}`);
  }
  await untilIndexesServe(database);
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (costs off) ${statement.sql}`, [...statement.parameters]),
    );
    return rows.rows.map((r) => r['QUERY PLAN']);
  });
}

/**
 * PostgreSQL: waits until the planner may use every index of the database. An index built over rows
 * that were updated without it (a migration that fills a new column, then indexes it) can find broken
 * HOT chains and is marked `indcheckxmin`: the planner leaves it out of the plans of every transaction
 * whose snapshot still counts as running a transaction that ran when the index was built, in any
 * database of the server (another test file's). It serves as soon as those have ended, as it would in
 * production a moment after the migration. Fails after `timeoutMs` naming the indexes still waiting.
 */
export async function untilIndexesServe(database: Db, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // age() counts back from the next transaction id: the index's xmin must be older than the snapshot's.
    const { rows } = await sql<{ name: string }>`
      select c.relname as name
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indcheckxmin
        and age(i.xmin) <= age(((pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text)::xid)
    `.execute(database.db);
    if (rows.length === 0) return;
    if (Date.now() > deadline) {
      const names = rows.map((r) => r.name).join(', ');
      throw new Error(`indexes ${names} still unusable by the planner: a transaction older than them is still running`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A plan line that sorts rows (SQLite's temporary B-tree, PostgreSQL's Sort node). */
export const SORTS = /TEMP B-TREE|^\s*(->\s*)?(Incremental )?Sort$/;
