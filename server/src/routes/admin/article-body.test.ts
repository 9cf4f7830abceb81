import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyDoc } from '../../../../common/body/types.ts';
import { PROJECT_ROOT } from '../../project-root.ts';
import { referencedImageIds } from '../../repositories/image-references.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { ssrBundleFile } from '../../rendering/ssr-bundle.ts';
import { snapshotArticles } from '../../test-support/admin-articles.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../../test-support/feed-check.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { uploadImage, testImage } from '../../test-support/test-images.ts';

/**
 * The article body through the admin API and out to readers (SQLite in `api`, PostgreSQL in
 * `api-pg`): saved as the stored format or as Markdown, refused with the path of what is wrong,
 * rendered on the page, in the public API, the feeds and JSON-LD with every text escaped, its
 * pictures with the size the library stored for them, and kept by the image sweep.
 */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let auth: { authorization: string };
let imageId: string;
let thumbId: string;
/** The sizes the library stored for the body picture and the embed thumbnail. */
let imageSize: { width: number; height: number };
let thumbSize: { width: number; height: number };

const upload = async (width = 800, height = 600) =>
  uploadImage(t.app, auth.authorization, await testImage('jpeg', width, height));

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, PUBLIC_URL: 'https://smear.example' } });
  auth = { authorization: await t.bearer({ sub: 'editor-body', name: 'Bo Body' }) };
  const image = await upload(800, 600);
  const thumb = await upload(640, 360);
  [imageId, thumbId] = [image.id, thumb.id];
  imageSize = { width: image.width, height: image.height };
  thumbSize = { width: thumb.width, height: thumb.height };
  // What the library stored (the public pages read these, never the files).
  expect(imageSize).toEqual({ width: 800, height: 600 });
  expect(thumbSize).toEqual({ width: 640, height: 360 });
});
afterAll(async () => t?.close());

function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

const EVIL = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

