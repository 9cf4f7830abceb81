import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Runs on SQLite (project api) and on PostgreSQL (project api-pg).
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer() };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('images').execute();
});

/** A 32-hex picture id ending in `n`. */
const pictureId = (n: number) => n.toString(16).padStart(32, '0');

async function addPictures(alts: string[]): Promise<string[]> {
  const ids = alts.map((_, i) => pictureId(i + 1));
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

const dashboard = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { undescribedPictures: number; totalArticles: number };
};

describe('GET /api/admin/dashboard: pictures without a description', () => {
  it('counts the undescribed pictures used by an article out of the trash, each once', async () => {
    const [lead, smallLead, inBody, both, unused, trashedOnly, described] = await addPictures([
      '',
      '',
      '',
      '',
      '',
      '',
      'A goat on a roof',
    ]);
    const url = (id: string, width = 960) => `/images/${id}-${width}.webp`;
    const [first, second, , trashed] = await insertArticles(t.database.db, [
      { headline: 'Lead user', image_url: url(lead!) },
      { headline: 'Small lead user', image_url: url(smallLead!, 480), published_at: daysAgo(1) },
      { headline: 'Second lead user', image_url: url(both!, 1600) },
      { headline: 'Trashed user', image_url: url(trashedOnly!), deleted_at: daysAgo(1) },
      { headline: 'Described user', image_url: url(described!) },
    ]);
    await t.database.db
      .insertInto('article_body_images')
      .values([
        { article_id: first!.id, image_id: inBody! },
        { article_id: second!.id, image_id: both! },
        { article_id: trashed!.id, image_id: trashedOnly! },
        { article_id: first!.id, image_id: described! },
      ])
      .execute();
    expect(unused).toBeDefined();
    // lead, smallLead, inBody, both: not the unused one, the one only the trash uses, the described one.
    expect((await dashboard()).undescribedPictures).toBe(4);

    // Out of the trash: counted again. Described: no longer counted.
    await t.database.db.updateTable('articles').set({ deleted_at: null }).where('id', '=', trashed!.id).execute();
    expect((await dashboard()).undescribedPictures).toBe(5);
    await t.database.db.updateTable('images').set({ alt: 'The minister' }).where('id', 'in', [lead!, both!]).execute();
    expect((await dashboard()).undescribedPictures).toBe(3);
  });

  it('is 0 with an empty library, and beside the other figures', async () => {
    await insertArticles(t.database.db, [{ headline: 'No picture' }]);
    const body = await dashboard();
    expect(body.undescribedPictures).toBe(0);
    expect(body.totalArticles).toBe(1);
  });

  it('is one statement that probes, per picture, the indexes and each article by its primary key', async () => {
    // Enough rows for PostgreSQL's planner to weigh the tables as a newsroom's would be.
    const ids = await addPictures(Array.from({ length: 300 }, (_, i) => (i % 2 ? 'Described' : '')));
    const rows = await insertArticles(
      t.database.db,
      Array.from({ length: 3000 }, (_, i) => ({
        headline: `Story ${i}`,
        image_url: i % 3 === 0 ? `/images/${ids[i % ids.length]!}-960.webp` : 'https://example.com/a.jpg',
        deleted_at: i % 40 === 0 ? daysAgo(1) : null,
      })),
    );
    await t.database.db
      .insertInto('article_body_images')
      .values(rows.filter((_, i) => i % 5 === 0).map((r, i) => ({ article_id: r.id, image_id: ids[i % ids.length]! })))
      .execute();
    if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);

    const statements = await statementsOf(t.database, (db) => new ImagesRepository(db).undescribedInUse());
    expect(statements).toHaveLength(1);
    const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
    expect(plan).toMatch(/article_body_images_image_idx/);
    expect(plan).toMatch(/articles_uploaded_image_idx/);
    // Only the undescribed pictures are read: migration 045's partial index, not the whole library.
    expect(plan).toMatch(
      t.database.dialect === 'sqlite'
        ? /SCAN i USING COVERING INDEX images_undescribed_idx/
        : /Index Only Scan using images_undescribed_idx on images i/,
    );
    // Articles are never read whole: through the partial index, or one by one by primary key.
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH a USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN (articles|article_body_images|a)\b/);
    } else {
      expect(plan).toMatch(/Index Scan using articles_pkey on articles a/);
      expect(plan).not.toMatch(/Seq Scan on (articles|article_body_images|images)|articles_list/);
    }
  });
});
