import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_CROPS, imageCropUrl, type ImageCropRatio } from '../../../common/images.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { uploadImage, offCentreSubject, redPixels, testImage } from '../test-support/test-images.ts';
import { shareCardFor } from '../share-cards/share-card.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../test-support/feed-check.ts';

// Runs on SQLite (project api) and on PostgreSQL (project api-pg).
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-library', name: 'Lia Library' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('images').execute();
});

const upload = (bytes: Buffer) => uploadImage(t.app, auth.authorization, bytes);

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, extra = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}), ...extra },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

describe('the picture library', () => {
  it('adds every upload with its size, an empty description and the centre as focal point', async () => {
    const img = await upload(await testImage('jpeg', 900, 600));
    expect(img).toMatchObject({ width: 900, height: 600, focalX: 0.5, focalY: 0.5, alt: '', caption: '', credit: '' });
    expect(img).toMatchObject({ uploadedBy: 'Lia Library' });
    const list = (await call('GET', '/api/admin/images')).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: img.id, url: `/images/${img.id}-960.webp`, width: 900 });
    expect(list.items[0].srcset).toContain(`/images/${img.id}-480.webp 480w`);
  });

  it('lists newest first, pages, and searches alt, caption and credit', async () => {
    const a = await upload(await testImage('jpeg', 400, 300));
    const b = await upload(await testImage('png', 400, 300));
    expect((await call('PATCH', `/api/admin/images/${a.id}`, { alt: 'A goat on a roof' })).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/admin/images/${b.id}`, { caption: 'The minister', credit: 'Photo: Ann Roof' }))
        .statusCode,
    ).toBe(200);
    const all = (await call('GET', '/api/admin/images')).json();
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const goat = (await call('GET', '/api/admin/images?q=GOAT')).json();
    expect(goat).toMatchObject({ total: 1, items: [{ id: a.id, alt: 'A goat on a roof' }] });
    const roof = (await call('GET', '/api/admin/images?q=roof')).json();
    expect(roof.total).toBe(2);
    expect(
      (await call('GET', '/api/admin/images?q=roof%20minister')).json().items.map((i: { id: string }) => i.id),
    ).toEqual([b.id]);
    expect((await call('GET', '/api/admin/images?q=100%25')).json().total).toBe(0);
    expect((await call('GET', '/api/admin/images?page=2')).json().items).toEqual([]);
  });

  it('lists only the pictures without a description (described=no), or only those with one', async () => {
    const a = await upload(await testImage('jpeg', 400, 300));
    const b = await upload(await testImage('png', 400, 300));
    const c = await upload(await testImage('jpeg', 300, 400));
    expect((await call('PATCH', `/api/admin/images/${a.id}`, { alt: 'A goat on a roof' })).statusCode).toBe(200);
    // A caption alone is no description; blanks are trimmed away.
    expect((await call('PATCH', `/api/admin/images/${b.id}`, { caption: 'Goat', alt: '   ' })).statusCode).toBe(200);
    const ids = async (query: string) => {
      const body = (await call('GET', `/api/admin/images?${query}`)).json();
      return { total: body.total, ids: body.items.map((i: { id: string }) => i.id) };
    };
    expect(await ids('described=no')).toEqual({ total: 2, ids: [c.id, b.id] });
    expect(await ids('described=yes')).toEqual({ total: 1, ids: [a.id] });
    expect(await ids('described=no&q=goat')).toEqual({ total: 1, ids: [b.id] });
    expect(await ids('described=no&page=2')).toEqual({ total: 2, ids: [] });
    // Described now: it leaves the filter.
    expect((await call('PATCH', `/api/admin/images/${c.id}`, { alt: 'A tall picture' })).statusCode).toBe(200);
    expect(await ids('described=no')).toEqual({ total: 1, ids: [b.id] });
    for (const bad of ['maybe', 'NO', '', 'true']) {
      expectProblem(await call('GET', `/api/admin/images?described=${bad}`), 400, 'described');
    }
  });

  it('says which articles out of the trash use each picture: main picture or body, each article once', async () => {
    const [lead, inBody, both, unused] = [
      await upload(await testImage('jpeg', 400, 300)),
      await upload(await testImage('png', 400, 300)),
      await upload(await testImage('jpeg', 300, 400)),
      await upload(await testImage('png', 300, 400)),
    ];
    const picture = (imageId: string) => ({
      type: 'image',
      attrs: { imageId, alt: 'A picture', caption: '', credit: '' },
    });
    const create = async (headline: string, imageUrl: string | undefined, body: unknown[]) => {
      const res = await call('POST', '/api/admin/articles', {
        headline,
        category: 'Politics',
        ...(imageUrl ? { imageUrl, imageAlt: 'Alt' } : {}),
        body: { type: 'doc', content: body.length ? body : [{ type: 'paragraph' }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const first = await create('First user', lead.url, [picture(both.id)]);
    const second = await create('Second user', both.url, [picture(inBody.id), picture(both.id)]);
    const third = await create('Third user', `/images/${lead.id}-480.webp`, []);
    const fourth = await create('Fourth user', lead.url, []);
    const trashed = await create('Trashed user', lead.url, [picture(inBody.id)]);
    expect((await call('DELETE', `/api/admin/articles/${trashed}`)).statusCode).toBe(204);
    const items = (await call('GET', '/api/admin/images')).json().items as {
      id: string;
      usedBy: { count: number; articles: { id: number; headline: string }[] };
    }[];
    const usedBy = (id: string) => items.find((i) => i.id === id)!.usedBy;
    // Any width counts; the newest three are named, the count covers all.
    expect(usedBy(lead.id)).toEqual({
      count: 3,
      articles: [
        { id: fourth, headline: 'Fourth user' },
        { id: third, headline: 'Third user' },
        { id: first, headline: 'First user' },
      ],
    });
    expect(usedBy(inBody.id)).toEqual({ count: 1, articles: [{ id: second, headline: 'Second user' }] });
    // Main picture and body of the same article: one article.
    expect(usedBy(both.id)).toEqual({
      count: 2,
      articles: [
        { id: second, headline: 'Second user' },
        { id: first, headline: 'First user' },
      ],
    });
    expect(usedBy(unused.id)).toEqual({ count: 0, articles: [] });
  });

  it('refuses bad input with a 400 problem naming the field, and unknown images with 404', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const bad = [
      [{ focalX: 1.5 }, 'focalX'],
      [{ focalY: -0.1 }, 'focalY'],
      [{ focalX: '0.5' }, 'focalX'],
      [{ alt: 'x'.repeat(1001) }, 'alt'],
      [{ alt: 'nul\u0000' }, 'alt'],
      [{ colour: 'red' }, 'colour'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call('PATCH', `/api/admin/images/${img.id}`, body);
      expectProblem(res, 400, field);
    }
    expectProblem(await call('PATCH', '/api/admin/images/not-an-id', { alt: 'x' }), 400, 'id');
    expectProblem(await call('PATCH', `/api/admin/images/${'0'.repeat(32)}`, { alt: 'x' }), 404);
    expectProblem(await call('GET', '/api/admin/images?page=0'), 400, 'page');
    // A crop name written another way (leading zeros) or out of range makes nothing.
    expect((await t.app.inject({ url: `/images/${img.id}-1x1-050-50.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/images/${img.id}-1x1-101-50.webp` })).statusCode).toBe(404);
    expectProblem(await call('GET', `/api/admin/images?q=${'x'.repeat(201)}`), 400, 'q');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/images' })).statusCode).toBe(401);
  });

  it('keeps the focal point in every crop, and copies it onto the articles that show the picture', async () => {
    // 1600 x 900, the subject near the top right corner: a centred crop of any ratio misses it.
    const img = await upload(await offCentreSubject(1600, 900, 1450, 120, 50));
    const centred = await t.app.inject({ url: imageCropUrl(img.id, '1x1', 0.5, 0.5) });
    expect(centred.statusCode).toBe(200);
    expect(await redPixels(centred.rawPayload)).toBe(0);

    const created = await call('POST', '/api/admin/articles', {
      headline: 'Goat elected',
      category: 'Politics',
      imageUrl: img.url,
      imageAlt: 'A red balloon over the town hall',
    });
    expect(created.statusCode, created.body).toBe(201);
    const focal = { focalX: 1450 / 1600, focalY: 120 / 900 };
    const patched = await call('PATCH', `/api/admin/images/${img.id}`, focal);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject(focal);
    // The library's empty alt was filled from the article's.
    expect(patched.json().alt).toBe('A red balloon over the town hall');
    const article = (await call('GET', `/api/admin/articles/${created.json().id}`)).json();
    expect(article).toMatchObject({ imageFocalX: focal.focalX, imageFocalY: focal.focalY });
    // With its size, so the newsroom keeps the picture's box before it loads; none for another address.
    expect(article.imageSize).toEqual({ width: 1600, height: 900 });
    const elsewhere = await call('POST', '/api/admin/articles', {
      headline: 'Goat re-elected',
      category: 'Politics',
      imageUrl: 'https://example.com/goat.jpg',
      imageAlt: 'A goat',
    });
    expect((await call('GET', `/api/admin/articles/${elsewhere.json().id}`)).json().imageSize).toBeNull();

    for (const ratio of Object.keys(IMAGE_CROPS) as ImageCropRatio[]) {
      const url = imageCropUrl(img.id, ratio, focal.focalX, focal.focalY);
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${ratio}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.abs(meta.width! / meta.height! - IMAGE_CROPS[ratio])).toBeLessThan(0.01);
      // The whole disc (pi r^2 ~ 7,850 px at the source's scale, scaled with the crop) is in the picture.
      expect(await redPixels(res.rawPayload), ratio).toBeGreaterThan(1000 * (meta.width! / 1600) ** 2);
      // The old focal point's crop now leads to the new one.
      const old = await t.app.inject({ url: imageCropUrl(img.id, ratio, 0.5, 0.5) });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(url);
    }
  });
});

describe('the lead image description of an article', () => {
  it('is required to publish or schedule when there is an image; a draft saves without it', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const base = { headline: 'Vicar wins lottery', category: 'Politics', imageUrl: img.url };
    const refused = await call('POST', '/api/admin/articles', { ...base, published: true });
    const problem = expectProblem(refused, 400, 'imageAlt');
    expect(problem.detail).toMatch(/screen readers/);

    const draft = await call('POST', '/api/admin/articles', { ...base, imageCaption: 'The vicar', imageCredit: 'Ann' });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as number;
    expect(draft.json()).toMatchObject({ imageAlt: '', imageCaption: 'The vicar', imageCredit: 'Ann' });
    expectProblem(await call('POST', `/api/admin/articles/${id}/publish`), 400, 'imageAlt');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expectProblem(await call('POST', `/api/admin/articles/${id}/schedule`, { publishAt: future }), 400, 'imageAlt');

    // An old client's edit (no image fields) keeps the description; then alt is given and it publishes.
    const old = await call('PUT', `/api/admin/articles/${id}`, { ...base, summary: 'Yes', version: 1 });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({ imageCaption: 'The vicar', imageCredit: 'Ann' });
    const withAlt = await call('PUT', `/api/admin/articles/${id}`, {
      ...base,
      imageAlt: '  A vicar holding a cheque ',
      version: 2,
    });
    expect(withAlt.json().imageAlt).toBe('A vicar holding a cheque');
    const published = await call('POST', `/api/admin/articles/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);

    // A published article cannot lose it.
    expectProblem(
      await call('PUT', `/api/admin/articles/${id}`, { ...base, imageAlt: ' ', version: 4 }),
      400,
      'imageAlt',
    );
    // Without an image none is needed.
    const noImage = await call('POST', '/api/admin/articles', {
      headline: 'No picture',
      category: 'Politics',
      published: true,
    });
    expect(noImage.statusCode).toBe(201);
    // The revision records the description.
    const revisions = (await call('GET', `/api/admin/articles/${id}/revisions`)).json().revisions;
    expect(revisions.find((r: { version: number }) => r.version === 3).changedFields).toContain('imageAlt');
  });

  it('lets an article published before alt texts keep its picture, but not be published again without one', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const created = await call('POST', '/api/admin/articles', {
      headline: 'Old story',
      category: 'Politics',
      imageUrl: img.url,
      imageAlt: 'x',
    });
    const id = created.json().id as number;
    // As migration 036 leaves an article published before it: an empty alt.
    await t.database.db
      .updateTable('articles')
      .set({ image_alt: '', published_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const edit = await call('PUT', `/api/admin/articles/${id}`, {
      headline: 'Old story, edited',
      category: 'Politics',
      imageUrl: img.url,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const other = await upload(await testImage('png', 400, 300));
    expectProblem(
      await call('PUT', `/api/admin/articles/${id}`, {
        headline: 'New pic',
        category: 'Politics',
        imageUrl: other.url,
        version: 2,
      }),
      400,
      'imageAlt',
    );
    expect((await call('POST', `/api/admin/articles/${id}/unpublish`)).statusCode).toBe(200);
    expectProblem(await call('POST', `/api/admin/articles/${id}/publish`), 400, 'imageAlt');
  });

  it('gives its new description to the articles that show the picture without one, and to their readers', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const article = async (headline: string, imageAlt: string) => {
      const created = await call('POST', '/api/admin/articles', { headline, category: 'Politics', imageUrl: img.url });
      expect(created.statusCode, created.body).toBe(201);
      // Published before alt texts (as migration 036 leaves it), or with its own description.
      await t.database.db
        .updateTable('articles')
        .set({ image_alt: imageAlt, published_at: new Date().toISOString() })
        .where('id', '=', created.json().id)
        .execute();
      return created.json().slug as string;
    };
    const bare = await article('Old goat story', '');
    const own = await article('Goat story with its own words', 'The goat, seen from the roof');
    // Read once, so the page is in the news cache.
    expect((await t.app.inject({ url: `/News/slug/${bare}` })).json().imageAlt).toBe('');
    // A blank description changes no article.
    expect((await call('PATCH', `/api/admin/images/${img.id}`, { alt: '  ' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/News/slug/${bare}` })).json().imageAlt).toBe('');
    expect((await call('PATCH', `/api/admin/images/${img.id}`, { alt: ' A goat on a roof ' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/News/slug/${bare}` })).json().imageAlt).toBe('A goat on a roof');
    expect((await t.app.inject({ url: `/News/slug/${own}` })).json().imageAlt).toBe('The goat, seen from the roof');
    // The article now has one of its own: a later description of the picture leaves it.
    expect((await call('PATCH', `/api/admin/images/${img.id}`, { alt: 'A goat' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/News/slug/${bare}` })).json().imageAlt).toBe('A goat on a roof');
  });

  it('shows alt, caption, credit and the focal point to readers', async () => {
    const img = await upload(await testImage('jpeg', 800, 450));
    await call('PATCH', `/api/admin/images/${img.id}`, { focalX: 0.25, focalY: 0.75 });
    const created = await call('POST', '/api/admin/articles', {
      headline: 'Mayor seen',
      category: 'Politics',
      imageUrl: img.url,
      imageAlt: 'The mayor on a bicycle',
      imageCaption: 'The mayor, yesterday',
      imageCredit: 'Photo: Ann',
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pub = (await t.app.inject({ url: `/News/slug/${created.json().slug}` })).json();
    expect(pub).toMatchObject({
      imageAlt: 'The mayor on a bicycle',
      imageCaption: 'The mayor, yesterday',
      imageCredit: 'Photo: Ann',
      imageFocalX: 0.25,
      imageFocalY: 0.75,
    });
  });

  it('cuts the 1200x630 share card around the focal point, and a new focal point makes a new card', async () => {
    // A tall picture with the subject low on the left: a centred 1200:630 cut leaves it out.
    const img = await upload(await offCentreSubject(900, 1200, 150, 1080, 60));
    const created = await call('POST', '/api/admin/articles', {
      headline: 'Balloon escapes',
      category: 'Politics',
      imageUrl: img.url,
      imageAlt: 'A red balloon',
      published: true,
    });
    const article = (await t.app.inject({ url: `/News/slug/${created.json().slug}` })).json();
    const centred = shareCardFor(article);
    const before = await t.app.inject({ url: centred.url });
    expect(before.statusCode).toBe(200);
    expect(await redPixels(before.rawPayload)).toBe(0);

    await call('PATCH', `/api/admin/images/${img.id}`, { focalX: 150 / 900, focalY: 1080 / 1200 });
    const moved = (await t.app.inject({ url: `/News/slug/${created.json().slug}` })).json();
    const card = shareCardFor(moved);
    expect(card.url).not.toBe(centred.url);
    const res = await t.app.inject({ url: card.url });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(await redPixels(res.rawPayload)).toBeGreaterThan(5000);
  });

  it('gives feed readers the picture with its description, caption and credit where the format has room', async () => {
    const img = await upload(await testImage('jpeg', 800, 450));
    const created = await call('POST', '/api/admin/articles', {
      headline: 'Swan Joins Cabinet',
      category: 'Politics',
      imageUrl: img.url,
      imageAlt: 'A swan at a desk & chair',
      imageCaption: 'The swan, at work',
      imageCredit: 'Photo: Ann',
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/images/${img.id}-1600.webp`;
    const rss = (await t.app.inject({ url: '/feeds/rss.xml' })).body;
    expect(checkRss(rss)).toEqual([]);
    expect(rss).toContain(`<media:content url="http://news.test${url}" medium="image" type="image/webp">`);
    expect(rss).toContain('<media:description type="plain">A swan at a desk &amp; chair</media:description>');
    expect(rss).toContain('<media:title type="plain">The swan, at work</media:title>');
    expect(rss).toContain('<media:credit>Photo: Ann</media:credit>');
    const atom = (await t.app.inject({ url: '/feeds/atom.xml' })).body;
    expect(checkAtom(atom)).toEqual([]);
    expect(atom).toMatch(
      /<link rel="enclosure" type="image\/webp" href="[^"]+-1600\.webp" title="A swan at a desk &amp; chair"\/>/,
    );
    const json = (await t.app.inject({ url: '/feeds/feed.json' })).body;
    expect(checkJsonFeed(json)).toEqual([]);
    const item = JSON.parse(json).items.find((i: { title: string }) => i.title === 'Swan Joins Cabinet');
    expect(item.attachments).toEqual([
      { url: expect.stringMatching(/-1600\.webp$/), mime_type: 'image/webp', title: 'A swan at a desk & chair' },
    ]);
  });
});

describe('the audit rows of the picture library', () => {
  const imageRows = async () => {
    const res = await call('GET', '/api/admin/audit?action=image-update');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as { [key: string]: unknown }[];
  };
  beforeEach(async () => {
    await t.database.db.deleteFrom('audit_log').where('action', '=', 'image-update').execute();
  });

  it('record a change by the editor: the picture, each field before and after, the articles updated', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const article = async (headline: string, imageAlt: string) => {
      const created = await call('POST', '/api/admin/articles', { headline, category: 'Politics', imageUrl: img.url });
      expect(created.statusCode, created.body).toBe(201);
      await t.database.db
        .updateTable('articles')
        .set({ image_alt: imageAlt })
        .where('id', '=', created.json().id)
        .execute();
    };
    await article('Goat story without words', '');
    await article('Goat story with its own words', 'The goat, seen from the roof');
    await article('Goat story, already at the new focal point', 'A goat');
    await t.database.db
      .updateTable('articles')
      .set({ image_focal_x: 0.25, image_focal_y: 0.75 })
      .where('headline', '=', 'Goat story, already at the new focal point')
      .execute();
    const credit = `Photo: ${'Ann Roof '.repeat(10).trim()}`;
    const patched = await call('PATCH', `/api/admin/images/${img.id}`, {
      alt: ' A goat on a roof ',
      caption: 'On the roof',
      credit,
      focalX: 0.25,
      focalY: 0.75,
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const rows = await imageRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'image-update',
      articleId: 0,
      editorName: 'Lia Library',
      editorSubject: 'editor-library',
      record: { kind: 'image', id: img.id, name: 'A goat on a roof', exists: true },
      platform: null,
    });
    // The first article took the description and the focal point, the second the focal point; the
    // third had both already. Long values are cut in the line, kept whole in the row.
    expect(rows[0]!.detail).toBe(
      'description (none) → “A goat on a roof”, caption (none) → “On the roof”, ' +
        `credit (none) → “${credit.slice(0, 39)}…”, focal point 50% 50% → 25% 75% · 2 articles updated`,
    );
    const stored = await t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'article_id'])
      .where('action', '=', 'image-update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.before!)).toEqual({
      id: img.id,
      alt: '',
      caption: '',
      credit: '',
      focalX: 0.5,
      focalY: 0.5,
    });
    expect(JSON.parse(stored.after!)).toEqual({
      id: img.id,
      alt: 'A goat on a roof',
      caption: 'On the roof',
      credit,
      focalX: 0.25,
      focalY: 0.75,
      articleCount: 2,
    });

    // A change that reaches no article says so; a picture swept away since is named, and said gone.
    expect((await call('PATCH', `/api/admin/images/${img.id}`, { caption: '' })).statusCode).toBe(200);
    await t.database.db.deleteFrom('images').execute();
    const [latest] = await imageRows();
    expect(latest).toMatchObject({
      detail: 'caption “On the roof” → (none) · 0 articles updated',
      record: { kind: 'image', id: img.id, name: 'A goat on a roof', exists: false },
    });
  });

  it('write nothing for a change that changes nothing, a refused one or an unknown picture', async () => {
    const img = await upload(await testImage('jpeg', 400, 300));
    const first = await call('PATCH', `/api/admin/images/${img.id}`, { alt: 'A goat', focalX: 0.3 });
    expect(first.statusCode, first.body).toBe(200);
    expect(await imageRows()).toHaveLength(1);
    for (const same of [{}, { alt: ' A goat ', caption: '', credit: '' }, { focalX: 0.3, focalY: 0.5 }]) {
      const res = await call('PATCH', `/api/admin/images/${img.id}`, same);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectProblem(await call('PATCH', `/api/admin/images/${img.id}`, { alt: 'A sheep', focalX: 1.5 }), 400, 'focalX');
    expectProblem(await call('PATCH', `/api/admin/images/${img.id}`, { alt: 'nul\u0000' }), 400, 'alt');
    expectProblem(await call('PATCH', `/api/admin/images/${'0'.repeat(32)}`, { alt: 'x' }), 404);
    expect(await imageRows()).toHaveLength(1);
    expect((await call('GET', '/api/admin/images')).json().items[0]).toMatchObject({ alt: 'A goat', focalX: 0.3 });
  });
});
