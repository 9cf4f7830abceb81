import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/src/db/index.ts';
import { fillArticles, fillWithOneTrashed, script } from './transfer-support.ts';

describe('npm run export / npm run import -- --keep-ids (embedded database)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-export-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes every article as NDJSON that an import reads back unchanged (export, import, export: same bytes)', async () => {
    const first = path.join(dir, 'first.ndjson');
    const second = path.join(dir, 'second.ndjson');
    const source = await openDatabase({ dataDir: path.join(dir, 'a'), databaseUrl: '' });
    await fillArticles(source);
    const total = (await source.db.selectFrom('articles').select('id').execute()).length;
    await source.destroy();

    const exported = await script('export', [first], { DATA_DIR: path.join(dir, 'a') });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`${total} articles exported`);
    const lines = (await fs.readFile(first, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(total);
    const records = lines.map((l) => JSON.parse(l));
    expect(Object.keys(records[0])).toEqual([
      'id',
      'headline',
      'summary',
      'body',
      'author',
      'authors',
      'tags',
      'category',
      'source',
      'editorName',
      'ratingOutOfTen',
      'comments',
      'imageUrl',
      'originalUrl',
      'isBreaking',
      'publishedAt',
      'createdAt',
      'updatedAt',
    ]);
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort((x, y) => x - y));
    expect(records.some((r) => r.publishedAt === null)).toBe(true);
    expect(records.find((r) => r.headline === 'Breaking: everything at once')).toMatchObject({
      isBreaking: true,
      category: 'UK',
      ratingOutOfTen: 10,
      publishedAt: '2026-01-02T03:04:05.678Z',
      metaTitle: 'Everything, at once',
      metaDescription: 'What search results show of it: «quotes» and "marks".',
    });
    // The search and social fields come after originalUrl, and only where set.
    const everything = records.find((r) => r.headline === 'Breaking: everything at once');
    expect(Object.keys(everything).slice(13, 16)).toEqual(['originalUrl', 'metaTitle', 'metaDescription']);

    const imported = await script('import', [first, '--keep-ids'], { DATA_DIR: path.join(dir, 'b') });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`${total} of ${total} records imported; 0 skipped.`);

    const again = await script('export', [second], { DATA_DIR: path.join(dir, 'b') });
    expect(again.code, again.stderr).toBe(0);
    expect(await fs.readFile(second, 'utf8')).toBe(await fs.readFile(first, 'utf8'));

    // New articles continue after the imported ids; a second --keep-ids import of the same file fails whole.
    const b = await openDatabase({ dataDir: path.join(dir, 'b'), databaseUrl: '' });
    const fresh = await b.db
      .insertInto('articles')
      .values({
        ...(await b.db.selectFrom('articles').selectAll().where('id', '=', records[0].id).executeTakeFirstOrThrow()),
        id: undefined,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(Number(fresh.id)).toBeGreaterThan(Math.max(...records.map((r) => r.id)));
    await b.destroy();
    const twice = await script('import', [first, '--keep-ids'], { DATA_DIR: path.join(dir, 'b') });
    expect(twice.code).toBe(1);
  });

  it('a plain import of an export file ignores the ids and timestamps; --keep-ids names a record without them', async () => {
    const file = path.join(dir, 'plain.ndjson');
    await fs.writeFile(
      file,
      `${JSON.stringify({ id: 7, headline: 'Plain record', category: 'Sport', createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' })}\n${JSON.stringify({ headline: 'No id', category: 'Sport' })}\n`,
    );
    const plain = await script('import', [file], { DATA_DIR: path.join(dir, 'c') });
    expect(plain.code, plain.stderr).toBe(0);
    const kept = await script('import', [file, '--keep-ids'], { DATA_DIR: path.join(dir, 'd') });
    expect(kept.code).toBe(2);
    expect(kept.stderr).toContain("skipped: line 2: 'id' must be a positive whole number (--keep-ids)");
    const d = await openDatabase({ dataDir: path.join(dir, 'd'), databaseUrl: '' });
    const rows = await d.db.selectFrom('articles').select(['id', 'created_at']).execute();
    await d.destroy();
    expect(rows).toEqual([{ id: 7, created_at: '2020-01-01T00:00:00.000Z' }]);
  });

  it('leaves the articles in the trash out and says how many', async () => {
    const dataDir = path.join(dir, 'trash');
    const database = await openDatabase({ dataDir, databaseUrl: '' });
    const trashedId = await fillWithOneTrashed(database);
    const total = (await database.db.selectFrom('articles').select('id').execute()).length;
    await database.destroy();

    const file = path.join(dir, 'trash.ndjson');
    const r = await script('export', [file], { DATA_DIR: dataDir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${total - 1} articles exported to ${file} (1 in the trash left out)`);
    const ids = (await fs.readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id as number);
    expect(ids).toHaveLength(total - 1);
    expect(ids).not.toContain(trashedId);
  });

  it('exit 1 with the usage without a file argument', async () => {
    const r = await script('export', [], { DATA_DIR: path.join(dir, 'e') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Usage: npm run export -- FILE');
  });
});
