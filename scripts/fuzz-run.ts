import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../server/src/app.ts';
import { mintTestToken } from '../server/src/test-support/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { PROJECT_ROOT } from '../server/src/project-root.ts';
import { leadsOffSite } from '../server/src/plugins/site-paths.ts';
import { LIVE_STREAM_PATH } from '../common/live-stream-contract.ts';

/**
 * Malformed requests over every route: the API routes as the OpenAPI document lists them
 * (public, admin and social; with a valid editor token, a forged one or none), the public pages
 * and /News, and the built-in OpenID provider under /oidc. Rules: no answer is a 5xx, every
 * 4xx under /api and /News is application/problem+json, and no redirect leads off the site.
 */
export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  failures: { method: string; url: string; status: number; contentType: string; why: string }[];
}

/** A small seeded generator, so a failure can be replayed with the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
    chance: (p: number) => next() < p,
  };
}

const BAD_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '9'.repeat(400),
  '%00',
  '%',
  '%zz',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '../../etc/passwd',
  '..\\..\\windows',
  '/\\evil.example/phish',
  '//evil.example',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE articles; --',
  '\u0000',
  'ä€😀',
  '\ud800',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'a'.repeat(5000),
  'javascript:alert(1)',
  'Politics',
  'x',
  // Characters no text may hold (XML forbids them; PostgreSQL cannot store NUL).
  'a\u0000b',
  '\u0001',
  '\u000b',
  '\u001f',
  '\uffff',
  // Dates that do not exist, or lie far ahead.
  '2027-02-29T12:00:00Z',
  '2026-01-31T24:00:00Z',
  '9999-12-31T23:59:59Z',
];

/** Control characters put into one text field of an otherwise ordinary article. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\ufffe', '\ud800'];

const BAD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  // One past PostgreSQL's integer (the ids' column type).
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
  1e308,
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  'x',
  '',
  'a'.repeat(20_000),
  '2026-13-45T99:99:99Z',
  '2027-02-29T12:00:00Z',
  '2026-01-31T24:00:00Z',
  '9999-12-31T23:59:59Z',
  '<img src=x onerror=alert(1)>',
  'a\u0000b',
  '\u001b[31m',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

const OIDC_ROUTES: [string, string][] = [
  ['GET', '/oidc/.well-known/openid-configuration'],
  ['GET', '/oidc/jwks'],
  ['GET', '/oidc/auth'],
  ['POST', '/oidc/auth'],
  ['POST', '/oidc/token'],
  ['POST', '/oidc/token/revocation'],
  ['GET', '/oidc/me'],
  ['GET', '/oidc/session/end'],
  ['POST', '/oidc/session/end/confirm'],
  ['GET', '/oidc/interaction/{uid}'],
  ['POST', '/oidc/interaction/{uid}/login'],
  ['POST', '/oidc/interaction/{uid}/abort'],
  ['GET', '/oidc/assets/{file}'],
];

const PAGE_ROUTES: [string, string][] = [
  ['GET', '/'],
  ['GET', '/category/{name}'],
  ['GET', '/article/{slug}'],
  ['GET', '/News'],
  ['GET', '/News/slug/{slug}'],
  ['GET', '/admin/{rest}'],
  ['GET', '/assets/{file}'],
  ['GET', '/{anything}'],
  // Paths a browser reads as another host: never answered with a redirect off the site.
  ['GET', '//{anything}'],
  ['GET', '///{anything}'],
  ['GET', '/\\{anything}'],
  ['GET', '/%2F{anything}'],
  ['GET', '/%5C{anything}'],
];

interface Operation {
  method: string;
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

interface OpenApiOperation {
  parameters?: { in?: string; name?: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

function operations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: p,
        bodyFields: Object.keys(schema?.properties ?? {}),
        queryFields: (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => String(x.name)),
      });
    }
  }
  for (const [method, p] of [...OIDC_ROUTES, ...PAGE_ROUTES])
    out.push({
      method,
      path: p,
      bodyFields: ['username', 'password', 'grant_type', 'code', 'refresh_token', 'client_id'],
      queryFields: ['count', 'category', 'client_id', 'redirect_uri', 'response_type', 'scope', 'prompt'],
    });
  return out;
}

export async function runFuzz(
  options: { requests: number; seed?: number; databaseUrl?: string; log?: (line: string) => void } = {
    requests: 10_000,
  },
): Promise<FuzzReport> {
  const rnd = random(options.seed ?? 12);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-fuzz-'));
  const webDist = path.join(PROJECT_ROOT, 'dist/web');
  const config = loadConfig({
    PORT: '3397',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3397',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: fs.existsSync(path.join(webDist, 'index.html'))
      ? webDist
      : fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-fuzz-web-')),
    DATABASE_URL: options.databaseUrl ?? '',
    // PostgreSQL needs the key every instance shares; a throwaway one for a throwaway database.
    ...(options.databaseUrl ? { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'fuzz-editor',
    ADMIN_PASSWORD: 'fuzz editor password 1',
  });
  const database = await openDatabase(config);
  let app: App | undefined;
  try {
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = await mintTestToken(database, config);
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    // The live event stream answers a valid request with a stream that never ends, which inject
    // would wait on forever; its malformed requests are tested over HTTP in server/src/live.
    const ops = operations(doc).filter((op) => op.path !== LIVE_STREAM_PATH);
    const report: FuzzReport = { requests: 0, byStatus: {}, byRoute: {}, failures: [] };

    // Percent-encoded, or now and then raw (a lone '%', '%zz', an unpaired surrogate's bytes).
    const segment = () => {
      const s = rnd.pick(BAD_STRINGS);
      let encoded: string;
      try {
        encoded = encodeURIComponent(s);
      } catch {
        encoded = '%ED%A0%80';
      }
      return rnd.chance(0.15) ? encoded.replace(/%25/g, '%') : encoded;
    };
    const fill = (p: string) => p.replace(/\{[^}]+\}|:[A-Za-z]+/g, () => (rnd.chance(0.8) ? segment() : '1'));
    const query = (fields: string[]) => {
      const parts: string[] = [];
      const n = Math.floor(rnd.next() * 4);
      for (let i = 0; i < n; i++) {
        const name = rnd.chance(0.8) && fields.length ? encodeURIComponent(rnd.pick(fields)) : segment();
        parts.push(`${name}=${segment()}`);
      }
      return parts.length ? `?${parts.join('&')}` : '';
    };
    const body = (fields: string[]): string | undefined => {
      const kind = rnd.next();
      if (kind < 0.1) return undefined;
      if (kind < 0.25) return rnd.pick(['{', '[', '{"a":', 'null', '"x"', '123', 'not json', '\u0000', '{}']);
      if (kind < 0.3) return '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}';
      if (kind < 0.35) return 'a=1&username=%zz&password=';
      if (kind < 0.5 && fields.length) {
        // An ordinary article with a control character in one of its text fields.
        const o: Record<string, unknown> = { headline: 'Fuzzed Headline', category: 'Politics', content: 'Body.' };
        o[rnd.pick(fields)] = `text${rnd.pick(CONTROL_CHARACTERS)}more`;
        return JSON.stringify(o);
      }
      const o: Record<string, unknown> = {};
      for (const f of fields) if (rnd.chance(0.7)) o[f] = rnd.pick(BAD_VALUES.concat(BAD_STRINGS));
      if (rnd.chance(0.2)) o[rnd.pick(BAD_STRINGS)] = rnd.pick(BAD_VALUES);
      return JSON.stringify(o);
    };
    const authorization = () => {
      const r = rnd.next();
      if (r < 0.5) return `Bearer ${token}`;
      if (r < 0.6) return `Bearer ${token.slice(0, -4)}AAAA`;
      if (r < 0.7)
        return rnd.pick(['Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(20_000)}`, 'bearer a.b.c']);
      return undefined;
    };

    for (let i = 0; i < options.requests; i++) {
      const op = rnd.pick(ops);
      const method = rnd.chance(0.9)
        ? op.method
        : rnd.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
      const url = fill(op.path) + query(op.queryFields);
      const headers: Record<string, string> = {};
      const auth = authorization();
      if (auth) headers.authorization = auth;
      const payload = method === 'GET' || method === 'HEAD' ? undefined : body(op.bodyFields);
      const contentType = rnd.pick(CONTENT_TYPES);
      if (payload !== undefined && contentType) headers['content-type'] = contentType;
      if (rnd.chance(0.05)) headers['if-none-match'] = rnd.pick(BAD_STRINGS).slice(0, 200) || '*';
      if (rnd.chance(0.05)) headers.accept = rnd.pick(['text/html', '*/*', 'application/xml', '']);
      let status: number;
      let type: string;
      let location: string;
      try {
        const res = await app.inject({ method: method as 'GET', url, headers, payload });
        status = res.statusCode;
        type = String(res.headers['content-type'] ?? '');
        location = String(res.headers.location ?? '');
      } catch (err) {
        // A URL the HTTP layer itself refuses (never reaches the app): not a server failure.
        if (err instanceof Error && /invalid|url/i.test(err.message)) continue;
        throw err;
      }
      report.requests += 1;
      const cls = `${Math.floor(status / 100)}xx`;
      report.byStatus[cls] = (report.byStatus[cls] ?? 0) + 1;
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      const route = `${op.method} ${op.path}`;
      report.byRoute[route] = (report.byRoute[route] ?? 0) + 1;
      const pathname = url.split('?')[0];
      const apiLike = pathname.startsWith('/api/') || pathname === '/News' || pathname.startsWith('/News/');
      let why = '';
      if (status >= 500) why = 'server error';
      else if (location && leadsOffSite(location)) why = `redirect off the site (${location.slice(0, 100)})`;
      else if (apiLike && status >= 400 && method !== 'HEAD' && !type.startsWith('application/problem+json'))
        why = '4xx without problem+json';
      if (why) {
        report.failures.push({ method, url: url.slice(0, 300), status, contentType: type, why });
        options.log?.(`${why}: ${method} ${url.slice(0, 200)} -> ${status} ${type}`);
      }
    }
    return report;
  } finally {
    await app?.close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
