import type { Db } from '../db/index.ts';
import type { JobEngine } from './queue.ts';
import { TableJobEngine } from './table-engine.ts';

export interface JobEngineOptions {
  /** A claimed job is another worker's after this long without finishing (ms); longer than any handler run. */
  leaseMs: number;
  /** PostgreSQL: connections of pg-boss's own pool. */
  pgBossPoolMax: number;
  /** PostgreSQL: run pg-boss's supervision here (expiry of a dead worker's job), every pgBossMaintenanceSeconds. */
  supervise: boolean;
  pgBossMaintenanceSeconds: number;
  onError?: (err: unknown) => void;
}

export interface JobEngineSetup {
  engine: JobEngine;
  /** After prepare(): takes over unfinished jobs an earlier version left (answers how many). */
  adopt(): Promise<number>;
}

/**
 * The job engine for the app's database (decision 023): pg-boss on PostgreSQL (loaded only
 * there), the `jobs` table on SQLite.
 */
export async function createJobEngine(
  database: Pick<Db, 'db' | 'dialect' | 'connectionString'>,
  o: JobEngineOptions,
): Promise<JobEngineSetup> {
  if (database.dialect !== 'postgres') {
    return { engine: new TableJobEngine(database, { leaseMs: o.leaseMs }), adopt: async () => 0 };
  }
  const { PgBossJobEngine } = await import('./pg-boss-engine.ts');
  const engine = new PgBossJobEngine(database, {
    leaseMs: o.leaseMs,
    poolMax: o.pgBossPoolMax,
    supervise: o.supervise,
    maintenanceSeconds: o.pgBossMaintenanceSeconds,
    onError: o.onError,
  });
  return { engine, adopt: () => engine.adopt(database) };
}
