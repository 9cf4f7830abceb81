import type { Db } from '../db/index.ts';
import { ArticleReadsRepository, hourOf, type ReadCount } from '../repositories/article-reads.ts';

const HOUR_MS = 3_600_000;

/**
 * The demo stories' reads in the last 24 hours, so that a first start shows 'MOST READ' and the
 * Dashboard's panel (decision 049): the twelve stories published most recently before `now` get these
 * totals, in this order (not simply the newest first), spread over the hours since their publication
 * within the 24 hours.
 */
const DEMO_READ_TOTALS = [712, 1840, 87, 455, 1234, 41, 960, 240, 12, 380, 133, 1];

/** The demo reads of the articles published before `now` (newest first), as hourly counts. */
export function demoReadCounts(published: ReadonlyArray<{ id: number; publishedAt: string }>, now: Date): ReadCount[] {
  const counts: ReadCount[] = [];
  const current = Math.floor(now.getTime() / HOUR_MS);
  published.slice(0, DEMO_READ_TOTALS.length).forEach((article, index) => {
    const total = DEMO_READ_TOTALS[index]!;
    const since = Math.floor(Date.parse(article.publishedAt) / HOUR_MS);
    const hours = Math.max(1, Math.min(24, current - since + 1));
    for (let h = 0; h < hours; h++) {
      const reads = Math.floor(total / hours) + (h < total % hours ? 1 : 0);
      if (reads > 0) counts.push({ articleId: article.id, hour: hourOf((current - h) * HOUR_MS), reads });
    }
  });
  return counts;
}

/** Adds the demo reads to the twelve stories published most recently before `now` (within 30 days). */
export async function seedDemoReads(database: Db, now: Date): Promise<number> {
  const repo = new ArticleReadsRepository(database.db);
  const published = (await repo.publishedSince(new Date(now.getTime() - 30 * 24 * HOUR_MS).toISOString())).filter(
    (a) => a.publishedAt <= now.toISOString(),
  );
  return repo.add(demoReadCounts(published, now));
}
