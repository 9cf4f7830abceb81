import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../common/images.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { ssrBundleFile } from '../rendering/ssr-bundle.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { multipartBody, testImage } from '../test-support/test-images.ts';

// The real front end and its server renderer, as `vite build --config web/vite.config.ts` makes them
// (npm test builds them first).
const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST } });
  auth = { authorization: await t.bearer({ sub: 'editor-pictures', name: 'Pia Pictures' }) };
});
afterAll(async () => t?.close());

/** The server-rendered page as a document (no script runs: what a reader without JavaScript gets). */
function parse(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

describe('an uploaded picture on the server-rendered public pages', () => {
  it('carries every stored width (srcset), the shown width (sizes) and its box size, and each width loads', async () => {
    const { payload, headers } = multipartBody('file', 'p.jpg', 'image/jpeg', await testImage('jpeg', 1800, 1200));
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...auth, ...headers },
      payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const image = up.json() as { id: string; url: string; srcset: string };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({
        headline: 'Pigeon Wins Photo Prize',
        summary: 'Judges blame the light.',
        content: 'The pigeon took the picture.\n\nNobody knows how.',
        category: 'Politics',
        imageUrl: image.url,
        imageAlt: 'A grey square',
        published: true,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);

    for (const page of ['/', '/politics', '/article/pigeon-wins-photo-prize']) {
      const res = await t.app.inject({ url: page });
      expect(res.statusCode, page).toBe(200);
      const img = [...parse(res.body).querySelectorAll('#root img')].find((i) => i.getAttribute('src') === image.url);
      expect(img, `${page} shows the picture`).toBeDefined();
      const srcset = img!.getAttribute('srcset')!;
      expect(srcset).toBe(image.srcset);
      expect(srcset.split(', ').map((c) => Number(c.split(' ')[1]!.replace('w', '')))).toEqual([...IMAGE_WIDTHS]);
      expect(img!.getAttribute('sizes'), page).toMatch(/\d+(rem|px|vw)/);
      expect(Number(img!.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img!.getAttribute('height'))).toBeGreaterThan(0);
      expect(img!.getAttribute('alt')).toBe('A grey square');
      for (const candidate of srcset.split(', ')) {
        const url = candidate.split(' ')[0]!;
        const got = await t.app.inject({ url });
        expect(got.statusCode, url).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
      }
    }
  });
});
