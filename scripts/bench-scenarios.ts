// The benchmark's scenarios. Add endpoints here: each scenario is one autocannon run.
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
  const row = await database.db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Extension point for the admin API (issue 3): returns scenarios that carry a bearer token,
 * or [] when the auth part does not offer a token-minting helper (server/src/auth/testing.ts) yet.
 */
export async function adminScenarios(ctx: ScenarioContext): Promise<Scenario[]> {
  let mint: ((...args: unknown[]) => Promise<string> | string) | undefined;
  try {
    const mod = (await import('../server/src/auth/testing.ts' as string)) as Record<string, unknown>;
    mint = Object.values(mod).find((v): v is typeof mint => typeof v === 'function' && /token/i.test((v as { name: string }).name));
  } catch {
    return [];
  }
  if (!mint) return [];
  let token: string;
  try {
    token = await mint({ baseUrl: ctx.baseUrl, publicUrl: ctx.baseUrl });
  } catch (err) {
    console.warn(`admin scenarios skipped: could not mint a token (${(err as Error).message})`);
    return [];
  }
  const headers = { authorization: `Bearer ${token}` };
  const total = await countArticles(ctx.database);
  const lastPage = Math.max(1, Math.ceil(total / 20));
  return [
    { name: 'GET /api/admin/articles (page 1)', path: '/api/admin/articles?page=1&pageSize=20', headers },
    { name: `GET /api/admin/articles (last page ${lastPage})`, path: `/api/admin/articles?page=${lastPage}&pageSize=20`, headers },
    { name: 'GET /api/admin/articles?status=published', path: '/api/admin/articles?page=1&pageSize=20&status=published', headers },
    { name: 'GET /api/admin/articles?status=unpublished', path: '/api/admin/articles?page=1&pageSize=20&status=unpublished', headers },
    { name: 'GET /api/admin/articles?categoryId=3', path: '/api/admin/articles?page=1&pageSize=20&categoryId=3', headers },
    { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', headers },
  ];
}
