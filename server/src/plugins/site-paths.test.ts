import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeDist } from '../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { insertArticles } from '../test-support/articles.ts';
import { leadsOffSite, onSitePath } from './site-paths.ts';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-site-paths-'));
  await writeFakeDist(distDir);
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

/** One request with its target exactly as written (fetch and inject would normalise it), over a real socket. */
function rawGet(target: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(t.port!, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head!.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
  });
}

describe('a redirect never leaves the site', () => {
  it.each([
    '//EVIL.example/x',
    '/\\EVIL.example',
    '///EVIL.example',
    '//evil.example/',
    '/%2F%2Fevil.example',
    '/%2fEVIL.example',
    '/%5CEVIL.example',
    '/%5cevil.example',
    '/%252F%252Fevil.example',
  ])('%s is answered 404, never a redirect off the site', async (target) => {
    const res = await rawGet(target);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the lower-casing redirect still moves ordinary pages to lower case, on the site', async () => {
    const res = await rawGet('/POLITICS?page=2');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/politics?page=2');
  });

  it('every other redirect stays on the site: old slugs, upper-case slugs', async () => {
    const [a] = await insertArticles(t.database.db, [
      { headline: 'Mayor Bans Mondays', published_at: new Date().toISOString() },
    ]);
    const upper = await rawGet(`/article/${a!.slug.toUpperCase()}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(`/article/${a!.slug}`);
    expect(leadsOffSite(upper.headers.location!)).toBe(false);
  });

  it('a Location that a route writes off-site is brought back to a single-slash site path', async () => {
    expect(leadsOffSite('//evil.example/x')).toBe(true);
    expect(leadsOffSite('/\\evil.example')).toBe(true);
    expect(leadsOffSite('/\t/evil.example')).toBe(true);
    expect(leadsOffSite('\\\\evil.example')).toBe(true);
    expect(leadsOffSite('/article/x?next=//evil')).toBe(false);
    expect(leadsOffSite('https://news.test/x')).toBe(false);
    expect(onSitePath('//evil.example/x')).toBe('/evil.example/x');
    expect(onSitePath('/\\/\\evil.example')).toBe('/evil.example');
  });
});
