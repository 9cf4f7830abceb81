import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintTestToken } from '../server/src/test-support/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { multipartBody } from '../server/src/test-support/test-images.ts';
import { freePort } from '../server/src/test-support/free-port.ts';
import { buildBenchServer, readRss, startServer, type ServerProcess } from './bench-server.ts';

/**
 * Memory amplification on upload: a 1600 x 31000 PNG is about 145 KB on the wire and 50 megapixels
 * decoded. Ten of them uploaded at once to the compiled server in a child process (as `npm start`
 * runs it): every one is answered 4xx or 503, never 5xx otherwise, and the server's resident memory
 * never goes past 300 MB (the kernel's high-water mark, VmHWM, read from /proc).
 */
const LIMIT = 300 * 1024 * 1024;
/** Ten legitimate large pictures at once, decoded one after another. */
const LARGE_LIMIT = 400 * 1024 * 1024;

const jemalloc = `/usr/lib/${os.arch() === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`;
const START_ENV: Record<string, string> = {
  NODE_OPTIONS: '--max-semi-space-size=4 --max-old-space-size=256',
  MALLOC_ARENA_MAX: '2',
  ...(fs.existsSync(jemalloc) ? { LD_PRELOAD: jemalloc } : {}),
};

let server: ServerProcess;
let build: { entry: string; remove(): void };
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-upload-memory-'));
  const port = await freePort();
  build = await buildBenchServer();
  // With the memory settings `npm start` gives the server (scripts/start.mjs).
  server = await startServer({ port, dataDir, entry: build.entry, readyPath: '/healthz', env: START_ENV });
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: server.baseUrl });
  const database = await openDatabase(config);
  token = await mintTestToken(database, config);
  await database.destroy();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  build?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads of pictures that are small files and huge images', () => {
  it('10 at once keep the server under 300 MB resident', { timeout: 120_000 }, async () => {
    const strip = await sharp({ create: { width: 1600, height: 31_000, channels: 3, background: '#c00' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(strip.length).toBeLessThan(1024 * 1024);
    const { payload, headers } = multipartBody('file', 'strip.png', 'image/png', strip);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${server.baseUrl}/api/admin/images`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: new Uint8Array(payload),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    // Refused from the header, before any decoding.
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 422));
    const memory = readRss(server.pid);
    expect(memory).not.toBeNull();
    expect(memory!.peak, `peak resident ${Math.round(memory!.peak / 1048576)} MB`).toBeLessThan(LIMIT);
  });

  it(
    '10 large pictures at once are decoded one at a time: stored or 503 with Retry-After, under 400 MB',
    {
      timeout: 180_000,
    },
    async () => {
      const large = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#06c' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const { payload, headers } = multipartBody('file', 'large.png', 'image/png', large);
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await fetch(`${server.baseUrl}/api/admin/images`, {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${token}` },
            body: new Uint8Array(payload),
          });
          await res.arrayBuffer();
          return { status: res.status, retryAfter: res.headers.get('retry-after') };
        }),
      );
      expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
      for (const a of answers) {
        expect([201, 503]).toContain(a.status);
        if (a.status === 503) expect(Number(a.retryAfter)).toBeGreaterThan(0);
      }
      // One 36-megapixel picture decoded at a time holds about 110 MB of pixels beside the server's
      // own memory (300-325 MB measured at the peak, depending on when the collector runs); ten
      // decoded at once would hold more than 1 GB.
      const memory = readRss(server.pid);
      expect(memory!.peak, `peak resident ${Math.round(memory!.peak / 1048576)} MB`).toBeLessThan(LARGE_LIMIT);
    },
  );
});
