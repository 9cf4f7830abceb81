import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { testImage, uploadImage } from '../../test-support/test-images.ts';
import { daysAgo } from '../../test-support/admin-articles.ts';
import { queryPlan, SORTS, statementsOf } from '../../test-support/query-plans.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { sql } from 'kysely';

// Runs on SQLite (project api) and on PostgreSQL (project api-pg).
let t: TestApp;
let small: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  // 2.5 MB: the hints of the admin show what the server takes.
  small = await createTestApp({ env: { IMAGE_MAX_BYTES: String(2.5 * 1024 * 1024) } });
  auth = { authorization: await t.bearer() };
});
afterAll(async () => {
  await small?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('images').execute();
});

const list = async (app: TestApp, query = '', authorization = auth.authorization) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/admin/images${query}`, headers: { authorization } });
  return res;
};

/** Pictures `alts` in the library, the first the newest; their ids end in 1, 2, … */
async function addPictures(alts: string[]): Promise<string[]> {
  const ids = alts.map((_, i) => (i + 1).toString(16).padStart(32, '0'));
  await t.database.db
    .insertInto('images')
    .values(
      alts.map((alt, i) => ({
        id: ids[i]!,
        width: 800,
        height: 600,
        alt,
        caption: '',
        credit: '',
        focal_x: 0.5,
        focal_y: 0.5,
        created_at: daysAgo(i),
        uploaded_by: null,
      })),
    )
    .execute();
  return ids;
}

describe('GET /api/admin/images: the upload limit', () => {
  it('says the largest upload the server takes, IMAGE_MAX_BYTES', async () => {
    const res = await list(t);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().maxUploadBytes).toBe(15 * 1024 * 1024);
    const other = await list(small, '', await small.bearer());
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().maxUploadBytes).toBe(2.5 * 1024 * 1024);
  });

  it('refuses a larger file with the same limit in its reason', async () => {
    const authorization = await small.bearer();
    const big = Buffer.concat([await testImage('jpeg', 64, 64), Buffer.alloc(3 * 1024 * 1024, 1)]);
    await expect(uploadImage(small.app, authorization, big)).rejects.toThrow(
      /413: .*The image is larger than 2\.5 MB\./,
    );
  });
});

describe('GET /api/admin/images?id=: one picture', () => {
  it('lists that picture only, whatever its description, with the others of the same description left out', async () => {
    const [first, second, third] = await addPictures(['A goat on a roof', 'A goat on a roof', '']);
    for (const id of [first!, second!, third!]) {
      const body = (await list(t, `?id=${id}`)).json();
      expect(body.total).toBe(1);
      expect(body.items.map((i: { id: string }) => i.id)).toEqual([id]);
    }
    // The other filters still apply.
    expect((await list(t, `?id=${first}&described=no`)).json()).toMatchObject({ total: 0, items: [] });
    expect((await list(t, `?id=${third}&described=no`)).json().total).toBe(1);
    expect((await list(t, `?id=${second}&q=goat`)).json().total).toBe(1);
    // Swept away (or never uploaded): none.
    expect((await list(t, `?id=${'f'.repeat(32)}`)).json()).toMatchObject({ total: 0, items: [] });
  });

  it('refuses an id that is not 32 hexadecimal characters with a 400 problem naming it', async () => {
    for (const id of ['abc', 'A'.repeat(32), 'g'.repeat(32), '0'.repeat(33), '']) {
      expectProblem(await list(t, `?id=${id}`), 400, 'id');
    }
  });
});

describe('GET /api/admin/images?described=no: the pictures without a description', () => {
  it('reads them through their partial index, in the library order, without sorting', async () => {
    // A library mostly described, as editors leave it.
    await addPictures(Array.from({ length: 400 }, (_, i) => (i % 20 === 0 ? '' : `Picture ${i}`)));
    if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);
    const statements = await statementsOf(t.database, (db) =>
      new ImagesRepository(db).list({ described: false, page: 2, pageSize: 5 }),
    );
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      const plan = (await queryPlan(t.database, statement)).join('\n');
      expect(plan).toMatch(/images_undescribed_idx/);
      expect(plan).not.toMatch(SORTS);
    }
    const body = (await list(t, '?described=no&page=2')).json();
    expect(body.total).toBe(20);
  });
});
