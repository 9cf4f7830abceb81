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
 * the plan then shows whether an index gives the order.
 */
export async function queryPlan(database: Db, statement: CompiledQuery): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const rows = await database.db.executeQuery<{ parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return rows.rows.map((r) => `${r.parent === 0 ? '' : '  '}${r.detail}`);
  }
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

/** A plan line that sorts rows (SQLite's temporary B-tree, PostgreSQL's Sort node). */
export const SORTS = /TEMP B-TREE|^\s*(->\s*)?(Incremental )?Sort$/;
