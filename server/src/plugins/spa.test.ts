import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFakeDist } from '../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, insertArticles } from '../test-support/articles.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { shareCardFor } from '../share-cards/share-card.ts';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'tabloid-spa-dist-'));
  await writeFakeDist(distDir);
  // Listed at start, removed by a test (a new build written over the one the server started with).
  await fs.writeFile(path.join(distDir, 'assets', 'replaced-def456.js'), 'console.log("old build");\n');
  t = await createTestApp({
    env: {
      WEB_DIST_DIR: distDir,
      SITE_NAME: 'The Daily Smear',
      PUBLIC_URL: 'https://smear.example',
    },
  });
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The content attribute of <meta property|name="key">, unescaped. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m ? unescape(m[1]!) : undefined;
}
function unescape(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
function title(html: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m ? unescape(m[1]!) : undefined;
}
function appConfig(html: string): any {
  const m = /<script id="app-config" type="application\/json">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

describe('page routes', () => {
  it('serves the home page with its title, meta, app-config, shared caching and the security headers', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = res.body;
    expect(title(html)).toBe('The Daily Smear | Savage News & Scandals');
    expect(html).toContain('<link rel="canonical" href="https://smear.example/" />');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe('https://smear.example/');
    expect(appConfig(html)).toEqual({ siteName: 'The Daily Smear', publicUrl: 'https://smear.example' });
    expect(html).not.toContain('<!--app-head-->');
    expect(html).not.toContain('<!--app-config-->');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('answers If-None-Match on pages with 304', async () => {
    const first = await get('/contact');
    const again = await get('/contact', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    ['/politics', 'Politics | The Daily Smear'],
    ['/technology', 'Technology | The Daily Smear'],
    ['/sport', 'Sport | The Daily Smear'],
    ['/business', 'Business | The Daily Smear'],
    ['/us', 'US | The Daily Smear'],
    ['/uk/', 'UK | The Daily Smear'],
    ['/contact', 'Contact | The Daily Smear'],
    ['/privacy', 'Privacy Policy | The Daily Smear'],
  ])('serves %s with 200 and its own title', async (url, expected) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe(expected);
    expect(res.body).toContain(`<link rel="canonical" href="https://smear.example${url.replace(/\/$/, '')}" />`);
  });

  it.each(['/admin', '/admin/articles?page=1&pageSize=20&status=all', '/admin/articles/7', '/admin/social/test'])(
    'serves %s with 200, private no-store and no article meta',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(title(res.body)).toBe('Admin | The Daily Smear');
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(meta(res.body, 'og:type')).toBe('website');
      expect(res.body).not.toContain('article:published_time');
    },
  );

  it.each(['/no-such-page', '/politics/extra', '/article', '/article/a/b'])(
    'answers %s with a 404 shell',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(title(res.body)).toBe('Page Not Found | The Daily Smear');
      expect(meta(res.body, 'robots')).toBe('noindex');
    },
  );

  it('keeps unknown API paths JSON 404s (never the HTML shell)', async () => {
    for (const url of ['/api/nope', '/News/x/y', '/api/admin/nope']) {
      const res = await get(url);
      expectProblem(res, 404);
    }
  });
});

describe('article pages', () => {
  it('carry the article title, description, canonical, Open Graph and Twitter tags', async () => {
    const [row] = await insertArticles(t.database.db, [
      {
        headline: 'Minister Caught Napping In Own Inquiry',
        summary: 'The inquiry into ministerial fatigue was adjourned for a nap.',
        image_url: '/images/pic.svg',
        published_at: '2026-03-04T05:06:07.000Z',
        category_id: 1,
      },
    ]);
    const res = await get(`/article/${row!.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    const html = res.body;
    const url = `https://smear.example/article/${row!.slug}`;
    expect(title(html)).toBe('Minister Caught Napping In Own Inquiry | The Daily Smear');
    expect(meta(html, 'description')).toBe('The inquiry into ministerial fatigue was adjourned for a nap.');
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, 'og:title')).toBe('Minister Caught Napping In Own Inquiry');
    expect(meta(html, 'og:description')).toBe('The inquiry into ministerial fatigue was adjourned for a nap.');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(url);
    // The SVG cannot be a link preview: og:image is the article's raster share card.
    const card = `https://smear.example${shareCardFor({ id: row!.id, headline: row!.headline, category: 'Politics', imageUrl: '/images/pic.svg' }).url}`;
    expect(meta(html, 'og:image')).toBe(card);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:type')).toBe('image/png');
    expect(meta(html, 'article:published_time')).toBe('2026-03-04T05:06:07.000Z');
    expect(meta(html, 'article:section')).toBe('Politics');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Minister Caught Napping In Own Inquiry');
    expect(meta(html, 'twitter:description')).toBe('The inquiry into ministerial fatigue was adjourned for a nap.');
    expect(meta(html, 'twitter:image')).toBe(card);
  });

  it('gives an article without an image its drawn share card', async () => {
    const [row] = await insertArticles(t.database.db, [{ headline: 'No Picture Story', published_at: daysAgo(1) }]);
    const html = (await get(`/article/${row!.slug}`)).body;
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^https://smear\\.example/share-cards/${row!.id}-\\w+\\.png$`));
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
  });

  it('escapes a hostile headline and summary everywhere', async () => {
    const headline = `Breakout </script><script>alert("x")</script> & 'quotes' <!-- end`;
    const [row] = await insertArticles(t.database.db, [
      {
        headline,
        slug: 'breakout',
        summary: `"><img src=x onerror=alert(1)>`,
        published_at: daysAgo(1),
        image_url: 'https://cdn.example/a.jpg?x="y"',
      },
    ]);
    const res = await get(`/article/${row!.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    // app-config and the module script; the JSON-LD data blocks hold the headline as JSON text
    expect(html.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(2);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@type': string; headline?: string },
    );
    expect(jsonLd.find((d) => [d['@type']].flat().includes('NewsArticle'))?.headline).toBe(headline);
    expect(title(html)).toBe(`${headline} | The Daily Smear`);
    expect(meta(html, 'og:title')).toBe(headline);
    expect(meta(html, 'description')).toBe(`"><img src=x onerror=alert(1)>`);
    expect(meta(html, 'og:image')).toMatch(/^https:\/\/smear\.example\/share-cards\/\d+-\w+\.png$/);
  });

  it('escapes the site name inside the app-config JSON so it cannot close the script', async () => {
    const other = await createTestApp({
      env: {
        WEB_DIST_DIR: distDir,
        SITE_NAME: `Smear</script><!--<script>`,
        PUBLIC_URL: '',
      },
    });
    try {
      const html = (await other.app.inject({ method: 'GET', url: '/' })).body;
      expect(html).not.toContain('Smear</script>');
      expect(html).toContain('\\u003c/script\\u003e');
      expect(appConfig(html)).toEqual({ siteName: 'Smear</script><!--<script>' });
      expect(title(html)).toBe('Smear</script><!--<script> | Savage News & Scandals');
      // Without PUBLIC_URL the canonical URL comes from the request.
      const local = (await other.app.inject({ method: 'GET', url: '/privacy', headers: { host: 'reader.test:8080' } }))
        .body;
      expect(local).toContain('<link rel="canonical" href="http://reader.test:8080/privacy" />');
    } finally {
      await other.close();
    }
  });

  it.each([
    ['an unknown slug', '/article/nobody-wrote-this'],
    ['a malformed slug', '/article/not_a_slug'],
    ['an over-long slug', `/article/${'a'.repeat(201)}`],
  ])('answers %s with the 404 shell', async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(title(res.body)).toBe('Article Not Found | The Daily Smear');
    expect(meta(res.body, 'og:type')).toBe('website');
  });

  it('answers a badly encoded URL with a 400 problem', async () => {
    expectProblem(await get('/article/%E0%A4%A'), 400, 'encoded');
  });

  it('answers a draft with the 404 shell', async () => {
    const [row] = await insertArticles(t.database.db, [{ headline: 'Secret Draft', published_at: null }]);
    expect((await get(`/article/${row!.slug}`)).statusCode).toBe(404);
  });
});

