import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The article's texts and the picture library's description limited in user-perceived characters
 * (common/text-length.ts), as the edit form counts them: a family emoji is one character of 11 UTF-16
 * units and 7 code points, stored whole on both databases (SQLite in `api`, PostgreSQL in `api-pg`,
 * whose columns were `varchar(N)` before migration 048).
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-length', name: 'Len Count' }) };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';

function call(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

describe("an article's texts, counted in characters", () => {
  it('stores a headline of 300 characters and texts at their limits, and refuses one more with a 400', async () => {
    const texts = {
      headline: `A${FAMILY.repeat(299)}`,
      source: FAMILY.repeat(200),
      editorName: FAMILY.repeat(200),
      imageAlt: FAMILY.repeat(1000),
      imageCaption: FAMILY.repeat(2000),
      imageCredit: FAMILY.repeat(300),
      originalUrl: `https://a.example/${FAMILY.repeat(1982)}`,
    };
    const res = await call('POST', '/api/admin/articles', { ...texts, category: 'Politics' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; version: number };
    expect(created).toMatchObject(texts);
    const row = await t.database.db
      .selectFrom('articles')
      .select(['headline', 'source', 'editor_name', 'image_alt', 'image_caption', 'image_credit', 'original_url'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      headline: texts.headline,
      source: texts.source,
      editor_name: texts.editorName,
      image_alt: texts.imageAlt,
      image_caption: texts.imageCaption,
      image_credit: texts.imageCredit,
      original_url: texts.originalUrl,
    });

    const over = await call('POST', '/api/admin/articles', {
      headline: `A${FAMILY.repeat(300)}`,
      category: 'Politics',
      imageCredit: FAMILY.repeat(301),
    });
    expect(expectProblem(over, 400, "'headline'").errors).toEqual([
      { in: 'body', name: 'headline', message: 'must be at most 300 characters' },
      { in: 'body', name: 'imageCredit', message: 'must be at most 300 characters' },
    ]);
    const edit = await call('PUT', `/api/admin/articles/${created.id}`, {
      ...texts,
      category: 'Politics',
      version: created.version,
      headline: ` A${FAMILY.repeat(300)} `,
    });
    expect(expectProblem(edit, 400).errors).toEqual([
      { in: 'body', name: 'headline', message: 'must be at most 300 characters' },
    ]);
  });

  it("refuses a text past the schema's safety cap with a 400 naming the field and its limit", async () => {
    const huge = await call('POST', '/api/admin/articles', {
      headline: 'x'.repeat(300 * 32 + 1),
      category: 'Politics',
    });
    expect(expectProblem(huge, 400, "'headline'").errors).toEqual([
      { in: 'body', name: 'headline', message: 'must be at most 300 characters' },
    ]);
    expect(await t.database.db.selectFrom('articles').select('id').execute()).toEqual([]);

    const created = await call('POST', '/api/admin/articles', { headline: 'Goat', category: 'Politics' });
    const { id, version } = created.json() as { id: number; version: number };
    const edit = await call('PUT', `/api/admin/articles/${id}`, {
      headline: 'Goat',
      categoryId: 1,
      version,
      summary: 'x'.repeat(2000 * 32 + 1),
    });
    expect(expectProblem(edit, 400, "'summary'").errors).toEqual([
      { in: 'body', name: 'summary', message: 'must be at most 2000 characters' },
    ]);
  });
});

describe("the picture library's description, caption and credit", () => {
  const id = 'c'.repeat(32);
  beforeAll(async () => {
    await t.database.db.deleteFrom('images').where('id', '=', id).execute();
    await t.database.db
      .insertInto('images')
      .values({
        id,
        width: 10,
        height: 10,
        alt: '',
        caption: '',
        credit: '',
        focal_x: 0.5,
        focal_y: 0.5,
        created_at: new Date().toISOString(),
      })
      .execute();
  });

  it('takes each at its limit in characters, and refuses one more with a 400 naming the field', async () => {
    const texts = { alt: FAMILY.repeat(1000), caption: FAMILY.repeat(2000), credit: FAMILY.repeat(300) };
    const ok = await call('PATCH', `/api/admin/images/${id}`, texts);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject(texts);
    const over = await call('PATCH', `/api/admin/images/${id}`, { alt: `${texts.alt}${FAMILY}`, credit: 'x' });
    expect(expectProblem(over, 400, "'alt'").errors).toEqual([
      { in: 'body', name: 'alt', message: 'must be at most 1000 characters' },
    ]);
    const huge = await call('PATCH', `/api/admin/images/${id}`, { credit: 'x'.repeat(300 * 32 + 1) });
    expect(expectProblem(huge, 400).errors).toEqual([
      { in: 'body', name: 'credit', message: 'must be at most 300 characters' },
    ]);
  });
});