function everyNode(): BodyDoc {
  return {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: `Intro ${EVIL}` }] },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Sub ${EVIL}` }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' and ' },
          {
            type: 'text',
            text: 'a link',
            marks: [{ type: 'link', attrs: { href: "https://example.com/?a=1&b='c'" } }],
          },
          { type: 'hardBreak' },
          {
            type: 'text',
            text: 'another story',
            marks: [{ type: 'link', attrs: { href: '/article/other-story', articleId: 1 } }],
          },
        ],
      },
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Smaller' }] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Item ${EVIL}` }] }] },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 2 },
        content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Second' }] }] }],
      },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Quote ${EVIL}` }] }] },
      { type: 'pullQuote', content: [{ type: 'text', text: `Pulled ${EVIL}` }] },
      { type: 'horizontalRule' },
      { type: 'image', attrs: { imageId, alt: `Alt ${EVIL}`, caption: `Caption ${EVIL}`, credit: `Credit ${EVIL}` } },
      {
        type: 'embed',
        attrs: {
          provider: 'x',
          url: "https://x.com/smear/status/1?s=20&t=a'b",
          text: `Post ${EVIL}`,
          thumbnailImageId: thumbId,
        },
      },
    ],
  };
}

const base = { category: 'Politics', summary: 'Sum.', author: 'Ann Author' };

describe('saving a body', () => {
  it('stores the stored format as given, returns it with its plain text, and keeps it in the revision', async () => {
    const body = everyNode();
    const res = await call('POST', '/api/admin/articles', { ...base, headline: 'Every Node Story', body });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json();
    expect(article.body).toEqual(body);
    expect(article.content).toContain(`Intro ${EVIL}\n\nSub ${EVIL}`);
    const got = await call('GET', `/api/admin/articles/${article.id}`);
    expect(got.json().body).toEqual(body);
    const revisions = (await call('GET', `/api/admin/articles/${article.id}/revisions`)).json().revisions;
    const revision = (await call('GET', `/api/admin/articles/${article.id}/revisions/${revisions[0].id}`)).json();
    expect(revision.snapshot.body).toEqual(body);
  });

  it('converts Markdown `content` to the stored format', async () => {
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Markdown Story',
      content:
        '## Sub\n\nText with **bold** and [a link](https://example.com).\n\n- one\n- two\n\n> quoted\n\n<script>x</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json();
    expect(article.body.content.map((b: { type: string }) => b.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'blockquote',
      'paragraph',
    ]);
    expect(article.content).toBe('Sub\n\nText with bold and a link.\n\none\ntwo\n\nquoted\n\n<script>x</script>');
  });

  it('edits the body with PUT, and a change of marks alone is a change', async () => {
    const created = (
      await call('POST', '/api/admin/articles', { ...base, headline: 'Edit Me Body', content: 'Plain words.' })
    ).json();
    const body: BodyDoc = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plain words.', marks: [{ type: 'italic' }] }] }],
    };
    const res = await call('PUT', `/api/admin/articles/${created.id}`, {
      ...base,
      headline: 'Edit Me Body',
      body,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual(body);
    const revisions = (await call('GET', `/api/admin/articles/${created.id}/revisions`)).json().revisions;
    expect(revisions[0].changedFields).toContain('body');
  });
});

describe('history', () => {
  it('restoring a revision brings its body back', async () => {
    const first: BodyDoc = {
      type: 'doc',
      content: [{ type: 'pullQuote', content: [{ type: 'text', text: 'The first words.' }] }],
    };
    const created = (
      await call('POST', '/api/admin/articles', { ...base, headline: 'Restore My Body', body: first })
    ).json();
    const edited = await call('PUT', `/api/admin/articles/${created.id}`, {
      ...base,
      headline: 'Restore My Body',
      body: { type: 'doc', content: [{ type: 'horizontalRule' }] },
      version: created.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const revisions = (await call('GET', `/api/admin/articles/${created.id}/revisions`)).json().revisions;
    const original = revisions.find((r: { version: number }) => r.version === 1);
    const restored = await call(
      'POST',
      `/api/admin/articles/${created.id}/revisions/${original.id}/restore`,
      undefined,
      {
        'if-match': `"${edited.json().version}"`,
      },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().body).toEqual(first);
    expect(restored.json().content).toBe('The first words.');
  });
});

describe('refusing a body', () => {
  const cases: [string, unknown, string][] = [
    [
      'a script link',
      {
        type: 'doc',
        content: [
          { type: 'paragraph' },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'x',
                marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
            ],
          },
        ],
      },
      'body.content[1].content[0].marks[1].attrs.href',
    ],
    [
      'an event-handler attribute',
      {
        type: 'doc',
        content: [
          { type: 'image', attrs: { imageId: 'a'.repeat(32), alt: 'a', caption: '', credit: '', onerror: 'alert(1)' } },
        ],
      },
      'body.content[0].attrs.onerror',
    ],
    [
      'an unknown node',
      { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://evil.example' } }] },
      'body.content[0].type',
    ],
    [
      'a picture from elsewhere',
      {
        type: 'doc',
        content: [
          { type: 'image', attrs: { imageId: 'https://evil.example/a.png', alt: 'a', caption: '', credit: '' } },
        ],
      },
      'body.content[0].attrs.imageId',
    ],
    [
      'a picture that was never uploaded',
      {
        type: 'doc',
        content: [{ type: 'image', attrs: { imageId: 'f'.repeat(32), alt: 'a', caption: '', credit: '' } }],
      },
      'body.content[0].attrs.imageId',
    ],
    [
      'an embed thumbnail that was never uploaded',
      {
        type: 'doc',
        content: [
          { type: 'paragraph' },
          {
            type: 'embed',
            attrs: { provider: 'youtube', url: 'https://youtu.be/x', text: '', thumbnailImageId: 'e'.repeat(32) },
          },
        ],
      },
      'body.content[1].attrs.thumbnailImageId',
    ],
    [
      'a body over 500 KB',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(600_000) }] }] },
      'body',
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 naming the path, on create and edit, storing nothing',
    async (_name, body, where) => {
      const existing = (
        await call('POST', '/api/admin/articles', { ...base, headline: `Refusals ${where}`, content: 'x' })
      ).json();
      const before = await snapshotArticles(t.database.db);
      for (const res of [
        await call('POST', '/api/admin/articles', { ...base, headline: 'Refused', body }),
        await call('PUT', `/api/admin/articles/${existing.id}`, {
          ...base,
          headline: 'Refused',
          body,
          version: existing.version,
        }),
      ]) {
        const problem = expectProblem(res, 400, where);
        expect(problem.errors).toEqual([expect.objectContaining({ in: 'body', name: where })]);
      }
      expect(await snapshotArticles(t.database.db)).toEqual(before);
    },
  );

  it('refuses body and content together, and a 10 MB request', async () => {
    const both = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Both',
      body: { type: 'doc', content: [] },
      content: 'x',
    });
    expect(expectProblem(both, 400, 'content').errors[0].name).toBe('content');
    const huge = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Huge',
      content: 'word '.repeat(2_000_000),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(String(huge.headers['content-type'])).toMatch(/^application\/problem\+json/);
  });
});

/** A size as an <img>'s width and height attributes. */
const attrs = (size: { width: number; height: number }) => ({
  width: String(size.width),
  height: String(size.height),
});

/** The width and height attributes of each <img> of some HTML (null: none), in order. */
function imgSizes(html: string): { width: string | null; height: string | null }[] {
  const doc = new Window().document;
  doc.body.innerHTML = html;
  return [...doc.body.querySelectorAll('img')].map((img) => ({
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
  }));
}

describe('readers', () => {
  let slug: string;
  beforeAll(async () => {
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Readers See Every Node',
      body: everyNode(),
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    slug = res.json().slug;
  });

  /** No element or attribute the body did not make: no script, no handler, no frame (parsed as a browser would). */
  function expectNoInjection(html: string) {
    const doc = new Window().document;
    doc.body.innerHTML = html;
    expect(doc.body.querySelectorAll('script, iframe, [onerror], img[src="x"]').length).toBe(0);
    expect(doc.body.querySelectorAll('img').length).toBe(2);
    expect(html).not.toContain('<script');
  }

  it('the public API gives the rendered body and its plain text', async () => {
    const article = (await t.app.inject({ url: `/News/slug/${slug}` })).json();
    // Each picture with the size the library stored for it, so the page keeps its room while it loads.
    expect(imgSizes(article.bodyHtml)).toEqual([attrs(imageSize), attrs(thumbSize)]);
    expect(article.bodyHtml).toContain('<h2>Sub &quot;&gt;&lt;script&gt;');
    expect(article.bodyHtml).toContain(`<figure class="body-image"><img src="/images/${imageId}-960.webp"`);
    expect(article.bodyHtml).toContain(
      '<a href="https://x.com/smear/status/1?s=20&amp;t=a&#39;b" rel="external nofollow noopener noreferrer">',
    );
    expect(article.content).not.toContain('<h2');
    expectNoInjection(article.bodyHtml);
  });

  it("the admin's article GET gives the preview the same body as readers get, sizes included; the list does not", async () => {
    const published = (await t.app.inject({ url: `/News/slug/${slug}` })).json();
    const admin = await call('GET', `/api/admin/articles/${published.id}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().bodyHtml).toBe(published.bodyHtml);
    expect(imgSizes(admin.json().bodyHtml)).toEqual([attrs(imageSize), attrs(thumbSize)]);
    const list = (await call('GET', '/api/admin/articles?pageSize=50')).json();
    expect(list.articles.some((a: { bodyHtml?: string }) => 'bodyHtml' in a)).toBe(false);
  });

  it("every answer holding one article (create, autosave, publish) carries the readers' body, sizes included", async () => {
    // The editor's screen keeps these answers: a preview opened from one draws its pictures with their room.
    const created = await call('POST', '/api/admin/articles', { ...base, headline: 'Answers Carry The Body' });
    expect(created.statusCode, created.body).toBe(201);
    expect(imgSizes(created.json().bodyHtml)).toEqual([]);
    const id = created.json().id as number;
    const autosaved = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...base, headline: 'Answers Carry The Body', body: everyNode(), autosave: true },
      { 'if-match': `"${created.json().version}"` },
    );
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    expect(imgSizes(autosaved.json().bodyHtml)).toEqual([attrs(imageSize), attrs(thumbSize)]);
    const published = await call('POST', `/api/admin/articles/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().bodyHtml).toBe(autosaved.json().bodyHtml);
    const readers = (await t.app.inject({ url: `/News/slug/${published.json().slug}` })).json();
    expect(published.json().bodyHtml).toBe(readers.bodyHtml);
  });

  it('the server-rendered page shows every element without script, escaped; JSON-LD stays plain', async () => {
    const res = await t.app.inject({ url: `/article/${slug}` });
    expect(res.statusCode).toBe(200);
    const window = new Window();
    const doc = new window.DOMParser().parseFromString(res.body, 'text/html');
    const body = doc.querySelector('.article-body')!;
    expect(body).not.toBeNull();
    for (const selector of [
      'h2',
      'h3',
      'ul li',
      'ol[start="2"] li',
      'blockquote p',
      'blockquote.pull-quote',
      'hr',
      'figure.body-image img[srcset][sizes]',
      'figure figcaption .credit',
      '.embed-card a[href^="https://x.com/"]',
      'a[href="/article/other-story"]',
      'strong',
      'br',
    ]) {
      expect(body.querySelector(selector), selector).not.toBeNull();
    }
    expect(body.querySelector('figure.body-image img')!.getAttribute('alt')).toBe(`Alt ${EVIL}`);
    const sizeOf = (img: { getAttribute(name: string): string | null }) => ({
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
    });
    expect(sizeOf(body.querySelector('figure.body-image img')!)).toEqual(attrs(imageSize));
    expect(sizeOf(body.querySelector('.embed-card img')!)).toEqual(attrs(thumbSize));
    expect(body.querySelector('.embed-card')!.textContent).toContain('View on X');
    expect(body.querySelectorAll('script, iframe, [onerror]').length).toBe(0);
    const raw = res.body.slice(res.body.indexOf('class="article-body'));
    expectNoInjection(raw.slice(0, raw.indexOf('</article>')));
    const lds = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((ld) => {
      expect(ld.textContent).not.toContain('</script');
      return JSON.parse(ld.textContent!) as { '@type'?: unknown; wordCount?: number; description?: string };
    });
    const news = lds.find((ld) => Array.isArray(ld['@type']) && ld['@type'].includes('NewsArticle'))!;
    expect(news.description).toBe('Sum.');
    expect(news.wordCount).toBeGreaterThan(20);
    expect(JSON.stringify(news)).not.toContain('<h2');
  });

  it('without a summary, the description is the body’s first paragraph as plain text', async () => {
    const body: BodyDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Bold start', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' <em>here</em>' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Second.' }] },
      ],
    };
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      summary: '',
      headline: 'No Summary Story',
      body,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = await t.app.inject({ url: `/article/${res.json().slug}` });
    expect(page.body).toContain('<meta name="description" content="Bold start &lt;em&gt;here&lt;/em&gt;" />');
  });

  it('search finds the words of the body, not its markup or link addresses', async () => {
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Searchable Markdown Story',
      content: 'The **zebracrossing** affair, see [the minutes](https://example.com/quangofile).',
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const find = async (q: string) =>
      (
        (await t.app.inject({ url: `/News/search?q=${encodeURIComponent(q)}` })).json() as {
          results: { headline: string }[];
        }
      ).results.map((r) => r.headline);
    expect(await find('zebracrossing minutes')).toEqual(['Searchable Markdown Story']);
    expect(await find('quangofile')).toEqual([]);
  });

  it('the feeds carry the rendered body with absolute URLs', async () => {
    for (const feed of ['/feeds/rss.xml', '/feeds/atom.xml', '/feeds/feed.json']) {
      const res = await t.app.inject({ url: feed });
      expect(res.statusCode).toBe(200);
      // The strict checker of the published rules: the rich body keeps every feed valid.
      const check = feed.endsWith('rss.xml') ? checkRss : feed.endsWith('atom.xml') ? checkAtom : checkJsonFeed;
      expect(check(res.body), feed).toEqual([]);
      const text = feed.endsWith('.json')
        ? (res.json().items as { content_html: string; title: string }[]).find(
            (i) => i.title === 'Readers See Every Node',
          )!.content_html
        : res.body;
      const html = feed.endsWith('.json')
        ? text
        : text
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&');
      expect(html, feed).toContain(`src="https://smear.example/images/${imageId}-960.webp"`);
      for (const [id, size] of [
        [imageId, imageSize],
        [thumbId, thumbSize],
      ] as const) {
        const img = new RegExp(`<img src="https://smear\\.example/images/${id}-960\\.webp"[^>]*>`).exec(html);
        expect(img, feed).not.toBeNull();
        expect(imgSizes(img![0]), feed).toEqual([attrs(size)]);
      }
      expect(html, feed).toContain('href="https://smear.example/article/other-story"');
      if (feed.endsWith('.json')) expectNoInjection(text);
    }
  });

  it('the image sweep keeps the body picture and the embed thumbnail, of the article and its revisions', async () => {
    const kept = await referencedImageIds(t.database.db, [imageId, thumbId, '0'.repeat(32)]);
    expect([...kept].sort()).toEqual([imageId, thumbId].sort());
  });
});

describe('picture sizes for readers', () => {
  it('a picture uploaded before the library gets its row when an article body is saved, and readers its size; without a row, none (no file is read)', async () => {
    const older = await upload(720, 480);
    const library = new ImagesRepository(t.database.db);
    // An upload from before the library: its files are stored, it has no row.
    await library.deleteRows([older.id]);
    expect(await library.get(older.id)).toBeUndefined();
    const body: BodyDoc = {
      type: 'doc',
      content: [{ type: 'image', attrs: { imageId: older.id, alt: 'An older picture', caption: '', credit: '' } }],
    };
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'An Older Picture Story',
      body,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await library.get(older.id);
    expect(row).toBeDefined();
    // Its size read from its largest stored width: the picture's shape.
    expect(Number(row!.width) / Number(row!.height)).toBeCloseTo(720 / 480, 2);
    const url = `/News/slug/${res.json().slug}`;
    expect(imgSizes((await t.app.inject({ url })).json().bodyHtml)).toEqual([
      attrs({ width: Number(row!.width), height: Number(row!.height) }),
    ]);

    await library.deleteRows([older.id]);
    t.app.newsCache.clear();
    expect(imgSizes((await t.app.inject({ url })).json().bodyHtml)).toEqual([{ width: null, height: null }]);
  });
});