describe('static files', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('console.log');
  });

  it('serves other files with a modest max-age', async () => {
    for (const url of ['/favicon.svg', '/images/pic.svg']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/svg/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('serves a pre-compressed variant when the build has one and the client accepts it', async () => {
    const zlib = await import('node:zlib');
    const source = 'export const big = "' + 'x'.repeat(4000) + '";\n';
    await fs.writeFile(path.join(distDir, 'assets', 'big-abc12345.js'), source);
    await fs.writeFile(path.join(distDir, 'assets', 'big-abc12345.js.br'), zlib.brotliCompressSync(source));
    const other = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    try {
      const br = await other.app.inject({
        method: 'GET',
        url: '/assets/big-abc12345.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await other.app.inject({ method: 'GET', url: '/assets/big-abc12345.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
    } finally {
      await other.close();
    }
  });

  it('keeps a hashed asset in memory after its first request, with an ETag that answers 304', async () => {
    const file = path.join(distDir, 'assets', 'kept-abc12345.js');
    await fs.writeFile(file, 'export const kept = 1;\n');
    const other = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    try {
      const first = await other.app.inject({ method: 'GET', url: '/assets/kept-abc12345.js' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      await fs.rm(file);
      const again = await other.app.inject({ method: 'GET', url: '/assets/kept-abc12345.js' });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe('export const kept = 1;\n');
      const revalidated = await other.app.inject({
        method: 'GET',
        url: '/assets/kept-abc12345.js',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    } finally {
      await other.close();
    }
  });

  it('answers a missing asset with a 404 problem, not the shell', async () => {
    expectProblem(await get('/assets/missing-123.js'), 404);
  });

  it('answers 404, not 500, for a hashed asset that was there at start and is gone now', async () => {
    await fs.rm(path.join(distDir, 'assets', 'replaced-def456.js'));
    expectProblem(await get('/assets/replaced-def456.js'), 404);
    // The file is not remembered as missing forever: the next request looks again.
    await fs.writeFile(path.join(distDir, 'assets', 'replaced-def456.js'), 'console.log("back");\n');
    expect((await get('/assets/replaced-def456.js')).statusCode).toBe(200);
  });

  it('never serves the raw index.html with its markers', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!--app-head-->');
  });

  it('does not serve files outside the dist folder', async () => {
    const res = await get('/..%2F..%2Fetc%2Fpasswd');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });
});

describe('without a built front end', () => {
  it('answers page routes with a 503 problem telling to build, while the API works', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expectProblem(res, 503, 'npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/News' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
