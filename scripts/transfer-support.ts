// Test support of the export/import/migrate-data tests: runs a script as `npm run` does, and fills
// a database with every kind of row.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../server/src/db/index.ts';
import { AdminArticlesRepository } from '../server/src/repositories/admin-articles.ts';
import { seedIfEmpty } from '../server/src/seed/index.ts';
import { insertArticles } from '../server/src/test-support/admin-articles.ts';

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, '..');

/** Environment without the caller's database settings. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_|DATA_DIR|TOKEN_ENCRYPTION_KEY|TEST_DATABASE_URL)/.test(k),
    ),
  );
  return { ...base, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env };
}

export async function script(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: cleanEnv(env),
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Demo articles plus the awkward cases: drafts, breaking, empty links, unicode, quotes and newlines. */
export async function fillArticles(database: Db): Promise<void> {
  await seedIfEmpty(database, { info: () => undefined });
  await insertArticles(database.db, [
    {
      headline: 'Draft with "quotes" and a\\nbackslash',
      published_at: null,
      image_url: '',
      original_url: '',
      // One insert of both rows: SQLite has no DEFAULT in a VALUES list, so both name every column.
      meta_title: '',
      meta_description: '',
      content: 'Line one\n\nLine «two» — ünïcödé ✓',
    },
    {
      headline: 'Breaking: everything at once',
      is_breaking: 1,
      published_at: '2026-01-02T03:04:05.678Z',
      rating: 10,
      category_id: 6,
      image_url: '/images/x.svg',
      original_url: 'https://example.com/a?b=1&c=2',
      meta_title: 'Everything, at once',
      meta_description: 'What search results show of it: «quotes» and "marks".',
    },
  ]);
  // A gap in the ids: the export keeps them exactly.
  const last = await database.db.selectFrom('articles').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await database.db
    .deleteFrom('articles')
    .where('id', '=', Number(last.id) - 1)
    .execute();
}

/** fillArticles, then one published article moved to the trash by an editor; its id. */
export async function fillWithOneTrashed(database: Db): Promise<number> {
  await fillArticles(database);
  const victim = await database.db
    .selectFrom('articles')
    .select('id')
    .where('published_at', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const repo = new AdminArticlesRepository(database.db, database.dialect);
  const trashed = await repo.delete(Number(victim.id), { subject: 'editor-export', name: 'Ed Export' });
  if (!trashed.ok) throw new Error(`could not trash article ${victim.id}: ${trashed.reason}`);
  return Number(victim.id);
}
