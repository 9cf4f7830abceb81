import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../common/slug.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import type { ArticleRow } from '../server/src/db/schema.ts';
import { seedBenchArticles } from './bench-seed.ts';

// The benchmark's data must look like the real thing, or the figures mean nothing.
describe('bench seed', () => {
  let dataDir: string;
  let database: Db;
  let rows: ArticleRow[];
  const N = 2_345; // not a multiple of the batch size

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-test-'));
    database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    const progress: number[] = [];
    const result = await seedBenchArticles(database, N, (n) => progress.push(n));
    expect(result.inserted).toBe(N);
    expect(progress.at(-1)).toBe(N);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    rows = await database.db.selectFrom('articles').selectAll().execute();
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('inserts exactly the requested number of rows with unique slugs derived by the slug rule', () => {
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(N);
    for (const r of rows.slice(0, 50)) expect(r.slug).toBe(slugify(r.headline));
  });

  it('covers every category, about 5% breaking and about 10% drafts', () => {
    expect(new Set(rows.map((r) => r.category_id))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const breaking = rows.filter((r) => r.is_breaking === 1).length / N;
    const drafts = rows.filter((r) => r.published_at === null).length / N;
    expect(breaking).toBeGreaterThan(0.03);
    expect(breaking).toBeLessThan(0.07);
    expect(drafts).toBeGreaterThan(0.07);
    expect(drafts).toBeLessThan(0.13);
  });

  it('spreads publication over the last two years with realistic text sizes', () => {
    const now = Date.now();
    const times = rows.filter((r) => r.published_at).map((r) => Date.parse(r.published_at!));
    expect(Math.max(...times)).toBeLessThanOrEqual(now + 3_600_000);
    expect(Math.min(...times)).toBeGreaterThan(now - 2 * 366 * 86_400_000);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(600 * 86_400_000);
    const avg = (f: (r: ArticleRow) => number) => rows.reduce((s, r) => s + f(r), 0) / N;
    expect(avg((r) => r.headline.length)).toBeGreaterThan(40);
    expect(avg((r) => r.summary.length)).toBeGreaterThan(100);
    expect(avg((r) => r.content.length)).toBeGreaterThan(1500);
    expect(rows.every((r) => r.content.split('\n\n').length >= 4)).toBe(true);
    expect(rows.every((r) => r.rating >= 0 && r.rating <= 10)).toBe(true);
  });
});
