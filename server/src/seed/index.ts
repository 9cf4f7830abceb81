import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';

/** Fills an empty database with the demo articles. Placeholder: the seed feature replaces it. */
export async function seedIfEmpty(_database: Db, _log: FastifyBaseLogger): Promise<number> {
  return 0;
}
