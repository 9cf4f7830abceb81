import type { FastifyBaseLogger } from 'fastify';
import { CATEGORIES } from '../../../common/categories.ts';
import { MOST_READ_API_COUNT, MOST_READ_HOURS, type MostReadList } from '../../../common/most-read-contract.ts';
import type { ArticleReadsRepository } from '../repositories/article-reads.ts';
import { NewsCache } from '../services/news-cache.ts';
import { RefreshingCache } from '../services/refreshing-cache.ts';
import { ReadCounter } from './read-counter.ts';

const categoryNames = new Map<number, string>(CATEGORIES.map((c) => [c.id, c.name]));

/** How often an instance writes the reads it counted (buckets added to, decision 049). */
export const READS_FLUSH_INTERVAL_MS = 5_000;
/** How long an instance keeps the readers' 'MOST READ' list before reading it again. */
export const MOST_READ_TTL_MS = 60_000;

/** Read counting's timings (buildApp's `reads` option; tests shorten them instead of sleeping). */
export interface ReadCountingOptions {
  /** How often the counted reads are written, in ms (READS_FLUSH_INTERVAL_MS); 0: only by flush() and on close. */
  flushIntervalMs?: number;
}

/**
 * An instance's read counting and its 'MOST READ' list (decision 049): `record()` counts a reader's
 * read of a published article (once per address and article in 30 minutes: ReadCounter), the counts
 * are written every `flushIntervalMs` and on close as additions to the hour's row, and `mostRead()`
 * gives the readers' list, read from the database at most once per MOST_READ_TTL_MS (an older list is
 * served while the next is read).
 */
export class ArticleReads {
  readonly counter = new ReadCounter();
  readonly #list: RefreshingCache<MostReadList>;
  /** Whether an article is published, for a few seconds and until the next editorial change. */
  readonly #published = new NewsCache({ maxEntries: 1_000 });
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly repo: ArticleReadsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: ReadCountingOptions = {},
  ) {
    this.#list = new RefreshingCache<MostReadList>({
      ttlMs: MOST_READ_TTL_MS,
      // The site's list and one per section.
      maxEntries: 1 + CATEGORIES.length,
      onError: (err) => log.warn({ err }, 'most-read list could not be read: the older one is kept'),
    });
  }

  /**
   * An editorial change: forget what was known of articles' publication and the readers' list, so a story
   * unpublished, deleted or renamed is refused and leaves 'MOST READ' at once, on every instance.
   */
  forgetPublication(): void {
    this.#published.clear();
    this.#list.clear();
  }

  /** A read of `articleId` by `address`: 'unpublished' when it is not a published article, else whether it counted. */
  async record(address: string, articleId: number, now = Date.now()): Promise<'counted' | 'repeat' | 'unpublished'> {
    const published = await this.#published.get(`${articleId}`, () => this.repo.isPublished(articleId));
    if (!published) return 'unpublished';
    return this.counter.count(address, articleId, now) ? 'counted' : 'repeat';
  }

  /**
   * The readers' list: the published stories most read in the last 24 hours, most first; with
   * `categoryId`, that section's only (a section page's list).
   */
  mostRead(categoryId?: number): Promise<MostReadList> {
    return this.#list.get(`most-read:${categoryId ?? ''}`, () => this.#readMostRead(categoryId));
  }

  async #readMostRead(categoryId: number | undefined): Promise<MostReadList> {
    const rows = await this.repo.mostRead(new Date(), MOST_READ_HOURS, MOST_READ_API_COUNT, true, categoryId);
    return {
      articles: rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        headline: r.headline,
        category: categoryNames.get(r.categoryId) ?? '',
        publishedAt: r.publishedAt ?? '',
      })),
    };
  }

  /**
   * Writes the counted reads (one write at a time; a call while one runs waits for it and then writes
   * what was counted meanwhile). A failed write keeps its counts for the next one. Returns the reads written.
   */
  flush(): Promise<number> {
    this.#flushing = this.#flushing.then(async () => {
      const counts = this.counter.take();
      if (counts.length === 0) return 0;
      try {
        return await this.repo.add(counts);
      } catch (err) {
        this.counter.giveBack(counts);
        this.log.warn({ err }, 'read counts could not be written: kept for the next write');
        return 0;
      }
    });
    return this.#flushing;
  }

  start(): void {
    const every = this.options.flushIntervalMs ?? READS_FLUSH_INTERVAL_MS;
    if (every <= 0 || this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), every);
    this.#timer.unref();
  }

  /** Stops the timer and writes what is left (on close). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
