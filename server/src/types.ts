import type { Config } from './config.ts';
import type { Db } from './db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Db;
  }
}
export {};
