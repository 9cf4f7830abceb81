import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../common/categories.ts';
import { slugify } from '../../../common/slug.ts';
import { openDatabase, type Db } from '../db/index.ts';
import type { ArticleRow } from '../db/schema.ts';
import { DEMO_ARTICLES } from './demo-articles.ts';
import { seedIfEmpty, type SeedLogger } from './index.ts';
import { validateBody } from '../../../common/body/validate.ts';
import { missingBodyImages } from '../images/body-images.ts';
import { FileImageStore } from '../images/storage.ts';
import { DEMO_PICTURES } from './pictures.ts';
import { ArticleReadsRepository, hourOf, windowStart } from '../repositories/article-reads.ts';
import { MOST_READ_HOURS } from '../../../common/most-read-contract.ts';
import { LATEST_NOTES, cleanNoteText, noteTextProblem } from '../../../common/notes-contract.ts';
import { ArticleNotesRepository } from '../repositories/article-notes.ts';
import { DEMO_NOTES } from './demo-notes.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../web/public');

/** A logger that remembers what it was told. */
function recordingLogger(): SeedLogger & { messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    info(...args: unknown[]) {
      messages.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    },
  } as SeedLogger & { messages: string[] };
}

describe('demo content seeding (SQLite)', () => {
  let dataDir: string;
  let database: Db;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smear-seed-'));
    database = await openDatabase({ dataDir, databaseUrl: '' });
  });

  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const allRows = () => database.db.selectFrom('articles').selectAll().orderBy('id').execute();

  it('fills an empty database with the demo articles and reports the count', async () => {
    const log = recordingLogger();
    const inserted = await seedIfEmpty(database, log);
    const rows = await allRows();

    expect(inserted).toBe(DEMO_ARTICLES.length);
    expect(rows).toHaveLength(inserted);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(log.messages.some((m) => m.includes(String(inserted)))).toBe(true);
  });

  it('makes every byline an author record with a bio, and tags every story', async () => {
    await seedIfEmpty(database, recordingLogger());
    const authors = await database.db.selectFrom('authors').selectAll().execute();
    const bylines = new Set((await allRows()).map((r) => r.author));
    expect(authors.map((a) => a.name).sort()).toEqual([...bylines].sort());
    for (const a of authors) expect(a.bio, a.name).not.toBe('');
    const links = await database.db.selectFrom('article_authors').selectAll().execute();
    expect(links).toHaveLength(DEMO_ARTICLES.length);
    const tagged = await database.db.selectFrom('article_tags').select('article_id').distinct().execute();
    expect(tagged).toHaveLength(DEMO_ARTICLES.length);
    expect((await database.db.selectFrom('tags').selectAll().execute()).length).toBeGreaterThanOrEqual(8);
  });

  it("gives a dozen published stories reads in the last 24 hours, so 'MOST READ' shows on a first start", async () => {
    const now = new Date();
    await seedIfEmpty(database, recordingLogger(), { now });
    const repo = new ArticleReadsRepository(database.db);
    const top = await repo.mostRead(now, MOST_READ_HOURS, 20, true);
    expect(top).toHaveLength(12);
    expect(top[0]!.reads).toBe(1840);
    expect(top.at(-1)!.reads).toBe(1);
    // Not simply the newest first.
    const byTime = [...top].sort((a, b) => (a.publishedAt! < b.publishedAt! ? 1 : -1));
    expect(byTime.map((r) => r.id)).not.toEqual(top.map((r) => r.id));
    // Every hour within the window and after the story's publication.
    const rows = await database.db.selectFrom('article_reads').selectAll().execute();
    const published = new Map(top.map((r) => [r.id, r.publishedAt!]));
    for (const r of rows) {
      expect(r.hour >= windowStart(now, MOST_READ_HOURS)).toBe(true);
      expect(r.hour >= hourOf(Date.parse(published.get(r.article_id)!))).toBe(true);
    }
  });

  it("leaves editors' notes on a few stories, added after each was written, the newest on the Dashboard", async () => {
    const now = new Date();
    await seedIfEmpty(database, recordingLogger(), { now });
    const all = await database.db
      .selectFrom('article_notes as n')
      .innerJoin('articles as a', 'a.id', 'n.article_id')
      .select([
        'n.id',
        'n.reply_to',
        'n.text',
        'n.created_at',
        'n.author_name',
        'n.author_subject',
        'a.headline',
        'a.created_at as written',
      ])
      .orderBy('n.created_at', 'desc')
      .execute();
    const notes = all.filter((n) => n.reply_to === null);
    expect(notes.map((n) => n.headline)).toEqual(DEMO_NOTES.map((n) => n.headline));
    expect(new Set(notes.map((n) => n.author_name)).size).toBe(DEMO_NOTES.length);
    // The first has its reply, on the same story, after it.
    const replies = all.filter((n) => n.reply_to !== null);
    expect(replies.map((r) => [r.reply_to, r.headline, r.text])).toEqual([
      [notes[0]!.id, DEMO_NOTES[0]!.headline, DEMO_NOTES[0]!.replies![0]!.text],
    ]);
    expect(replies[0]!.created_at > notes[0]!.created_at).toBe(true);
    for (const n of all) {
      expect(n.created_at > n.written && n.created_at < now.toISOString(), n.text).toBe(true);
      // Written by the demo content: no editor who signs in may delete them.
      expect(n.author_subject).toBe('seed');
      expect(cleanNoteText(n.text)).toBe(n.text);
      expect(noteTextProblem(n.text)).toBeUndefined();
    }
    const latest = await new ArticleNotesRepository(database.db, database.dialect, null).latest(LATEST_NOTES);
    expect(latest[0]).toMatchObject({
      headline: DEMO_NOTES[0]!.headline,
      createdBy: 'Priya Scoop',
      replyTo: 'Fenella Grubb',
    });
  });

  it('spreads the articles over all six categories, at least four published in each', async () => {
    await seedIfEmpty(database, recordingLogger());
    const rows = await allRows();
    for (const category of CATEGORIES) {
      const published = rows.filter((r) => r.category_id === category.id && r.published_at !== null);
      expect(published.length, category.name).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(rows.map((r) => r.category_id)).size).toBe(6);
  });

  it('has breaking news, drafts, and published times in the past', async () => {
    const now = new Date();
    await seedIfEmpty(database, recordingLogger(), { now });
    const rows = await allRows();
    const published = rows.filter((r) => r.published_at !== null);
    const drafts = rows.filter((r) => r.published_at === null);
    const breakingPublished = published.filter((r) => r.is_breaking === 1);

    expect(breakingPublished.length).toBeGreaterThanOrEqual(4);
    expect(new Set(breakingPublished.map((r) => r.category_id)).size).toBeGreaterThanOrEqual(4);
    expect(drafts.length).toBeGreaterThanOrEqual(3);

    for (const r of published) {
      const at = Date.parse(r.published_at!);
      expect(new Date(at).toISOString()).toBe(r.published_at);
      expect(at).toBeLessThanOrEqual(now.getTime());
      expect(at).toBeGreaterThan(now.getTime() - 21 * 24 * 3_600_000);
      expect(r.created_at < r.published_at!, r.headline).toBe(true);
      expect(r.updated_at >= r.created_at).toBe(true);
    }
    // A few stories went out within the last few hours.
    expect(
      published.filter((r) => now.getTime() - Date.parse(r.published_at!) <= 6 * 3_600_000).length,
    ).toBeGreaterThanOrEqual(3);
    for (const r of drafts) {
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(now.getTime());
      expect(new Date(Date.parse(r.created_at)).toISOString()).toBe(r.created_at);
    }
  });

  it('stores unique slugs that follow the slug rule, and headlines that exercise it', async () => {
    await seedIfEmpty(database, recordingLogger());
    const rows = await allRows();
    const slugs = rows.map((r) => r.slug);

    expect(new Set(slugs).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toBe(slugify(r.headline));
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const headlines = rows.map((r) => r.headline);
    expect(
      headlines.some((h) => /['\u2019]/.test(h)),
      'apostrophe',
    ).toBe(true);
    expect(
      headlines.some((h) => /\d/.test(h)),
      'digit',
    ).toBe(true);
    expect(
      headlines.some((h) => / {2,}/.test(h)),
      'double space',
    ).toBe(true);
    expect(
      headlines.some((h) => /--/.test(h)),
      'hyphen run',
    ).toBe(true);
    expect(
      headlines.some((h) => /[\u0080-\uffff]/.test(h)),
      'non-ASCII',
    ).toBe(true);
    for (const ch of ['é', 'ü', 'ñ', '£'])
      expect(
        headlines.some((h) => h.toLowerCase().includes(ch)),
        ch,
      ).toBe(true);
  });

  it('fills every field a page shows, with paragraphs, images that exist and example-domain links', async () => {
    await seedIfEmpty(database, recordingLogger());
    const rows: ArticleRow[] = await allRows();
    const withImage = rows.filter((r) => r.image_url !== '');
    const withOriginal = rows.filter((r) => r.original_url !== '');

    for (const r of rows) {
      for (const field of ['headline', 'summary', 'content', 'author', 'source', 'editor_name'] as const) {
        expect(r[field].trim(), `${field} of ${r.headline}`).not.toBe('');
      }
      // Plain bodies: three or more real paragraphs (a rich body's plain text has short headings too).
      const paragraphs = r.content.split('\n\n');
      expect(paragraphs.length, r.headline).toBeGreaterThanOrEqual(3);
      if (!DEMO_ARTICLES.find((a) => a.headline === r.headline)?.body) {
        for (const p of paragraphs) expect(p.trim().length).toBeGreaterThan(40);
      }
      expect(Number.isInteger(r.rating) && r.rating >= 0 && r.rating <= 10).toBe(true);
    }

    expect(withImage.length).toBeLessThan(rows.length);
    expect(withImage.length).toBeGreaterThan(rows.length / 2);
    for (const r of withImage) {
      expect(r.image_url).toMatch(/^\/images\/demo\/[a-z0-9-]+\.svg$/);
      const file = path.join(PUBLIC_DIR, r.image_url);
      expect(fs.existsSync(file), file).toBe(true);
    }

    expect(withOriginal.length).toBeLessThan(rows.length);
    for (const r of withOriginal) {
      const url = new URL(r.original_url);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toMatch(/\.example\.(com|org|net|co\.uk)$/);
    }

    expect(rows.some((r) => r.comments === '')).toBe(true);
    expect(rows.some((r) => r.comments.length > 100)).toBe(true);
  });

  it('inserts nothing the second time', async () => {
    const first = await seedIfEmpty(database, recordingLogger());
    const log = recordingLogger();
    const second = await seedIfEmpty(database, log);
    const rows = await allRows();

    expect(first).toBeGreaterThan(0);
    expect(second).toBe(0);
    expect(rows).toHaveLength(first);
    expect(log.messages.join('\n')).toMatch(/not seeded/);
  });

  it('leaves a database that already has an article alone, even a draft', async () => {
    const ts = new Date().toISOString();
    await database.db
      .insertInto('articles')
      .values({
        headline: 'An Existing Story',
        slug: 'an-existing-story',
        summary: 'Already here.',
        content: 'Body.',
        author: 'Someone',
        category_id: 1,
        source: 'Somewhere',
        editor_name: 'An Editor',
        rating: 5,
        comments: '',
        image_url: '',
        original_url: '',
        is_breaking: 0,
        published_at: null,
        created_at: ts,
        updated_at: ts,
      })
      .execute();

    const inserted = await seedIfEmpty(database, recordingLogger());
    const rows = await allRows();

    expect(inserted).toBe(0);
    expect(rows.map((r) => r.headline)).toEqual(['An Existing Story']);
  });
});

describe('demo images', () => {
  const dir = path.join(PUBLIC_DIR, 'images/demo');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.svg'));

  it('ships a dozen or more small, self-contained 16:9 SVG illustrations', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const f of files) {
      const svg = fs.readFileSync(path.join(dir, f), 'utf8');
      expect(Buffer.byteLength(svg), f).toBeLessThanOrEqual(4096);
      expect(svg, f).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, f).toMatch(/viewBox="0 0 640 360"/);
      // Nothing loaded from elsewhere, no script, no text that needs a font.
      expect(svg, f).not.toMatch(/(href|src)=["'](?!#)/);
      expect(svg, f).not.toMatch(/<script|<text|<image|@import|url\((?!#)/i);
    }
  });

  it('are all used by some demo article', () => {
    const used = new Set(DEMO_ARTICLES.map((a) => a.imageUrl).filter(Boolean));
    for (const f of files) expect(used.has(`/images/demo/${f}`), f).toBe(true);
  });
});

describe('demo bodies', () => {
  it('a few demo articles have rich bodies, valid, with every kind of element among them and their pictures stored', async () => {
    const rich = DEMO_ARTICLES.filter((a) => a.body);
    expect(rich.length).toBeGreaterThanOrEqual(2);
    const types = new Set<string>();
    for (const a of rich) {
      const check = validateBody(a.body);
      expect(check.ok ? [] : check.problems, a.headline).toEqual([]);
      for (const block of a.body!.content) types.add(block.type === 'heading' ? `h${block.attrs.level}` : block.type);
    }
    expect([...types].sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'embed',
        'h2',
        'h3',
        'horizontalRule',
        'image',
        'orderedList',
        'paragraph',
        'pullQuote',
      ].sort(),
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smear-seed-pictures-'));
    try {
      const store = new FileImageStore(path.join(dir, 'images'));
      const database = await openDatabase({ dataDir: dir, databaseUrl: '' });
      try {
        await seedIfEmpty(database, recordingLogger(), { imageStore: store });
        const first = rich[0]!;
        const row = await database.db
          .selectFrom('articles')
          .select(['body', 'content'])
          .where('headline', '=', first.headline)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(row.body)).toEqual(first.body);
        expect(row.content.startsWith(first.paragraphs[0]!)).toBe(true);
        expect(await missingBodyImages(store, first.body!)).toEqual([]);
        // Library rows as uploads have, so readers' pages give the pictures their size.
        const rows = await database.db.selectFrom('images').select(['id', 'width', 'height']).orderBy('id').execute();
        expect(rows.map((r) => ({ ...r, width: Number(r.width), height: Number(r.height) }))).toEqual(
          Object.values(DEMO_PICTURES)
            .map(({ id, width, height }) => ({ id, width, height }))
            .sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
      } finally {
        await database.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('demo lead pictures', () => {
  it('every demo article with a picture has its alt text, and each demo illustration is described', async () => {
    const { DEMO_ARTICLES, demoPictureAlt, DEMO_PICTURE_ALT } = await import('./demo-articles.ts');
    for (const article of DEMO_ARTICLES.filter((a) => a.imageUrl))
      expect(demoPictureAlt(article.imageUrl), article.headline).not.toBe('');
    const files = fs.readdirSync(path.join(import.meta.dirname, '../../../web/public/images/demo'));
    expect(Object.keys(DEMO_PICTURE_ALT).sort()).toEqual(files.map((f) => f.replace(/\.svg$/, '')).sort());
  });
});
