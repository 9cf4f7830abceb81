import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { loggerOptions, redactUrl } from './logger.ts';

// The server's JSON logs through the real app: request id on every request line, in the
// x-request-id header, and no credential ever written.

const SECRET = 'sup3r-s3cret-t0ken-value';
let lines: Record<string, unknown>[] = [];
let app: App | undefined;
let database: Db | undefined;
let dataDir: string | undefined;

async function start(level = 'info') {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-logs-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: level,
    WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
    APPLICATIONINSIGHTS_CONNECTION_STRING: '',
    ADMIN_USERNAME: 'test.editor',
    ADMIN_PASSWORD: 'test-only password, not a secret', // known first editor: no generated password printed
  });
  database = await openDatabase(config);
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config, database, logger: { ...loggerOptions(level), stream } });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  await database?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  app = undefined;
  database = undefined;
  lines = [];
});

describe('server logs', () => {
  it('are JSON lines with the request id, which the answer names in x-request-id; secrets are redacted', async () => {
    const a = await start();
    const res = await a.inject({
      method: 'GET',
      url: `/News?count=15&code=${SECRET}`,
      headers: { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}`, 'x-request-id': 'proxy-id-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('proxy-id-123');
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    // one access line per request, at info
    expect(requestLines).toHaveLength(1);
    expect(requestLines.every((l) => l.reqId === 'proxy-id-123')).toBe(true);
    const access = requestLines[0] as { msg: string; level: number; req: { url: string }; res: { statusCode: number } };
    expect(access.msg).toBe('request completed');
    expect(access.level).toBe(30);
    expect(access.res.statusCode).toBe(200);
    expect(access.req.url).toBe('/News?count=15&code=%5Bredacted%5D');
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });

  it('makes its own id when the caller sends none or an unsafe one, and 4xx answers carry it too', async () => {
    const a = await start();
    const plain = await a.inject({ method: 'GET', url: '/News/slug/does-not-exist' });
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(String(plain.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await a.inject({
      method: 'GET',
      url: '/News?count=15',
      headers: { 'x-request-id': 'evil id "with" spaces' },
    });
    expect(String(unsafe.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(lines)).not.toContain('evil id');
  });

  it("masks a preview link's token, the path's secret, in every line (debug's too)", async () => {
    const a = await start('debug');
    const token = 'Pr3v13wT0k3n_0f-F0rty-Thr33-Ch4r4ct3rs-xyzw';
    for (const url of [`/preview/${token}`, `/PREVIEW/${token}?x=1`]) await a.inject({ method: 'GET', url });
    const urls = lines.filter((l) => l.msg === 'request completed').map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(['/preview/[redacted]', '/PREVIEW/[redacted]?x=1']);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('redacts token and secret fields of logged objects', async () => {
    const a = await start();
    a.log.info(
      {
        body: { accessToken: SECRET, password: SECRET, connectionString: SECRET, nested: { token: SECRET } },
        token: SECRET,
      },
      'object',
    );
    const line = lines.find((l) => l.msg === 'object')!;
    expect(JSON.stringify(line)).not.toContain(SECRET);
    expect(line.token).toBe('[redacted]');
  });
});

describe('redactUrl', () => {
  it('masks secret-looking query parameters only', () => {
    expect(redactUrl('/admin/auth/callback?code=abc&state=xyz&page=2')).toBe(
      '/admin/auth/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&page=2',
    );
    expect(redactUrl('/News?category=Politics&count=15')).toBe('/News?category=Politics&count=15');
    expect(redactUrl('/plain')).toBe('/plain');
    // A parameter name spelled with percent-escapes is still recognised.
    expect(redactUrl('/x?to%6Ben=abc&page=1')).toBe('/x?token=%5Bredacted%5D&page=1');
    expect(redactUrl('/x?page=1&Password=abc')).toBe('/x?page=1&Password=%5Bredacted%5D');
  });

  it("masks a preview link's token, in a path or a full URL, whatever the case", () => {
    expect(redactUrl('/preview/abcDEF_-123')).toBe('/preview/[redacted]');
    expect(redactUrl('/preview/abc?code=1')).toBe('/preview/[redacted]?code=%5Bredacted%5D');
    expect(redactUrl('https://news.example:8443/Preview/abc/more')).toBe(
      'https://news.example:8443/Preview/[redacted]/more',
    );
    expect(redactUrl('/article/preview/abc')).toBe('/article/preview/abc');
    expect(redactUrl('/previews')).toBe('/previews');
  });
});
