import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLEAN_ENV, startServerProcess } from './test-support/server-process.ts';
import { mintTestToken } from './test-support/tokens.ts';
import { freePort } from './test-support/auth-test-app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';

/** The real server process (node --import tsx server/src/server.ts), as `npm run dev` starts it. */

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

async function tempDir() {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-proc-'));
  dirs.push(d);
  return d;
}

async function waitForHttp(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('names every missing or malformed variable in one message and exits non-zero', async () => {
    const dir = await tempDir();
    const s = startServerProcess({
      DATA_DIR: dir,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/news',
      DATABASE_POOL_MAX: '0',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      PUBLIC_URL: 'news.example.com/path',
    });
    children.push(s.child);
    const { code } = await s.exited;
    const { stderr, stdout } = s.output();
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid configuration:/m);
    for (const name of ['PORT', 'DATABASE_URL', 'DATABASE_POOL_MAX', 'LOG_LEVEL', 'SEED_DEMO', 'PUBLIC_URL'])
      expect(stderr).toContain(`- ${name} `);
    // One message: a single "Invalid configuration" block, no stack trace, nothing started.
    expect(stderr.match(/Invalid configuration/g)).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).not.toContain('FIRST EDITOR');
  });

  it('on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const env = {
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      // debug: the server logs each request as it arrives ('incoming request'), before its body.
      LOG_LEVEL: 'debug',
      WEB_DIST_DIR: path.join(dir, 'web'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'correct horse battery staple',
    };
    const s = startServerProcess(env);
    children.push(s.child);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);

    const config = loadConfig({ ...CLEAN_ENV, ...env, LOG_LEVEL: 'silent' });
    const database = await openDatabase(config);
    const token = await mintTestToken(database, config);
    await database.destroy();

    // A slow upload: the request is in flight (headers and half the body sent) when SIGTERM arrives.
    const body = Buffer.from(
      JSON.stringify({ headline: 'Sent before the shutdown', category: 'Politics', summary: 'x'.repeat(2000) }),
    );
    let req!: http.ClientRequest;
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/articles',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
    });
    req.write(body.subarray(0, 100));
    // The server has the request (its arrival logged) before SIGTERM arrives.
    await expect
      .poll(() => /"url":"\/api\/admin\/articles"[^\n]*"msg":"incoming request"/.test(s.output().stdout), {
        timeout: 10_000,
      })
      .toBe(true);
    s.child.kill('SIGTERM');
    // Meanwhile new connections are refused.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => false,
            () => true,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    req.end(body.subarray(100));

    const res = await response;
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ headline: 'Sent before the shutdown' });
    const { code, signal } = await s.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(s.output().stdout).toContain('shutting down');

    // The write was committed before the exit.
    const after = await openDatabase(config);
    const rows = await after.db.selectFrom('articles').select('headline').execute();
    await after.destroy();
    expect(rows.map((r) => r.headline)).toEqual(['Sent before the shutdown']);
  });
});
