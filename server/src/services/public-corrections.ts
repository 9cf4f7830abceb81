import type { Kysely } from 'kysely';
import { CORRECTIONS_PAGE_SIZE, type CorrectionsPage } from '../../../common/corrections-contract.ts';
import type { Database } from '../db/schema.ts';
import { etagOf } from '../plugins/http-cache.ts';
import { compressBodyAsync, type EncodedBody } from '../rendering/encoded-body.ts';
import { correctionsPage } from '../repositories/public-corrections.ts';
import type { NewsCache } from './news-cache.ts';
import { pageCursorsKey, pageNeighbours, readPageCursors, type PageCursors } from './page-cursors.ts';

/**
 * Every correction of the published stories, newest first, CORRECTIONS_PAGE_SIZE a page by keyset
 * cursor (page-cursors.ts): GET /News/corrections and the page /corrections read it. Pages are kept in
 * the news cache, which every correction write clears (decision 046).
 */
export class PublicCorrections {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: NewsCache,
  ) {}

  /** One page; a malformed cursor, or both, is a 400 problem. */
  page(cursors: PageCursors = {}): Promise<CorrectionsPage> {
    const request = { count: CORRECTIONS_PAGE_SIZE, ...readPageCursors(cursors) };
    return this.cache.get(`corrections:${pageCursorsKey(cursors)}`, async () => {
      const page = await correctionsPage(this.db, request);
      return { corrections: page.rows, ...pageNeighbours(page) };
    });
  }

  /** The page as the API answers it: the serialized JSON with its ETag and compressed forms, made once. */
  body(cursors: PageCursors, serialize: (value: CorrectionsPage) => string): Promise<EncodedBody> {
    readPageCursors(cursors);
    return this.cache.get(`corrections-body:${pageCursorsKey(cursors)}`, async () => {
      const body = Buffer.from(serialize(await this.page(cursors)), 'utf8');
      return compressBodyAsync({ body, etag: etagOf(body) });
    });
  }
}
