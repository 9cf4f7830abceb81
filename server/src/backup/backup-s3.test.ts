import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { S3ImageStore } from '../images/storage.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { verifyArchive } from './archive.ts';
import { takeBackup } from './backup.ts';

/** With S3_BUCKET the pictures stay in the bucket: the manifest lists its objects (a real local S3 server). */

let s3: S3rver;
let s3dir: string;
let t: TestApp;

beforeAll(async () => {
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-backup-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3dir,
    silent: true,
    configureBuckets: [{ name: 'pictures' }],
  });
  const { port } = await s3.run();
  t = await createTestApp({
    env: {
      S3_BUCKET: 'pictures',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

it('lists the bucket’s pictures in the manifest and copies none', async () => {
  const store = new S3ImageStore(t.config.newsroom.s3!);
  const keys = [`${'1'.repeat(32)}-480.webp`, `${'2'.repeat(32)}-960.webp`];
  for (const k of keys) await store.put(k, Buffer.from(`bytes of ${k}`), 'image/webp');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-backup-s3-out-'));
  try {
    const result = await takeBackup({
      database: t.database,
      dataDir: t.dataDir,
      outDir: out,
      s3: t.config.newsroom.s3,
    });
    const manifest = await verifyArchive(result.file);
    expect(manifest.images).toEqual({
      storage: 's3',
      count: 2,
      s3: {
        bucket: 'pictures',
        endpoint: t.config.newsroom.s3!.endpoint,
        prefix: 'images/',
        objects: keys.map((k) => `images/${k}`),
      },
    });
    expect(manifest.files.map((f) => f.path)).toEqual([manifest.database.file]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
