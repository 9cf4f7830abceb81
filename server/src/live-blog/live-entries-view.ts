import { parseStoredBody } from '../../../common/body/stored.ts';
import { bodyPlainText } from '../../../common/body/text.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import {
  LIVE_ENTRIES_PAGE,
  type AdminLiveEntry,
  type LiveBlog,
  type LiveEntriesPage,
  type LiveEntry,
  type LiveEntryPost,
  type LiveEntryRevision,
} from '../../../common/live-contract.ts';
import { liveSummary } from '../../../common/live-entry.ts';
import { renderBodiesForReaders } from '../rendering/body-html.ts';
import type { ImagesRepository } from '../repositories/images-repository.ts';
import type {
  LiveArticleRow,
  LiveEntriesRepository,
  LiveEntryRevisionRow,
  LiveEntryRow,
} from './repositories/live-entries.ts';

/** The body of a stored entry. */
export function entryBody(row: Pick<LiveEntryRow, 'body'>): BodyDoc {
  return parseStoredBody(row.body, '');
}

/** An entry's summary: its plain text cut to 140 characters at a word (key events, share texts, JSON-LD). */
export function entrySummary(row: Pick<LiveEntryRow, 'body'>): string {
  return liveSummary(bodyPlainText(entryBody(row)));
}

/** Entries as readers get them, rendered by the one body renderer (site paths, or absolute with `origin`). */
export async function toLiveEntries(
  images: ImagesRepository,
  rows: readonly LiveEntryRow[],
  origin?: string,
): Promise<LiveEntry[]> {
  const bodies = rows.map(entryBody);
  const html = await renderBodiesForReaders(images, bodies, origin ? { origin } : {});
  return rows.map((row, i) => ({
    id: Number(row.id),
    articleId: Number(row.article_id),
    body: bodies[i]!,
    bodyHtml: html[i]!,
    keyEvent: Number(row.key_event) === 1,
    postedAt: row.posted_at,
    updatedAt: row.updated_at,
    author: row.editor_name,
  }));
}

export async function toAdminLiveEntries(
  images: ImagesRepository,
  rows: readonly LiveEntryRow[],
  /** Each entry's posts on X and Facebook, by entry id. */
  posts: ReadonlyMap<number, LiveEntryPost[]> = new Map(),
  /** Who made each corrected entry's last correction, by entry id (LiveEntriesRepository.correctedBy). */
  correctedBy: ReadonlyMap<number, string> = new Map(),
): Promise<AdminLiveEntry[]> {
  const entries = await toLiveEntries(images, rows);
  return entries.map((entry, i) => ({
    ...entry,
    version: Number(rows[i]!.version),
    updatedBy: correctedBy.get(entry.id) ?? null,
    shareToX: Number(rows[i]!.share_to_x) === 1,
    shareToFacebook: Number(rows[i]!.share_to_facebook) === 1,
    posts: posts.get(entry.id) ?? [],
  }));
}

export function toRevision(row: LiveEntryRevisionRow): LiveEntryRevision {
  return {
    version: Number(row.version),
    body: entryBody(row),
    keyEvent: Number(row.key_event) === 1,
    action: row.action as LiveEntryRevision['action'],
    editorName: row.editor_name,
    at: row.at,
  };
}

/** Whether an article is a live blog (coverage started, running or ended). */
export function isLiveBlog(a: Pick<LiveArticleRow, 'live_started_at'>): boolean {
  return Boolean(a.live_started_at);
}

/**
 * The reads of live blogs for readers: the `live` of the article read (one page of entries, every key
 * event, the coverage times, the newest event id) and the older pages.
 */
export class LiveBlogReader {
  constructor(
    private readonly repo: LiveEntriesRepository,
    private readonly images: ImagesRepository,
    private readonly lastEventId: () => Promise<number>,
  ) {}

  /** The live blog of an article, from entry `before` back when given; null: not a live blog. */
  async blog(articleId: number, before?: number): Promise<LiveBlog | null> {
    // Read first, so a stream opened from it replays whatever is written meanwhile.
    const lastEventId = await this.lastEventId();
    const article = await this.repo.article(articleId);
    if (!article?.live_started_at) return null;
    const [page, keyEvents] = await Promise.all([
      this.page(articleId, before).then((p) => p ?? { entries: [], olderBefore: null }),
      this.repo.keyEvents(articleId),
    ]);
    return {
      coverageStartTime: article.live_started_at,
      coverageEndTime: article.live_ended_at,
      entries: page.entries,
      keyEvents: keyEvents.map((k) => ({ id: Number(k.id), postedAt: k.posted_at, summary: entrySummary(k) })),
      olderBefore: page.olderBefore,
      lastEventId,
    };
  }

  /** One page of entries, newest first (before entry `before`); null: `before` is no entry of the article. */
  async page(articleId: number, before?: number): Promise<LiveEntriesPage | null> {
    const page = await this.repo.page(articleId, LIVE_ENTRIES_PAGE, before);
    if (!page) return null;
    const entries = await toLiveEntries(this.images, page.entries);
    return { entries, olderBefore: page.more && entries.length > 0 ? entries.at(-1)!.id : null };
  }
}
