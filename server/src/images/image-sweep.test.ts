import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageCropUrl, imageVariantUrl } from '../../../common/images.ts';
import { referencedImageIds } from '../repositories/image-references.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { uploadImage, testImage } from '../test-support/test-images.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Uploads nothing references any more are deleted (files under DATA_DIR here, on SQLite in `api`
 * and PostgreSQL in `api-pg`; the bucket in images-s3.test.ts): an article, in the trash or not,
 * or any revision keeps an image; a fresh upload is kept for the editor to use.
 */
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-sweep', name: 'Sid Sweep' }) };
});
afterAll(async () => t?.close());

const upload = async () =>
  (await uploadImage(t.app, auth.authorization, await testImage('png', 200, 120), 'image/png')).id;

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const article = (headline: string, imageUrl: string) => ({
  headline,
  summary: 'Summary.',
  content: 'Content.',
  category: 'Politics',
  author: 'Ann Author',
  source: 'Wire',
  imageUrl,
  ratingOutOfTen: 5,
  comments: 'Fine.',
  isBreaking: false,
});

async function create(headline: string, imageUrl: string): Promise<{ id: number; version: number }> {
  const res = await call('POST', '/api/admin/articles', article(headline, imageUrl));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Ids of the images with every width on disk; an image with some widths only fails the test. */
async function onDisk(): Promise<string[]> {
  const names = await fs.readdir(path.join(t.config.dataDir, 'images')).catch(() => [] as string[]);
  const ids = [...new Set(names.filter((n) => n.endsWith('.webp')).map((n) => n.slice(0, 32)))];
  for (const id of ids) {
    expect(names.filter((n) => n.startsWith(`${id}-`)).sort()).toEqual(
      IMAGE_WIDTHS.map((w) => `${id}-${w}.webp`).sort(),
    );
  }
  return ids.sort();
}

describe('the image sweep', () => {
  it('keeps what articles, the trash and revisions use and fresh uploads; deletes the rest', async () => {
    const live = await upload();
    const replaced = await upload();
    const replacement = await upload();
    const unused = await upload();
    const trashed = await upload();

    await create('Live Story', imageVariantUrl(live, 1600));
    // Any width of an upload counts as a reference.
    await create('Live Story Small Picture', imageVariantUrl(live, 480));
    const edited = await create('Edited Story', imageVariantUrl(replaced, 1600));
    const put = await call(
      'PUT',
      `/api/admin/articles/${edited.id}`,
      article('Edited Story', imageVariantUrl(replacement, 960)),
      { 'if-match': `"${edited.version}"` },
    );
    expect(put.statusCode, put.body).toBe(200);
    const gone = await create('Trashed Story', imageVariantUrl(trashed, 1600));
    expect((await call('DELETE', `/api/admin/articles/${gone.id}`)).statusCode).toBe(204);

    const all = [live, replaced, replacement, unused, trashed].sort();
    expect(await onDisk()).toEqual(all);
    // Nothing is old enough yet: the unused upload waits for its editor.
    expect((await t.app.scheduler.tick()).imagesDeleted ?? []).toEqual([]);
    expect(await onDisk()).toEqual(all);

    // A week and a day later: the unused upload goes. The replaced picture stays (a revision shows
    // it, a restore brings it back), and so does the trashed article's (it can still be restored).
    const later = new Date(Date.now() + 8 * DAY);
    expect((await t.app.scheduler.tick(later)).imagesDeleted).toEqual([unused]);
    expect(await onDisk()).toEqual([live, replaced, replacement, trashed].sort());
    expect((await t.app.inject({ url: imageVariantUrl(unused, 480) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: imageVariantUrl(replaced, 480) })).statusCode).toBe(200);

    // Past the trash's 30 days: the article is purged with its revisions, and its picture with it.
    const purgeDay = new Date(Date.now() + 31 * DAY);
    const tick = await t.app.scheduler.tick(purgeDay);
    expect(tick.purged).toEqual([gone.id]);
    expect(tick.imagesDeleted).toEqual([trashed]);
    expect(await onDisk()).toEqual([live, replaced, replacement].sort());

    // A second sweep finds nothing more to do.
    const again = await t.app.scheduler.tick(new Date(Date.now() + 40 * DAY));
    expect(again.imagesDeleted).toEqual([]);
    expect(await onDisk()).toEqual([live, replaced, replacement].sort());
  });

  it("deletes an unused picture's crops with its widths, and its library row", async () => {
    const id = await upload();
    // A crop around the focal point, stored beside the widths.
    expect((await t.app.inject({ url: imageCropUrl(id, '1x1', 0.5, 0.5) })).statusCode).toBe(200);
    const names = await fs.readdir(path.join(t.config.dataDir, 'images'));
    expect(names).toContain(`${id}-1x1-50-50.webp`);
    expect(await t.database.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    const tick = await t.app.scheduler.tick(new Date(Date.now() + 60 * DAY));
    expect(tick.imagesDeleted).toContain(id);
    const left = await fs.readdir(path.join(t.config.dataDir, 'images'));
    expect(left.filter((n) => n.startsWith(id))).toEqual([]);
    expect(
      await t.database.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('counts a revision naming an image as a reference until the revision goes', async () => {
    const id = 'c'.repeat(32);
    const db = t.database.db;
    const row = await db
      .insertInto('article_revisions')
      .values({
        article_id: 999_999,
        version: 1,
        action: 'edit',
        editor_subject: 's',
        editor_name: 'n',
        at: new Date().toISOString(),
        changed_fields: '[]',
        snapshot: JSON.stringify({ imageUrl: imageVariantUrl(id, 960) }),
        image_id: id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect([...(await referencedImageIds(t.database.db, [id, 'd'.repeat(32)]))]).toEqual([id]);
    await db.deleteFrom('article_revisions').where('id', '=', row.id).execute();
    expect([...(await referencedImageIds(t.database.db, [id]))]).toEqual([]);
  });

  it('keeps the pictures and embed thumbnails of bodies, also one an edit removed, until the article is purged', async () => {
    const inline = await upload();
    const thumb = await upload();
    const dropped = await upload();
    const trashedInline = await upload();
    const picture = (imageId: string) => ({
      type: 'image',
      attrs: { imageId, alt: 'A picture', caption: '', credit: '' },
    });
    const withBody = (headline: string, content: unknown[]) => ({
      ...article(headline, ''),
      content: undefined,
      body: { type: 'doc', content },
    });
    const ok = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { id: number; version: number };
    };
    await ok(
      await call(
        'POST',
        '/api/admin/articles',
        withBody('Inline Picture Story', [
          picture(inline),
          {
            type: 'embed',
            attrs: { provider: 'youtube', url: 'https://youtu.be/abc', text: 'A video', thumbnailImageId: thumb },
          },
        ]),
      ),
    );
    const edited = await ok(
      await call('POST', '/api/admin/articles', withBody('Dropped Picture Story', [picture(dropped)])),
    );
    await ok(
      await call(
        'PUT',
        `/api/admin/articles/${edited.id}`,
        withBody('Dropped Picture Story', [{ type: 'paragraph' }]),
        {
          'if-match': `"${edited.version}"`,
        },
      ),
    );
    const gone = await ok(
      await call('POST', '/api/admin/articles', withBody('Trashed Picture Story', [picture(trashedInline)])),
    );
    expect((await call('DELETE', `/api/admin/articles/${gone.id}`)).statusCode).toBe(204);

    const week = await t.app.scheduler.tick(new Date(Date.now() + 8 * DAY));
    for (const id of [inline, thumb, dropped, trashedInline]) expect(week.imagesDeleted ?? []).not.toContain(id);
    expect(await onDisk()).toEqual(expect.arrayContaining([inline, thumb, dropped, trashedInline]));

    const purged = await t.app.scheduler.tick(new Date(Date.now() + 31 * DAY));
    expect(purged.purged).toContain(gone.id);
    expect(purged.imagesDeleted).toEqual([trashedInline]);
    expect(await onDisk()).toEqual(expect.arrayContaining([inline, thumb, dropped]));
    expect(await onDisk()).not.toContain(trashedInline);
  });
});
