import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { imageCropUrl } from '../../../common/images.ts';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { mintTestToken } from '../test-support/tokens.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { imageVariantUrl } from '../../../common/images.ts';
import { multipartBody, testImage } from '../test-support/test-images.ts';

/** Images in S3-compatible storage: a real local S3 server (s3rver) over HTTP, shared by two app instances. */
describe('image storage in an S3-compatible bucket', () => {
  let s3dir: string;
  let s3: S3rver;
  let endpoint: string;
  const apps: { app: App; database: Db; config: Config; dir: string }[] = [];

  async function start() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-s3-app-'));
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '3397',
      PUBLIC_URL: 'http://127.0.0.1:3397',
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'web'),
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: 'admin-s3-test',
      ADMIN_PASSWORD: 'admin s3 test password 1',
      S3_BUCKET: 'newsroom-images',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push({ app, database, config, dir });
    return { app, database, config };
  }

  beforeAll(async () => {
    s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-s3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory: s3dir,
      silent: true,
      configureBuckets: [{ name: 'newsroom-images' }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const a of apps) {
      await a.app.close();
      await a.database.destroy();
      await fs.rm(a.dir, { recursive: true, force: true });
    }
    await s3?.close();
    await fs.rm(s3dir, { recursive: true, force: true });
  });

  it('stores every width in the bucket, nothing under DATA_DIR, and another instance serves them', async () => {
    const one = await start();
    const other = await start();
    const { payload, headers } = multipartBody('file', 'p.jpg', 'image/jpeg', await testImage('jpeg', 1000, 700));
    const token = await mintTestToken(one.database, one.config, { sub: 'editor-s3', name: 'Sam Bucket' });
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, variants } = res.json() as { id: string; variants: { width: number; url: string }[] };

    const client = new S3Client({
      endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      for (const v of variants) {
        const obj = await client.send(
          new GetObjectCommand({ Bucket: 'newsroom-images', Key: `images/${id}-${v.width}.webp` }),
        );
        expect(obj.ContentType).toBe('image/webp');
        const bytes = Buffer.from(await obj.Body!.transformToByteArray());
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.width).toBe(Math.min(v.width, 1000));
        // The other instance (its own DATA_DIR) serves the same bytes.
        const served = await other.app.inject({ url: v.url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
      // A crop around the focal point is made on first request and kept in the bucket beside the widths.
      const crop = await other.app.inject({ url: imageCropUrl(id, '4x3', 0.5, 0.5) });
      expect(crop.statusCode, crop.body.slice(0, 200)).toBe(200);
      const kept = await client.send(
        new GetObjectCommand({ Bucket: 'newsroom-images', Key: `images/${id}-4x3-50-50.webp` }),
      );
      expect(Buffer.from(await kept.Body!.transformToByteArray()).equals(crop.rawPayload)).toBe(true);
    } finally {
      client.destroy();
    }
    await expect(fs.readdir(path.join(one.config.dataDir, 'images'))).rejects.toThrow();
    expectProblem(await other.app.inject({ url: `/images/${'f'.repeat(32)}-480.webp` }), 404);
  });

  it('deletes from the bucket the uploads nothing references any more', async () => {
    const one = await start();
    const token = await mintTestToken(one.database, one.config, { sub: 'editor-s3-sweep', name: 'Sue Sweep' });
    const authorization = `Bearer ${token}`;
    const upload = async () => {
      const { payload, headers } = multipartBody('file', 'p.png', 'image/png', await testImage('png', 300, 200));
      const res = await one.app.inject({
        method: 'POST',
        url: '/api/admin/images',
        headers: { authorization, ...headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const createArticle = async (headline: string, imageUrl: string) => {
      const res = await one.app.inject({
        method: 'POST',
        url: '/api/admin/articles',
        headers: { authorization, 'content-type': 'application/json' },
        payload: JSON.stringify({ headline, category: 'Politics', imageUrl }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const client = new S3Client({
      endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const inBucket = async (ids: string[]) => {
      const out = await client.send(new ListObjectsV2Command({ Bucket: 'newsroom-images', Prefix: 'images/' }));
      const keys = (out.Contents ?? []).map((o) => o.Key!);
      return ids.filter((id) => keys.some((k) => k.startsWith(`images/${id}-`)));
    };
    try {
      const kept = await upload();
      const unused = await upload();
      const trashed = await upload();
      await createArticle('Bucket Story Kept', imageVariantUrl(kept, 1600));
      const gone = await createArticle('Bucket Story Trashed', imageVariantUrl(trashed, 960));
      const del = await one.app.inject({
        method: 'DELETE',
        url: `/api/admin/articles/${gone}`,
        headers: { authorization },
      });
      expect(del.statusCode).toBe(204);
      const day = 24 * 60 * 60 * 1000;
      expect((await one.app.scheduler.tick()).imagesDeleted ?? []).toEqual([]);
      expect(await inBucket([kept, unused, trashed])).toEqual([kept, unused, trashed]);
      // (The bucket also holds the first test's upload, unknown to this instance's database: it goes too.)
      const week = await one.app.scheduler.tick(new Date(Date.now() + 8 * day));
      expect(week.imagesDeleted).toContain(unused);
      expect(week.imagesDeleted).not.toContain(kept);
      expect(week.imagesDeleted).not.toContain(trashed);
      expect(await inBucket([kept, unused, trashed])).toEqual([kept, trashed]);
      const purge = await one.app.scheduler.tick(new Date(Date.now() + 31 * day));
      expect(purge.purged).toEqual([gone]);
      expect(purge.imagesDeleted).toEqual([trashed]);
      expect(await inBucket([kept, unused, trashed])).toEqual([kept]);
      expect((await one.app.inject({ url: imageVariantUrl(trashed, 960) })).statusCode).toBe(404);
    } finally {
      client.destroy();
    }
  });
});
