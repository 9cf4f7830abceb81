import type { FastifyInstance } from 'fastify';
import type { AdminArticlesRepository } from '../../repositories/admin-articles.ts';

export interface AdminRouteOptions {
  articles: AdminArticlesRepository;
}

/** Public pages cache articles in-process: drop that after every write. */
export function clearNewsCache(app: FastifyInstance): void {
  // Optional chaining: the admin API also works in a process without the public news routes.
  (app as FastifyInstance & { newsCache?: { clear(): void } }).newsCache?.clear();
}
