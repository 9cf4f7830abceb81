import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeDist } from '../../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { icoImages, pngInfo } from '../../test-support/image-bytes.ts';

/** The icons as the repository has them (drawn by scripts/make-icons.ts). */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../../web/public');
const ICON_FILES = [
  'favicon.svg',
  'favicon.ico',
  'apple-touch-icon.png',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
];

let t: TestApp;
let renamed: TestApp;
let distDir: string;

beforeAll(async () => {
  // A built front end with the site's real icon files in it.
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-manifest-dist-'));
  await writeFakeDist(distDir);
  await fs.mkdir(path.join(distDir, 'icons'));
  for (const file of ICON_FILES) await fs.copyFile(path.join(PUBLIC_DIR, file), path.join(distDir, file));
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  renamed = await createTestApp({ env: { SITE_NAME: 'The Weekly Sneer Gazette' } });
});
afterAll(async () => {
  await t?.close();
  await renamed?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('GET /manifest.webmanifest', () => {
  it('the site as an installable web app: name, tagline, start URL, colours and icons', async () => {
    const res = await get(t, '/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toEqual({
      id: '/',
      name: 'The Daily Smear',
      short_name: 'Daily Smear',
      description: 'Savage News & Scandals',
      lang: 'en-GB',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'minimal-ui',
      theme_color: '#D7000F',
      background_color: '#FFFFFF',
      categories: ['news'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it('follows SITE_NAME (a long name stays whole as the short name)', async () => {
    const manifest = (await get(renamed, '/manifest.webmanifest')).json();
    expect(manifest.name).toBe('The Weekly Sneer Gazette');
    expect(manifest.short_name).toBe('The Weekly Sneer Gazette');
  });

  it('is cached like the pages, with an ETag and a 304 for a current copy', async () => {
    const res = await get(t, '/manifest.webmanifest');
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
    const again = await get(t, '/manifest.webmanifest', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another site name is another body, with another ETag.
    expect((await get(renamed, '/manifest.webmanifest')).headers.etag).not.toBe(res.headers.etag);
  });

  it('is linked from the public pages, not from the newsroom', async () => {
    const home = await get(t, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(home.headers['content-security-policy']).toContain("manifest-src 'self'");
    const admin = await get(t, '/admin');
    expect(admin.body).not.toContain('rel="manifest"');
  });
});

describe('the icons', () => {
  it('every icon of the manifest is a PNG of the size it declares, and opaque', async () => {
    const { icons } = (await get(t, '/manifest.webmanifest')).json() as {
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    for (const icon of icons) {
      const res = await get(t, icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe(icon.type);
      const info = pngInfo(res.rawPayload);
      expect(`${info.width}x${info.height}`).toBe(icon.sizes);
      expect(info.alpha, icon.src).toBe(false);
    }
  });

  it('apple-touch-icon.png: 180 px, no transparency (iOS fills it black)', async () => {
    const res = await get(t, '/apple-touch-icon.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngInfo(res.rawPayload)).toEqual({ width: 180, height: 180, alpha: false });
  });

  it('/favicon.ico is an icon file of 32 and 48 px PNGs (48: the size Google shows in results)', async () => {
    const res = await get(t, '/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
    const images = icoImages(res.rawPayload);
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [32, 32],
      [48, 48],
    ]);
    for (const image of images) {
      const info = pngInfo(image.png);
      expect([info.width, info.height]).toEqual([image.width, image.height]);
    }
    const svg = await get(t, '/favicon.svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('the maskable icon keeps its mark inside the inner 80% circle, on a full-bleed background', async () => {
    const { data, info } = await sharp((await get(t, '/icons/icon-maskable-512.png')).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const centre = info.width / 2;
    const safe = info.width * 0.4;
    let ink = 0;
    let outside = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const at = (y * info.width + x) * info.channels;
        const white = data[at + 1]! > 128; // the red background has no green
        if (!white) continue;
        ink++;
        if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safe) outside++;
      }
    }
    expect(ink).toBeGreaterThan(info.width * info.height * 0.05);
    expect(outside).toBe(0);
    // The corners (cut away by a round mask) are the brand red.
    expect([...data.subarray(0, 3)]).toEqual([0xd7, 0x00, 0x0f]);
  });

  it('robots.txt lets crawlers fetch the icons and the manifest', async () => {
    const robots = (await get(t, '/robots.txt')).body;
    const disallowed = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    expect(disallowed.length).toBeGreaterThan(0);
    for (const url of [
      '/favicon.ico',
      '/favicon.svg',
      '/apple-touch-icon.png',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
    ])
      expect(
        disallowed.filter((prefix) => prefix && url.startsWith(prefix)),
        url,
      ).toEqual([]);
  });
});
