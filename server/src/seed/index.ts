import type { FastifyBaseLogger } from 'fastify';
import { findCategory } from '../../../common/categories.ts';
import { slugify } from '../../../common/slug.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import { bodyPlainText } from '../../../common/body/text.ts';
import type { Db } from '../db/index.ts';
import type { NewArticleRow } from '../db/schema.ts';
import { SeedRepository } from '../repositories/seed-repository.ts';
import { ImagesRepository } from '../repositories/images-repository.ts';
import { DEMO_ARTICLES, demoPictureAlt, type DemoArticle } from './demo-articles.ts';
import { storeDemoPictures } from './pictures.ts';
import { seedDemoReads } from './demo-reads.ts';
import { demoNoteRows } from './demo-notes.ts';
import type { ImageStore } from '../images/storage.ts';
import { DEMO_AUTHORS, demoTags } from './demo-people.ts';
import { CATEGORIES } from '../../../common/categories.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type SeedLogger = Pick<FastifyBaseLogger, 'info'>;

export interface SeedOptions {
  /** The moment the relative times count back from (default: now). */
  now?: Date;
  /** The articles to insert (default: the demo articles). */
  articles?: readonly DemoArticle[];
  /**
   * Where uploads live: the pictures of the demo bodies are stored there, with their library rows
   * (left out: neither).
   */
  imageStore?: ImageStore;
}

/** How long before publication (or a draft's last edit) a demo story was first written: 20-179 minutes, varied but stable. */
function writingMinutes(index: number): number {
  return 20 + ((index * 53) % 160);
}

/** Turns one demo article into a database row, its times counted back from `now`. */
export function toArticleRow(article: DemoArticle, index: number, now: Date): NewArticleRow {
  const category = findCategory(article.category);
  if (!category) throw new Error(`Demo article "${article.headline}" has an unknown category "${article.category}"`);
  const at = now.getTime() - article.hoursAgo * HOUR_MS;
  const created = at - writingMinutes(index) * MINUTE_MS;
  const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
  const body = article.body ?? legacyTextToBody(article.paragraphs.join('\n\n'));
  return {
    headline: article.headline,
    slug: slugify(article.headline),
    summary: article.summary,
    body: JSON.stringify(body),
    content: bodyPlainText(body),
    author: article.author,
    category_id: category.id,
    source: article.source,
    editor_name: article.editorName,
    rating: article.rating,
    comments: article.comments,
    image_url: article.imageUrl ?? '',
    image_alt: demoPictureAlt(article.imageUrl),
    original_url: article.originalUrl ?? '',
    is_breaking: article.isBreaking ? 1 : 0,
    published_at: article.draft ? null : iso(at),
    created_at: iso(created),
    updated_at: iso(at),
  };
}

/**
 * Fills an empty database with the demo articles, in one transaction. A database that
 * already holds any article (published or not) is left alone. Returns how many rows went in.
 */
export async function seedIfEmpty(database: Db, log: SeedLogger, options: SeedOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const articles = options.articles ?? DEMO_ARTICLES;
  // Oldest first, so ids grow with time as they would in a real newsroom.
  const rows = articles
    .map((a, i) => toArticleRow(a, i, now))
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));

  const inserted = await new SeedRepository(database).insertIfNoArticles(rows, {
    authors: DEMO_AUTHORS,
    tagsOf: (row) =>
      demoTags({ headline: row.headline, category: CATEGORIES.find((c) => c.id === row.category_id)?.name ?? '' }),
    // Editors' notes on a few stories: an article's Notes and the Dashboard's 'Latest notes' show on a first start.
    notesOf: (stored) => demoNoteRows(stored, now),
  });
  if (inserted > 0 && options.imageStore)
    await storeDemoPictures(options.imageStore, new ImagesRepository(database.db));
  // Readers' reads in the last 24 hours: 'MOST READ' shows on a first start (decision 049).
  if (inserted > 0) await seedDemoReads(database, now);

  if (inserted > 0) log.info({ inserted }, `seeded ${inserted} demo articles`);
  else log.info('database already has articles; demo content not seeded');
  return inserted;
}
