import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import problemPlugin, { HttpProblem } from '../plugins/problem.ts';
import newsRoutes from '../routes/news/index.ts';
import adminRoutes from '../routes/admin/index.ts';

export interface AdminTestApp {
  app: Awaited<ReturnType<typeof Fastify>>;
  config: Config;
  database: Db;
  /** An Authorization header value for a signed-in editor. */
  bearer(claims?: { sub?: string; name?: string; preferred_username?: string }): Promise<string>;
  close(): Promise<void>;
}

// TEMPORARY stand-in for the auth plugin (until server/src/auth lands).
const standInAuth = fp(async (app) => {
  app.decorate('requireEditor', async (request: any) => {
    const h = String(request.headers.authorization ?? '');
    const m = /^Bearer test\.([^.]+)\.([^.]*)$/.exec(h);
    if (!m) throw new HttpProblem(401, 'A valid bearer token is required.');
    request.editor = { subject: m[1], name: decodeURIComponent(m[2]!), username: m[1] };
  });
});

export async function startAdminTestApp(): Promise<AdminTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-admin-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:3999' });
  const database = await openDatabase(config);
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } } });
  app.decorate('config', config);
  app.decorate('database', database);
  await app.register(problemPlugin);
  await app.register(newsRoutes);
  await app.register(standInAuth);
  await app.register(adminRoutes);
  await app.ready();
  return {
    app: app as any,
    config,
    database,
    async bearer(claims = {}) {
      return `Bearer test.${claims.sub ?? 'editor-1'}.${encodeURIComponent(claims.name ?? 'Ed Itor')}`;
    },
    async close() {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
