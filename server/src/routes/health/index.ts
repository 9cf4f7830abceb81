import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations, ping } from '../../db/index.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/errors.ts';
import { sendProblem } from '../../plugins/problem.ts';

const HealthSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
} as const;

const ProblemSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
  },
  required: ['type', 'title', 'status', 'detail'],
} as const;

/** How long the readiness probe waits for the database before it answers 503. */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Probes for load balancers and orchestrators:
 *   GET /healthz  the process is alive (never touches the database): 200 {status:'ok'}
 *   GET /readyz   the database answers AND every migration is applied: 200 {status:'ready'},
 *                 else 503 problem+json with Retry-After (the instance gets no traffic until ready).
 */
export default fp(
  async function healthRoutes(app: FastifyInstance) {
    let migrationsApplied = false;

    app.get(
      '/healthz',
      { schema: { summary: 'Liveness: the process is up', tags: ['operations'], response: { 200: HealthSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' };
      },
    );

    app.get(
      '/readyz',
      {
        schema: {
          summary: 'Readiness: database reachable and migrations applied',
          tags: ['operations'],
          response: { 200: HealthSchema, 503: ProblemSchema },
        },
      },
      async (request, reply) => {
        const unavailable = (detail: string) =>
          sendProblem(reply, 503, detail, {
            title: 'Not Ready',
            headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
          });
        try {
          await withTimeout(ping(app.database), READY_TIMEOUT_MS);
        } catch (err) {
          request.log.warn({ err }, 'readiness: database unreachable');
          return unavailable('The database is not reachable.');
        }
        if (!migrationsApplied) {
          try {
            const pending = await withTimeout(pendingMigrations(app.database), READY_TIMEOUT_MS);
            if (pending.length > 0)
              return unavailable(`Database migrations are not applied yet: ${pending.join(', ')}.`);
            migrationsApplied = true;
          } catch (err) {
            request.log.warn({ err }, 'readiness: could not read the migrations');
            return unavailable('The database migrations could not be checked.');
          }
        }
        reply.header('cache-control', 'no-store');
        return { status: 'ready' };
      },
    );
  },
  { name: 'health', dependencies: ['problem'] },
);
