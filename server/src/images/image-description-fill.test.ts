import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { uploadImage, testImage } from '../test-support/test-images.ts';

// Runs on SQLite (project api) and on PostgreSQL (project api-pg).
let t: TestApp;
let writer: { authorization: string };
let describer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  writer = { authorization: await t.bearer({ sub: 'editor-writer', name: 'Wren Writer' }) };
  describer = { authorization: await t.bearer({ sub: 'editor-describer', name: 'Dora Describer' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('article_revisions').execute();
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('images').execute();
});

function call(
  auth: { authorization: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}), ...extra },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

const PUBLISHED = '2026-01-02T09:00:00.000Z';
const MODIFIED = '2026-01-03T09:00:00.000Z';

/** A published article showing the picture, with `imageAlt` (as migration 036 left older ones: ''). */
async function article(imageUrl: string, headline: string, imageAlt: string) {
  const created = await call(writer, 'POST', '/api/admin/articles', { headline, category: 'Politics', imageUrl });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  // Published before alt texts, and changed for readers once since.
  await t.database.db
    .updateTable('articles')
    .set({ image_alt: imageAlt, published_at: PUBLISHED, modified_at: MODIFIED })
    .where('id', '=', id)
    .execute();
  return { id, slug: created.json().slug as string };
}

const admin = async (id: number) => (await call(writer, 'GET', `/api/admin/articles/${id}`)).json();
const revisions = async (id: number) =>
  (await call(writer, 'GET', `/api/admin/articles/${id}/revisions`)).json().revisions as {
    version: number;
    action: string;
    editorName: string;
    changedFields: string[];
  }[];

describe('a picture described on the Pictures screen', () => {
  it('fills the articles without a description as a new version with a revision by the describing editor, keeping the readers\u2019 update time', async () => {
    const img = await uploadImage(t.app, writer.authorization, await testImage('jpeg', 400, 300));
    const bare = await article(img.url, 'Old goat story', '');
    const own = await article(img.url, 'Goat story with its own words', 'The goat, seen from the roof');
    const bareBefore = await admin(bare.id);
    const ownBefore = await admin(own.id);
    const publicBefore = (await t.app.inject({ url: `/News/slug/${bare.slug}` })).json();
    expect(publicBefore.modifiedAt).toBe(MODIFIED);

    const patched = await call(describer, 'PATCH', `/api/admin/images/${img.id}`, { alt: ' A goat on a roof ' });
    expect(patched.statusCode, patched.body).toBe(200);

    const bareAfter = await admin(bare.id);
    expect(bareAfter).toMatchObject({
      imageAlt: 'A goat on a roof',
      version: bareBefore.version + 1,
      updatedBy: 'Dora Describer',
      headline: 'Old goat story',
    });
    const [newest, ...older] = await revisions(bare.id);
    expect(newest).toMatchObject({
      version: bareBefore.version + 1,
      action: 'image-update',
      editorName: 'Dora Describer',
      changedFields: ['imageAlt'],
    });
    expect(older.map((r) => r.version)).not.toContain(bareAfter.version);
    // The revision keeps the article as the fill left it (a restore or a comparison shows it).
    const kept = (await call(writer, 'GET', `/api/admin/articles/${bare.id}/revisions`)).json().revisions[0];
    const snapshot = (await call(writer, 'GET', `/api/admin/articles/${bare.id}/revisions/${kept.id}`)).json().snapshot;
    expect(snapshot).toMatchObject({ imageAlt: 'A goat on a roof', version: bareAfter.version });

    // Readers get the description, and no new 'Updated' time: the story's text did not change.
    const publicAfter = (await t.app.inject({ url: `/News/slug/${bare.slug}` })).json();
    expect(publicAfter).toMatchObject({ imageAlt: 'A goat on a roof', modifiedAt: MODIFIED });
    const stored = await t.database.db
      .selectFrom('articles')
      .select('modified_at')
      .where('id', '=', bare.id)
      .executeTakeFirstOrThrow();
    expect(stored.modified_at).toBe(MODIFIED);

    // The article with its own description: untouched, no new version, no revision.
    const ownAfter = await admin(own.id);
    expect(ownAfter).toMatchObject({ imageAlt: 'The goat, seen from the roof', version: ownBefore.version });
    expect(ownAfter.updatedBy).toBe(ownBefore.updatedBy);
    expect((await revisions(own.id)).map((r) => r.action)).not.toContain('image-update');

    // A second description finds no article without one: no version anywhere.
    expect((await call(describer, 'PATCH', `/api/admin/images/${img.id}`, { alt: 'A goat' })).statusCode).toBe(200);
    expect((await admin(bare.id)).version).toBe(bareAfter.version);
    expect((await admin(own.id)).version).toBe(ownBefore.version);
  });

  it('makes an edit form\u2019s save based on the version before it stale, so the description is not written over unseen', async () => {
    const img = await uploadImage(t.app, writer.authorization, await testImage('jpeg', 400, 300));
    const bare = await article(img.url, 'Old goat story', '');
    const loaded = await admin(bare.id);
    expect((await call(describer, 'PATCH', `/api/admin/images/${img.id}`, { alt: 'A goat' })).statusCode).toBe(200);

    const put = await call(
      writer,
      'PUT',
      `/api/admin/articles/${bare.id}`,
      { headline: 'Old goat story, retold', category: 'Politics', imageUrl: img.url, imageAlt: '' },
      { 'if-match': `"${loaded.version}"` },
    );
    expect(put.statusCode, put.body).toBe(412);
    expect(put.json()).toMatchObject({ currentVersion: loaded.version + 1, changedBy: 'Dora Describer' });
    expect((await admin(bare.id)).imageAlt).toBe('A goat');
  });

  it('moves the focal point of an article without a version: only a description makes one', async () => {
    const img = await uploadImage(t.app, writer.authorization, await testImage('jpeg', 400, 300));
    const own = await article(img.url, 'Goat story with its own words', 'The goat');
    const before = await admin(own.id);
    const patched = await call(describer, 'PATCH', `/api/admin/images/${img.id}`, { focalX: 0.2, focalY: 0.3 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await admin(own.id)).toMatchObject({ imageFocalX: 0.2, imageFocalY: 0.3, version: before.version });
  });
});
