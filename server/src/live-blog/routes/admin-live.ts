import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bodyBytes, bodyImageIds, validateBody } from '../../../../common/body/validate.ts';
import type { BodyDoc } from '../../../../common/body/types.ts';
import { LIVE_ENTRY_MAX_BYTES } from '../../../../common/live-entry.ts';
import { articleTopic } from '../../../../common/live-stream-contract.ts';
import { actorOf } from '../../auth/actor.ts';
import { ValidationError } from '../../domain/typebox-validation.ts';
import { missingBodyImages } from '../../images/body-images.ts';
import { ensureImageRow } from '../../images/library.ts';
import { useEditorScope } from '../../plugins/editor-scope.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { articleInTrash } from '../../plugins/article-in-trash.ts';
import type { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import type { SharePlatform } from '../../sharing/repositories/social-shares.ts';
import { announceStories } from '../../live/story-events.ts';
import { withReaderBody } from '../../rendering/body-html.ts';
import { providerRefusal, SocialProblem } from '../../sharing/provider-error.ts';
import { publishLiveEvent } from '../events.ts';
import { entrySummary, toAdminLiveEntries, toLiveEntries, toRevision } from '../live-entries-view.ts';
import type {
  AfterWrite,
  EntryRefusal,
  LiveArticleRow,
  LiveEntriesRepository,
  LiveEntryRow,
} from '../repositories/live-entries.ts';
import { AdminArticleSchema } from '../../routes/admin/schemas.ts';
import {
  AdminLiveEntriesSchema,
  AdminLiveEntrySchema,
  ArticleIdParamsSchema,
  EntryParamsSchema,
  LiveEntryInputSchema,
  LiveEntryRevisionsSchema,
  EntryShareDeletedSchema,
  EntryShareParamsSchema,
  EntryShareRetrySchema,
} from '../schemas.ts';

export interface AdminLiveOptions {
  repo: LiveEntriesRepository;
  articles: AdminArticlesRepository;
  /** Public caches cleared after every write (every instance: news-cache-sync). */
  clearCaches: () => void;
}

const articleNotFound = (id: number) => new HttpProblem(404, `Article ${id} was not found.`);
const entryNotFound = (id: number, entryId: number) =>
  new HttpProblem(404, `Article ${id} has no live entry ${entryId} (or it was deleted).`);

function refused(id: number, entryId: number | undefined, r: EntryRefusal): HttpProblem {
  switch (r.reason) {
    case 'article-not-found':
      return articleNotFound(id);
    case 'in-trash':
      return articleInTrash(r.deletedAt);
    case 'entry-not-found':
      return entryNotFound(id, entryId ?? 0);
    case 'not-live':
      return new HttpProblem(
        409,
        `Article ${id} is not live: start its coverage (POST /api/admin/articles/${id}/live/start) before posting entries.`,
      );
    case 'stale':
      return new HttpProblem(
        409,
        `The entry was changed by ${r.changedBy} at ${r.changedAt} (now version ${r.currentVersion}); reload it before saving.`,
        { extensions: { currentVersion: r.currentVersion, changedBy: r.changedBy, changedAt: r.changedAt } },
      );
  }
}

/** Whether readers see the article: only then do its live events reach the public streams. */
const isPublic = (a: LiveArticleRow) => Boolean(a.published_at) && !a.deleted_at;

/**
 * The newsroom's live coverage API under /api/admin (common/live-contract.ts): start, end and resume
 * coverage; post, correct and delete entries; an entry's revisions. Every write is audited, clears
 * the public caches and, when the article is published, goes out on the event stream.
 */
export async function adminLiveRoutes(fastify: FastifyInstance, { repo, articles, clearCaches }: AdminLiveOptions) {
  useEditorScope(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const images = new ImagesRepository(app.database.db);
  const shares = app.hasDecorator('articleShares') ? app.articleShares : undefined;
  const indexNow = app.hasDecorator('indexNow') ? app.indexNow : undefined;

  /** The body of an entry: the story format (400 naming the path), at most LIVE_ENTRY_MAX_BYTES, library pictures. */
  async function checkedBody(value: unknown): Promise<{ body: BodyDoc; json: string }> {
    const size = bodyBytes(value);
    if (size > LIVE_ENTRY_MAX_BYTES) {
      throw new ValidationError(
        [
          {
            field: 'body',
            message: `must be at most ${LIVE_ENTRY_MAX_BYTES / 1000} KB as JSON for a live entry (it is ${Math.ceil(size / 1000)} KB)`,
          },
        ],
        'body',
      );
    }
    const checked = validateBody(value, 'body');
    if (!checked.ok)
      throw new ValidationError(
        checked.problems.map((p) => ({ field: p.path, message: p.message })),
        'body',
      );
    if (checked.value.content.length === 0) {
      throw new ValidationError(
        [{ field: 'body.content', message: 'must not be empty: an entry says something' }],
        'body',
      );
    }
    if (app.hasDecorator('imageStore')) {
      const missing = await missingBodyImages(app.imageStore, checked.value);
      if (missing.length > 0) throw new ValidationError(missing, 'body');
      const ids = bodyImageIds(checked.value);
      const known = await images.sizes(ids);
      for (const imageId of ids) if (!known.has(imageId)) await ensureImageRow(images, app.imageStore, imageId);
    }
    return { body: checked.value, json: JSON.stringify(checked.value) };
  }

  /** A key event's posts, queued in the entry's transaction (only a key event, only on a published article). */
  const queueShares: AfterWrite = async (trx, entry, article) => {
    if (!shares || Number(entry.key_event) !== 1 || !isPublic(article)) return;
    const platforms: SharePlatform[] = [];
    if (Number(entry.share_to_x) === 1) platforms.push('x');
    if (Number(entry.share_to_facebook) === 1) platforms.push('facebook');
    await shares.onKeyEvent(
      trx,
      { articleId: Number(article.id), entryId: Number(entry.id), slug: article.slug, summary: entrySummary(entry) },
      platforms,
    );
  };

  /** The entry's queued posts that its correction or deletion made unsendable: withdrawn in its transaction. */
  const withdrawShares: AfterWrite = async (trx, entry, article) => {
    await shares?.onEntryChanged(trx, Number(article.id), Number(entry.id));
  };

  /** A correction: what it made unsendable withdrawn, then a key event's posts not yet queued queued. */
  const afterCorrection: AfterWrite = async (trx, entry, article) => {
    await withdrawShares(trx, entry, article);
    await queueShares(trx, entry, article);
  };

  /** Search engines hear that a public live blog's page changed (IndexNow, decision 045), in the entry's transaction. */
  const notifyEngines: AfterWrite = async (trx, _entry, article) => {
    await indexNow?.onEntryWritten(trx, article);
  };
  const afterPost: AfterWrite = async (trx, entry, article) => {
    await queueShares(trx, entry, article);
    await notifyEngines(trx, entry, article);
  };
  const afterEdit: AfterWrite = async (trx, entry, article) => {
    await afterCorrection(trx, entry, article);
    await notifyEngines(trx, entry, article);
  };
  const afterDelete: AfterWrite = async (trx, entry, article) => {
    await withdrawShares(trx, entry, article);
    await notifyEngines(trx, entry, article);
  };

  /** The posts of the article's entries on X and Facebook (none where sharing is not set up). */
  const postsOf = async (articleId: number) => (shares ? shares.entryPosts(articleId) : new Map());

  async function announce(type: 'entry-added' | 'entry-updated', article: LiveArticleRow, entry: LiveEntryRow) {
    if (!isPublic(article)) return;
    const [readerEntry] = await toLiveEntries(images, [entry]);
    await publishLiveEvent(app, type, { entry: readerEntry! }, articleTopic(Number(article.id)));
  }

  for (const to of ['start', 'end'] as const) {
    app.post(
      `/articles/:id/live/${to}`,
      {
        schema: {
          summary: to === 'start' ? 'Start (or resume) live coverage' : 'End live coverage',
          params: ArticleIdParamsSchema,
          response: { 200: AdminArticleSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        // Search engines hear of the page and of the cards' 'LIVE' (IndexNow, decision 045), in its transaction.
        const result = await repo.setCoverage(id, to, actorOf(request), indexNow?.onCoverageChanged.bind(indexNow));
        if (!result.ok) {
          if (result.reason === 'not-found') throw articleNotFound(id);
          if (result.reason === 'in-trash') throw articleInTrash(result.deletedAt);
          throw new HttpProblem(
            409,
            result.reason === 'running' ? `Article ${id} is already live.` : `Article ${id} is not live.`,
          );
        }
        clearCaches();
        const after = result.after;
        if (isPublic(after) && after.live_started_at) {
          await publishLiveEvent(
            app,
            'coverage-changed',
            { articleId: id, coverageStartTime: after.live_started_at, coverageEndTime: after.live_ended_at },
            articleTopic(id),
          );
          // The lists' cards show "Live" while coverage runs: the story changed for every page too.
          await announceStories(app, 'story-updated', [id]);
        }
        const article = await articles.get(id);
        if (!article) throw articleNotFound(id);
        return withReaderBody(images, article);
      },
    );
  }

  app.get(
    '/articles/:id/live/entries',
    { schema: { params: ArticleIdParamsSchema, response: { 200: AdminLiveEntriesSchema } } },
    async (request) => {
      const { id } = request.params;
      const article = await repo.article(id);
      if (!article || article.deleted_at) throw articleNotFound(id);
      const [rows, posts, correctedBy] = await Promise.all([repo.all(id), postsOf(id), repo.correctedBy(id)]);
      return { entries: await toAdminLiveEntries(images, rows, posts, correctedBy) };
    },
  );

  app.post(
    '/articles/:id/live/entries',
    {
      schema: {
        params: ArticleIdParamsSchema,
        body: LiveEntryInputSchema,
        response: { 201: AdminLiveEntrySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      if (input.version !== undefined) {
        throw new ValidationError([{ field: 'version', message: 'is sent with a correction (PATCH) only' }], 'body');
      }
      const { json } = await checkedBody(input.body);
      const keyEvent = input.keyEvent === true;
      const result = await repo.post(
        id,
        {
          body: json,
          keyEvent,
          shareToX: keyEvent && input.shareToX === true,
          shareToFacebook: keyEvent && input.shareToFacebook === true,
        },
        actorOf(request),
        afterPost,
      );
      if (!result.ok) throw refused(id, undefined, result);
      clearCaches();
      await announce('entry-added', result.article, result.entry);
      const [entry] = await toAdminLiveEntries(images, [result.entry], await postsOf(id));
      reply.code(201).header('location', `/api/admin/articles/${id}/live/entries/${entry!.id}`);
      return entry!;
    },
  );

  app.patch(
    '/articles/:id/live/entries/:entryId',
    {
      schema: {
        params: EntryParamsSchema,
        body: LiveEntryInputSchema,
        response: { 200: AdminLiveEntrySchema },
      },
    },
    async (request) => {
      const { id, entryId } = request.params;
      const input = request.body;
      if (input.version === undefined) {
        throw new ValidationError(
          [{ field: 'version', message: 'is required: send the version of the entry you corrected' }],
          'body',
        );
      }
      const current = await repo.entry(id, entryId);
      const { json } = await checkedBody(input.body);
      const keyEvent = input.keyEvent ?? Number(current?.key_event) === 1;
      const shareToX = input.shareToX ?? Number(current?.share_to_x) === 1;
      const shareToFacebook = input.shareToFacebook ?? Number(current?.share_to_facebook) === 1;
      const result = await repo.edit(
        id,
        entryId,
        input.version,
        { body: json, keyEvent, shareToX: keyEvent && shareToX, shareToFacebook: keyEvent && shareToFacebook },
        actorOf(request),
        afterEdit,
      );
      if (!result.ok) throw refused(id, entryId, result);
      clearCaches();
      await announce('entry-updated', result.article, result.entry);
      const [posts, correctedBy] = await Promise.all([postsOf(id), repo.correctedBy(id, [entryId])]);
      const [entry] = await toAdminLiveEntries(images, [result.entry], posts, correctedBy);
      return entry!;
    },
  );

  app.delete(
    '/articles/:id/live/entries/:entryId',
    {
      schema: {
        params: EntryParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted: readers no longer see it' }) },
      },
    },
    async (request, reply) => {
      const { id, entryId } = request.params;
      const result = await repo.delete(id, entryId, actorOf(request), afterDelete);
      if (!result.ok) throw refused(id, entryId, result);
      clearCaches();
      if (isPublic(result.article)) {
        await publishLiveEvent(app, 'entry-deleted', { id: entryId, articleId: id }, articleTopic(id));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/articles/:id/live/entries/:entryId/shares/:platform/retry',
    {
      schema: {
        summary:
          "Retry a key event's failed or unconfirmed post on X or Facebook, or its withdrawn one once the article is published again",
        params: EntryShareParamsSchema,
        response: { 202: EntryShareRetrySchema },
      },
    },
    async (request, reply) => {
      const { id, entryId, platform } = request.params;
      const name = platform === 'x' ? 'X' : 'Facebook';
      if (!shares) throw new HttpProblem(409, 'Sharing to X and Facebook is not set up on this server.');
      const article = await repo.article(id);
      if (!article) throw articleNotFound(id);
      if (article.deleted_at) throw articleInTrash(article.deleted_at);
      // A deleted entry is gone for readers: its post would link to nothing.
      if (!(await repo.entry(id, entryId))) throw entryNotFound(id, entryId);
      const r = await shares.retryEntryPost(id, entryId, platform, actorOf(request));
      if (!r.ok) {
        if (r.reason === 'not-found') throw articleNotFound(id);
        if (r.reason === 'in-trash') throw articleInTrash(r.deletedAt);
        // The rule of what is posted refuses it (decision 024): only a key event, only with its box ticked.
        if (r.reason === 'refused' && r.because === 'entry-deleted') throw entryNotFound(id, entryId);
        if (r.reason === 'refused' && r.because === 'not-key-event') {
          throw new HttpProblem(
            409,
            `The entry is not a key event: only key events are posted. Mark it as a key event again to retry its ${name} post.`,
          );
        }
        if (r.reason === 'refused' && (r.because === 'x-off' || r.because === 'facebook-off')) {
          throw new HttpProblem(
            409,
            `Post to ${name} is turned off for this entry: tick it again to retry its ${name} post.`,
          );
        }
        // Unpublished (or moved to the Trash) since the checks above: as when it was not published then.
        if (r.reason === 'not-published' || r.reason === 'refused') {
          throw new HttpProblem(409, `The article is not published: publish it again to retry its ${name} post.`);
        }
        if (r.reason === 'not-connected') throw new HttpProblem(409, `${name} is not connected on the Social page.`);
        throw new HttpProblem(
          409,
          `Only a failed, unconfirmed or withdrawn post can be retried (this entry's ${name} post is ${r.state ?? 'not shared'}).`,
        );
      }
      return reply.code(202).send({ platform, state: 'queued' as const });
    },
  );

  app.delete(
    '/articles/:id/live/entries/:entryId/shares/:platform',
    {
      schema: {
        summary: "Delete a key event's post on X or Facebook (before or after the entry itself, also in the Trash)",
        params: EntryShareParamsSchema,
        response: { 200: EntryShareDeletedSchema },
      },
    },
    async (request) => {
      const { id, entryId, platform } = request.params;
      if (!shares) throw new HttpProblem(409, 'Sharing to X and Facebook is not set up on this server.');
      // An article in the Trash too (the share service's rule, as for the article's own posts).
      let r;
      try {
        r = await shares.deletePost(id, platform, actorOf(request), entryId);
      } catch (err) {
        throw err instanceof SocialProblem ? providerRefusal(err) : err;
      }
      if (!r.ok) {
        if (r.reason === 'not-found') throw articleNotFound(id);
        const name = platform === 'x' ? 'X' : 'Facebook';
        throw new HttpProblem(409, `There is no post to delete (this entry's ${name} post is ${r.state ?? 'absent'}).`);
      }
      return { platform, state: 'deleted' as const };
    },
  );

  app.get(
    '/articles/:id/live/entries/:entryId/revisions',
    { schema: { params: EntryParamsSchema, response: { 200: LiveEntryRevisionsSchema } } },
    async (request) => {
      const { id, entryId } = request.params;
      const article = await repo.article(id);
      if (!article || article.deleted_at) throw articleNotFound(id);
      if (!(await repo.exists(id, entryId))) throw entryNotFound(id, entryId);
      return { revisions: (await repo.revisions(entryId)).map(toRevision) };
    },
  );
}
