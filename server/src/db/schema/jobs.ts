import type { Generated } from 'kysely';

/**
 * `jobs` (migration 016-social-shares): the job queue on SQLite (jobs/table-engine.ts). On PostgreSQL
 * the jobs are pg-boss's; unfinished rows left here are moved into it at start. `payload` is JSON and
 * never holds a token.
 */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  state: 'ready' | 'running' | 'done' | 'dead';
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
