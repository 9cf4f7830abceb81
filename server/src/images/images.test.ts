import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet } from '../../../common/images.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { multipartBody, pngClaiming, testImage } from '../test-support/test-images.ts';

let t: TestApp;
let auth: { authorization: string };
const imagesDir = () => path.join(t.config.dataDir, 'images');
const stored = async () => (await fs.readdir(imagesDir()).catch(() => [] as string[])).sort();

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-images', name: 'Ida Images' }) };
});
afterAll(async () => t?.close());

function upload(bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') {
  const { payload, headers } = multipartBody(field, filename, contentType, bytes);
  return t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { ...auth, ...headers }, payload });
}

async function expectNoGps(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
  expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
}

/** The EXIF block has a GPS IFD pointer (tag 0x8825, either byte order). */
function hasGpsIfd(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describe('POST /api/admin/images', () => {
  for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
    it(`accepts ${format}, stores every width as WebP without EXIF/GPS, serves it immutable`, async () => {
      const original = await testImage(format);
      // The test picture really carries GPS, so its absence afterwards means something.
      const exif = (await sharp(original).metadata()).exif;
      expect(exif && hasGpsIfd(exif)).toBe(true);
      // Named and typed wrongly on purpose: content decides.
      const res = await upload(original, 'holiday.bin', 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ width: 1200, height: 800 });
      expect(body.id).toMatch(/^[0-9a-f]{32}$/);
      expect(body.variants.map((v: { width: number }) => v.width)).toEqual([...IMAGE_WIDTHS]);
      expect(body.srcset).toBe(imageSrcSet(body.url));
      for (const v of body.variants as { width: number; url: string }[]) {
        const got = await t.app.inject({ url: v.url });
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
        expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        await expectNoGps(got.rawPayload);
        // Never enlarged: the 1600 variant of a 1200-pixel picture stays 1200 wide.
        expect((await sharp(got.rawPayload).metadata()).width).toBe(Math.min(v.width, 1200));
      }
    });
  }

  it('refuses a renamed text file, an empty or missing file, and stores nothing', async () => {
    const before = await stored();
    expectProblem(await upload(Buffer.from('just some text, honest\n'), 'cat.jpg', 'image/jpeg'), 415, 'not a JPEG');
    // Correct magic bytes, then garbage.
    expectProblem(await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])), 422);
    expectProblem(await upload(Buffer.alloc(0)), 400, 'empty');
    expectProblem(await upload(await testImage('png', 20, 20), 'x.png', 'image/png', 'picture'), 400, 'file');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expectProblem(notMultipart, 415);
    expect(await stored()).toEqual(before);
  });

  it('answers a malformed multipart body with 400, never 500', async () => {
    const before = await stored();
    const bodies: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=abc', 'garbage without parts'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\ncut',
      ],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/images',
        headers: { ...auth, 'content-type': contentType },
        payload,
      });
      expectProblem(res, 400, 'could not be read');
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a 20 MB file with 413 and a decompression bomb with 422, storing nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([await testImage('jpeg', 64, 64), Buffer.alloc(20 * 1024 * 1024, 1)]);
    expectProblem(await upload(big), 413, 'larger than 15 MB');
    expectProblem(await upload(await pngClaiming(60_000, 60_000), 'bomb.png', 'image/png'), 422, 'megapixels');
    expect(await stored()).toEqual(before);
  });

  it('needs a signed-in editor', async () => {
    const { payload, headers } = multipartBody('file', 'a.png', 'image/png', await testImage('png', 10, 10));
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers, payload });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 problem for an unknown image and leaves other /images paths to the site', async () => {
    expectProblem(await t.app.inject({ url: `/images/${'0'.repeat(32)}-480.webp` }), 404);
  });
});

describe('tmp cleanup', () => {
  it('leaves no temporary files in the image directory', async () => {
    expect((await stored()).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(os.tmpdir()).toBeTruthy();
  });
});
