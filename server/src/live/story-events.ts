import type { FastifyInstance } from 'fastify';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import { NewsRepository } from '../repositories/news-repository.ts';

/**
 * The site's story events on the live stream (decision 036), sent after the change is committed.
 * A failure is logged and never fails the editor's request or the scheduler: the change stands, and
 * readers see it at their next page load.
 */

type StoryChange = 'story-published' | 'story-updated';

function liveOf(app: FastifyInstance) {
  // Optional: the admin API and the scheduler also work in a process without the live plugin.
  return (app as FastifyInstance & { live?: FastifyInstance['live'] }).live;
}

/** The stories with these ids, as GET /News lists them, went public or changed; unpublished ones are skipped. */
export function announceStories(app: FastifyInstance, type: StoryChange, ids: number[]): Promise<void> {
  const live = liveOf(app);
  if (!live || ids.length === 0) return Promise.resolve();
  return (async () => {
    const articles = await new NewsRepository(app.database.db).listedByIds(ids);
    articles.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    for (const article of articles) await live.publish(type, { article });
  })().catch((err: unknown) => {
    app.log.error({ err, ids, type }, 'could not send a story event to the live streams');
  });
}

/** A story readers could see is no longer public (unpublished, moved to the trash). */
export function announceStoryRemoved(
  app: FastifyInstance,
  article: Pick<AdminArticle, 'id' | 'slug' | 'category'>,
): Promise<void> {
  const live = liveOf(app);
  if (!live) return Promise.resolve();
  return live
    .publish('story-removed', { id: article.id, slug: article.slug, category: article.category })
    .then(() => undefined)
    .catch((err: unknown) => {
      app.log.error({ err, articleId: article.id }, 'could not send a story event to the live streams');
    });
}
