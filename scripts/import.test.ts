import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { arrayElementLines } from './import-records.ts';
import { runImport } from './import.ts';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-import-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }));
  try {
    return await fn(database);
  } finally {
    await database.destroy();
  }
}

/** Runs the importer in this process (no terminal) and collects its output. */
async function importHere(file: string, dryRun = false) {
  const database = await openDatabase(loadConfig({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }));
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  try {
    const result = await runImport({ file, dryRun, database, out, err, tty: false });
    return { result, stdout, stderr };
  } finally {
    await database.destroy();
  }
}

const good = (i: number) => ({
  headline: `Imported Story ${i}`,
  category: 'Sport',
  author: 'Wire',
  ratingOutOfTen: i % 11,
});

describe('npm run import', { timeout: 90_000 }, () => {
  it('lands the good records of a mixed NDJSON file and reports the two malformed lines (exit 2)', async () => {
    const lines = [
      JSON.stringify(good(1)),
      JSON.stringify({ ...good(2), categoryId: 3, category: undefined, published: true }),
      '',
      '{"headline": "Broken JSON", "category": ',
      JSON.stringify(good(3)),
      JSON.stringify(good(4)),
      JSON.stringify({ ...good(5), ratingOutOfTen: 11 }),
      JSON.stringify(good(6)),
    ];
    const file = path.join(dir, 'mixed.ndjson');
    await fs.writeFile(file, lines.join('\n') + '\n');
    const res = await runCli([file]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toMatch(/skipped: line 4: not valid JSON/);
    expect(res.stderr).toMatch(/skipped: line 7: ratingOutOfTen must be at most 10/);
    expect(res.stderr.match(/skipped:/g)).toHaveLength(2);
    expect(res.stdout).toContain('5 of 7 records imported; 2 skipped.');
    await withDb(async ({ db }) => {
      const rows = await db.selectFrom('articles').selectAll().orderBy('id').execute();
      expect(rows.map((r) => r.headline)).toEqual([1, 2, 3, 4, 6].map((i) => `Imported Story ${i}`));
      expect(rows[0]).toMatchObject({
        slug: 'imported-story-1',
        category_id: 3,
        author: 'Wire',
        rating: 1,
        published_at: null,
      });
      expect(rows[1]!.published_at).not.toBeNull();
      const audit = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      expect(audit).toHaveLength(5);
      expect(audit.every((a) => a.action === 'create' && a.actor_subject === 'import' && a.before === null)).toBe(true);
      expect(audit.map((a) => a.article_id)).toEqual(rows.map((r) => r.id));
    });
  });

  it('reports a JSON array element by the line it starts on and its index', async () => {
    const text = `[\n  ${JSON.stringify(good(1))},\n  {\n    "headline": "Bad {[\\"quoted\\"]} one",\n    "category": "Nowhere"\n  },\n  ${JSON.stringify(good(2))}, 42\n]\n`;
    const file = path.join(dir, 'articles.json');
    await fs.writeFile(file, text);
    const res = await importHere(file);
    expect(res.result).toMatchObject({ read: 4, stored: 2 });
    expect(res.stderr).toMatch(/skipped: line 3 \(array index 1\): category "Nowhere" is not a known category/);
    expect(res.stderr).toMatch(/skipped: line 7 \(array index 3\): record must be a JSON object/);
    expect(await withDb(async ({ db }) => (await db.selectFrom('articles').select('headline').execute()).length)).toBe(
      2,
    );
  });

  it('stores more than one batch and exits 0 when every record is good', async () => {
    const file = path.join(dir, 'many.ndjson');
    await fs.writeFile(file, Array.from({ length: 1203 }, (_, i) => JSON.stringify(good(i))).join('\n'));
    const res = await runCli([file]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('1203 of 1203 records imported; 0 skipped.');
    expect(res.stderr).toContain('progress: 1203 records read (100%)');
    await withDb(async ({ db }) => {
      const n = await db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(1203);
    });
  });

  it('removes control characters from imported records and says so, and refuses impossible or far-future dates', async () => {
    const file = path.join(dir, 'dirty.ndjson');
    await fs.writeFile(
      file,
      [
        JSON.stringify({ ...good(1), headline: 'Nul\u0000 Story', content: 'a\u0001b\u001fc\td' }),
        JSON.stringify({ ...good(2), publishedAt: '2027-02-29T12:00:00Z' }),
        JSON.stringify({ ...good(3), publishedAt: '9999-12-31T23:59:59Z' }),
      ].join('\n'),
    );
    const { result, stderr } = await importHere(file);
    expect(result.stored).toBe(1);
    expect(result.cleaned).toEqual([{ line: 1, index: 0, fields: ['headline', 'content'] }]);
    expect(stderr).toContain('cleaned: line 1: control characters removed from headline, content');
    expect(stderr).toContain('skipped: line 2: publishedAt must be an ISO-8601 date-time');
    expect(stderr).toContain('skipped: line 3: publishedAt must not be more than 5 minutes in the future');
    await withDb(async ({ db }) => {
      const row = await db.selectFrom('articles').select(['headline', 'content']).executeTakeFirstOrThrow();
      expect(row).toEqual({ headline: 'Nul Story', content: 'abc\td' });
    });
  });

  it('stores the search and social fields of the records that have them, in one batch with records without', async () => {
    const file = path.join(dir, 'search-social.ndjson');
    await fs.writeFile(
      file,
      [
        JSON.stringify({ ...good(1), metaTitle: '  Search   title ', metaDescription: 'Search description.' }),
        JSON.stringify(good(2)),
        JSON.stringify({ ...good(3), metaTitle: 'x'.repeat(71) }),
      ].join('\n'),
    );
    const { result, stderr } = await importHere(file);
    expect(result.stored).toBe(2);
    expect(stderr).toContain('skipped: line 3: metaTitle must be at most 70 characters (it has 71)');
    await withDb(async ({ db }) => {
      const rows = await db.selectFrom('articles').select(['meta_title', 'meta_description']).orderBy('id').execute();
      expect(rows).toEqual([
        { meta_title: 'Search title', meta_description: 'Search description.' },
        { meta_title: '', meta_description: '' },
      ]);
    });
  });

  it('stores nothing with --dry-run', async () => {
    const file = path.join(dir, 'dry.json');
    await fs.writeFile(file, JSON.stringify([good(1), good(2)]));
    const res = await importHere(file, true);
    expect(res.result).toMatchObject({ read: 2, stored: 2, skipped: [] });
    expect(res.stdout).toContain('2 of 2 records would be imported (dry run: nothing stored)');
    expect(await withDb(async ({ db }) => (await db.selectFrom('articles').select('id').execute()).length)).toBe(0);
  });

  it('exits 1 on a missing file', async () => {
    const missing = await runCli([path.join(dir, 'nope.ndjson')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });

  it('fails on a broken JSON array (exit 1), storing nothing', async () => {
    const broken = path.join(dir, 'broken.json');
    await fs.writeFile(broken, '[{"headline": "x", "category": "UK"},');
    await expect(importHere(broken)).rejects.toThrow(/is not valid JSON/);
    expect(await withDb(async ({ db }) => (await db.selectFrom('articles').select('id').execute()).length)).toBe(0);
  });

  it('exits 1 with the usage when FILE is missing', async () => {
    const usage = await runCli([]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run import -- FILE');
  });

  it('draws a progress bar on a terminal and lists the skipped records after it', async () => {
    const file = path.join(dir, 'tty.ndjson');
    await fs.writeFile(file, [JSON.stringify(good(1)), '{oops', JSON.stringify(good(2))].join('\n'));
    const database = await openDatabase(loadConfig({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }));
    // cli-progress draws only on a terminal: this stream says it is one.
    const err = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    const out = new PassThrough();
    let errText = '';
    let outText = '';
    err.on('data', (d) => (errText += d));
    out.on('data', (d) => (outText += d));
    try {
      const result = await runImport({ file, dryRun: false, database, out, err, tty: true });
      expect(result).toMatchObject({ read: 3, stored: 2 });
      expect(result.skipped).toEqual([{ line: 2, index: 1, reason: expect.stringContaining('not valid JSON') }]);
    } finally {
      await database.destroy();
    }
    expect(errText).toContain('100%');
    expect(errText).toContain('3 records');
    expect(errText.indexOf('skipped: line 2')).toBeGreaterThan(errText.lastIndexOf('100%'));
    expect(outText).toContain('2 of 3 records imported; 1 skipped.');
  });
});

describe('arrayElementLines', () => {
  it('finds the line each top-level element starts on, ignoring brackets inside strings and nested values', () => {
    const text = '[\n{"a": "[{,"},\n\n  [1,\n2], "x\\"]," ,\n  3\n]';
    expect(JSON.parse(text)).toHaveLength(4);
    expect(arrayElementLines(text)).toEqual([2, 4, 5, 6]);
    expect(arrayElementLines('[]')).toEqual([]);
    expect(arrayElementLines('[1,2,3]')).toEqual([1, 1, 1]);
  });
});

describe('article bodies in an import', () => {
  it('takes Markdown `content` or a stored `body`, and skips a body with a hostile link or a missing picture, naming where', async () => {
    const file = path.join(dir, 'bodies.ndjson');
    const records = [
      { headline: 'Markdown Import', category: 'Politics', content: '## Sub\n\nSome **bold** text.' },
      {
        headline: 'Stored Import',
        category: 'Politics',
        body: { type: 'doc', content: [{ type: 'pullQuote', content: [{ type: 'text', text: 'Quoted.' }] }] },
      },
      {
        headline: 'Hostile Import',
        category: 'Politics',
        body: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
            },
          ],
        },
      },
      {
        headline: 'Missing Picture Import',
        category: 'Politics',
        body: {
          type: 'doc',
          content: [{ type: 'image', attrs: { imageId: 'c'.repeat(32), alt: 'a', caption: '', credit: '' } }],
        },
      },
    ];
    await fs.writeFile(file, records.map((r) => JSON.stringify(r)).join('\n'));
    const { code, stderr } = await runCli([file]);
    expect(code).toBe(2);
    expect(stderr).toContain('line 3: body.content[0].content[0].marks[0].attrs.href must be');
    expect(stderr).toContain('line 4: body.content[0].attrs.imageId is not an uploaded image');
    const rows = await withDb((db) =>
      db.db.selectFrom('articles').select(['headline', 'body', 'content']).orderBy('id').execute(),
    );
    expect(rows.map((r) => r.headline)).toEqual(['Markdown Import', 'Stored Import']);
    expect(JSON.parse(rows[0]!.body).content[0]).toEqual({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Sub' }],
    });
    expect(rows[0]!.content).toBe('Sub\n\nSome bold text.');
    expect(JSON.parse(rows[1]!.body)).toEqual(records[1]!.body);
  });
});
