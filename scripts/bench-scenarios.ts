// The benchmark's scenarios. Add endpoints here: each scenario is one autocannon run.
import { mintTestToken, type TestTokenConfig } from '../server/src/test-support/tokens.ts';
import type { Db } from '../server/src/db/index.ts';

export interface Scenario {
  name: string;
  /** Path and query on the server, e.g. '/News?category=politics'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Which figures the docs hold this scenario to (only the home list has targets today). */
  target?: { minRps?: number; maxP99Ms?: number };
}

export interface ScenarioContext {
  database: Db;
  baseUrl: string;
}

/** The public reading site: the home list, one category, one article. */
export async function publicScenarios({ database }: ScenarioContext): Promise<Scenario[]> {
  // A real, published article from the middle of the table (not the first row the index meets).
  const published = await database.db
    .selectFrom('articles')
    .select(['slug'])
    .where('published_at', 'is not', null)
    .orderBy('id')
    .offset(Math.floor((await countArticles(database)) / 2))
    .limit(1)
    .executeTakeFirst();
  if (!published) throw new Error('no published article to benchmark GET /News/slug/{slug}');
  return [
    { name: 'GET /News (home)', path: '/News', target: { minRps: 5000, maxP99Ms: 20 } },
    { name: 'GET /News?category=politics', path: '/News?category=politics' },
    { name: 'GET /News/slug/{slug}', path: `/News/slug/${encodeURIComponent(published.slug)}` },
  ];
}

async function countArticles(database: Db): Promise<number> {
  const row = await database.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The admin API, with a bearer token of the built-in provider minted by the auth part's
 * test helper (signed with the key the server stored in the same database). Add admin endpoints here.
 */
export async function adminScenarios(
  ctx: ScenarioContext & { port: number; config: TestTokenConfig },
): Promise<Scenario[]> {
  // The server's DATA_DIR / TOKEN_ENCRYPTION_KEY: the stored signing key is encrypted with them.
  const token = await mintTestToken(ctx.database, { ...ctx.config, publicUrl: ctx.baseUrl, port: ctx.port });
  const headers = { authorization: `Bearer ${token}` };
  const total = await countArticles(ctx.database);
  const pageSize = 20;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const list = (query: string) => `/api/admin/articles?${query}`;
  return [
    { name: 'GET /api/admin/articles page 1', path: list(`page=1&pageSize=${pageSize}`), headers },
    {
      name: `GET /api/admin/articles last page (${lastPage})`,
      path: list(`page=${lastPage}&pageSize=${pageSize}`),
      headers,
    },
    {
      name: 'GET /api/admin/articles status=published',
      path: list(`page=1&pageSize=${pageSize}&status=published`),
      headers,
    },
    {
      name: 'GET /api/admin/articles status=unpublished',
      path: list(`page=1&pageSize=${pageSize}&status=unpublished`),
      headers,
    },
    { name: 'GET /api/admin/articles categoryId=3', path: list(`page=1&pageSize=${pageSize}&categoryId=3`), headers },
    { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', headers },
  ];
}
