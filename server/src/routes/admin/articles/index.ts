import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CATEGORIES } from '../../../../../common/categories.ts';
import { slugify } from '../../../../../common/slug.ts';
import type { Refusal } from '../../../repositories/admin-articles.ts';
import { getRevision, listRevisions } from '../../../repositories/article-revisions.ts';
import { ArticlePresenceRepository } from '../../../repositories/article-presence.ts';
import { ArticleReadsRepository } from '../../../repositories/article-reads.ts';
import { ArticleNotesRepository } from '../../../repositories/article-notes.ts';
import { newsroomAccounts } from '../../../repositories/activity-editors.ts';
import { ARTICLE_READS_HOURS } from '../../../../../common/most-read-contract.ts';
import { AuthorsAndTagsRepository, UnknownReference } from '../../../repositories/authors-and-tags.ts';
import { announcePublished } from '../../../scheduler/article-events.ts';
import { announceStories, announceStoryRemoved } from '../../../live/story-events.ts';
import { actorOf } from '../../../auth/actor.ts';
import { clearNewsCache } from '../../../services/news-cache.ts';
import type { AdminRouteOptions } from '../context.ts';
import {
  articleDeleted,
  articleInTrash,
  articleNotFound,
  articlePurged,
  badRequest,
  conflict,
  preconditionRequired,
  versionConflict,
} from '../http-errors.ts';
import { HttpProblem } from '../../../plugins/problem.ts';
import { ProblemSchema } from '../../news/schemas.ts';
import {
  AdminArticleSchema,
  ArticlePageSchema,
  CategoryChangeSchema,
  IdParamsSchema,
  ListQuerySchema,
  RestoreRevisionSchema,
  RevisionListSchema,
  RevisionParamsSchema,
  RevisionSchema,
  ScheduleSchema,
} from '../schemas.ts';
import { ValidationError } from '../../../domain/typebox-validation.ts';
import { copyBase, duplicateInput } from '../../../domain/article-duplicate.ts';
import { copyHeadlinesOf } from '../../../repositories/copy-headlines.ts';
import { missingBodyImages } from '../../../images/body-images.ts';
import { bodyPlainText } from '../../../../../common/body/text.ts';
import type { BodyDoc } from '../../../../../common/body/types.ts';
import { bodyImageIds } from '../../../../../common/body/validate.ts';
import {
  ArticleEditSchema,
  ArticleInputSchema,
  validateArticleInput,
  validateEdit,
  checkScheduleAt,
  imageAltMissing,
  IMAGE_ALT_REQUIRED,
  type ValidArticle,
} from '../../../domain/article-input.ts';
import { uploadedImageId } from '../../../../../common/images.ts';
import type { AdminArticle } from '../../../../../common/admin-contract.ts';
import { ensureImageRow } from '../../../images/library.ts';
import { ImagesRepository } from '../../../repositories/images-repository.ts';
import { withReaderBody } from '../../../rendering/body-html.ts';
import { correctionRoutes } from './corrections.ts';
import { pinRoutes } from './pins.ts';
import { presenceRoutes } from './presence.ts';

const isKnownCategory = (id: number) => CATEGORIES.some((c) => c.id === id);

/** The If-Match header a write may send (its OpenAPI parameter; the value is read by ifMatchVersion). */
const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The ETag of the article as GET sent it, e.g. "3": the write is refused with 412 (and the current version) if the article changed since',
    }),
  ),
});

/** The version an If-Match header names (400 when it is not an article ETag); undefined without one. */
function ifMatchVersion(request: FastifyRequest): number | undefined {
  const ifMatch = request.headers['if-match'];
  if (ifMatch === undefined) return undefined;
  const m = /^\s*(?:W\/)?"(\d{1,10})"\s*$/.exec(ifMatch);
  if (!m) {
    throw new ValidationError(
      [{ field: 'If-Match', message: 'must be the ETag of the article as GET sent it, e.g. "3"' }],
      'headers',
    );
  }
  return Number(m[1]);
}

/** The version an edit was based on: If-Match (412 when stale) or a `version` field (409). */
function precondition(
  request: FastifyRequest,
  bodyVersion: number | undefined,
): { version: number; status: 409 | 412 } {
  const ifMatch = ifMatchVersion(request);
  if (ifMatch !== undefined) return { version: ifMatch, status: 412 };
  if (bodyVersion !== undefined) return { version: bodyVersion, status: 409 };
  throw preconditionRequired();
}

/** The 400 of an article that would be public with an image and no text alternative for it. */
const altRequired = () => new ValidationError([{ field: 'imageAlt', message: IMAGE_ALT_REQUIRED }], 'body');

/** The problem for a refused write (the route handles its own reasons first). */
function refusal(id: number, result: Refusal<string>, staleStatus: 409 | 412 = 409): Error {
  if (result.reason === 'not-found') return articleNotFound(id);
  if (result.reason === 'image-alt-missing') return altRequired();
  // The article exists, in the trash: its state refuses the write (a read of it is the 404 with `deleted`).
  if (result.reason === 'deleted' && 'deletedAt' in result) return articleInTrash(result.deletedAt);
  if (result.reason === 'stale' && 'currentVersion' in result) return versionConflict(staleStatus, result);
  return conflict(`The article cannot be changed that way (${result.reason}).`);
}

/** A write that names an author or tag id that does not exist: 400 for that field. */
async function namingRecords<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof UnknownReference)
      throw new ValidationError([{ field: err.field, message: err.message }], 'body');
    throw err;
  }
}

/** The article list, detail, creation, edits, the editorial actions, the trash and the history. */
const articleRoutes: FastifyPluginAsync<AdminRouteOptions> = async (fastify, { articles }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  const images = new ImagesRepository(db);
  const records = new AuthorsAndTagsRepository(db, app.database.dialect);
  const presence = new ArticlePresenceRepository(db);
  const articleReads = new ArticleReadsRepository(db);
  const notes = new ArticleNotesRepository(db, app.database.dialect, newsroomAccounts(app.config.auth));
  await fastify.register(correctionRoutes);

  /**
   * One article as these routes answer it: with its body as readers will see it (the preview's) and its
   * uploaded lead picture's size (the focal point picker keeps the picture's box before it loads).
   */
  async function answerOf<T extends AdminArticle>(article: T) {
    const imageId = uploadedImageId(article.imageUrl);
    const picture = imageId ? await images.get(imageId) : undefined;
    const imageSize = picture ? { width: Number(picture.width), height: Number(picture.height) } : null;
    return { ...(await withReaderBody(images, article)), imageSize };
  }
  await fastify.register(presenceRoutes);
  await fastify.register(pinRoutes, { answer: answerOf });

  /**
   * The lead image's focal point, copied onto the article from the library (an uploaded picture
   * met for the first time gets its library row here); the centre for other pictures. The library's
   * empty description fields are filled from the article's, so the picture is found by them later.
   */
  async function withFocalPoint<T extends Pick<ValidArticle, 'imageUrl' | 'imageAlt' | 'imageCaption' | 'imageCredit'>>(
    article: T,
  ): Promise<T & { imageFocal: { x: number; y: number } }> {
    const id = uploadedImageId(article.imageUrl);
    const row = id && app.hasDecorator('imageStore') ? await ensureImageRow(images, app.imageStore, id) : undefined;
    if (!row) return { ...article, imageFocal: { x: 0.5, y: 0.5 } };
    await images.fillBlank(row.id, {
      alt: article.imageAlt ?? '',
      caption: article.imageCaption ?? '',
      credit: article.imageCredit ?? '',
    });
    return { ...article, imageFocal: { x: Number(row.focal_x), y: Number(row.focal_y) } };
  }

  /**
   * Every picture and embed thumbnail of a body must be an uploaded image of the library (400
   * otherwise). One uploaded before the library gets its library row here, so readers' pages know
   * its size (they never read image files).
   */
  const checkBodyImages = async (body: BodyDoc) => {
    const missing = await missingBodyImages(app.imageStore, body);
    if (missing.length > 0) throw new ValidationError(missing, 'body');
    const ids = bodyImageIds(body);
    const known = await images.sizes(ids);
    for (const id of ids) if (!known.has(id)) await ensureImageRow(images, app.imageStore, id);
  };

  app.get(
    '/articles',
    { schema: { querystring: ListQuerySchema, response: { 200: ArticlePageSchema } } },
    async (request) => {
      const { page = 1, pageSize = 20, status = 'all', categoryId = 0, search = '', sort = 'newest' } = request.query;
      const { authorId, tagId, notes: notesFilter } = request.query;
      if (categoryId !== 0 && !isKnownCategory(categoryId)) {
        throw new ValidationError(
          [{ field: 'categoryId', message: `must be a known category id or 0 for all (${categoryId} is not)` }],
          'querystring',
        );
      }
      // By last change for the drafts alone (the calendar's Drafts panel): the one order of that date an
      // index serves (migration 054), so no request sorts the whole table.
      if (sort === 'updated' && !(['draft', 'unpublished'] as string[]).includes(status)) {
        throw new ValidationError(
          [
            {
              field: 'sort',
              message: 'updated (by last change) lists drafts only: use it with status draft or unpublished',
            },
          ],
          'querystring',
        );
      }
      // Open notes are for stories out of the Trash: its notes are kept for the record, read-only.
      if (notesFilter === 'open' && (status as string) === 'trash') {
        throw new ValidationError(
          [
            {
              field: 'notes',
              message: 'cannot be open with status trash (a story in the Trash has no notes to deal with)',
            },
          ],
          'querystring',
        );
      }
      const found = await articles.list({
        page,
        pageSize,
        status: status as 'all',
        categoryId,
        search: search.trim() || undefined,
        authorId,
        tagId,
        openNotes: notesFilter === 'open',
        sort,
      });
      // Who else has each row's article open (decision 047): one read for the page's rows.
      const ids = found.articles.map((a) => a.id);
      const now = new Date();
      const openBy = await presence.othersOn(ids, actorOf(request).subject, now);
      // Each row's reads in the window of its Info (decision 049): one read for the page's rows too.
      const reads = await articleReads.readsOfMany(ids, now, ARTICLE_READS_HOURS);
      // And its open notes (decision 058): one read as well.
      const openNotes = await notes.openCounts(ids);
      return {
        ...found,
        articles: found.articles.map((a) => ({
          ...a,
          openBy: openBy.get(a.id) ?? [],
          readsLast7Days: reads.get(a.id) ?? 0,
          openNotes: openNotes.get(a.id) ?? 0,
        })),
      };
    },
  );

  app.get(
    '/articles/:id',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request, reply) => {
      const article = await articles.get(request.params.id);
      if (!article) {
        const purge = await articles.purgeOf(request.params.id);
        throw purge ? articlePurged(request.params.id, purge) : articleNotFound(request.params.id);
      }
      if (article.deletedAt) throw articleDeleted(article.id, article.deletedAt, article.headline);
      reply.header('etag', `"${article.version}"`);
      return answerOf(article);
    },
  );

  /** A new article from an input that passed the input rules: POST /articles, and a duplicate. */
  async function createArticle(request: FastifyRequest, reply: FastifyReply, value: ValidArticle) {
    if (value.publishedAt && imageAltMissing({ imageUrl: value.imageUrl || null, imageAlt: value.imageAlt ?? '' })) {
      throw altRequired();
    }
    await checkBodyImages(value.body);
    const actor = actorOf(request);
    // An article created without an editor name gets the signed-in editor's display name.
    const named = value.editorName.trim() ? value : { ...value, editorName: actor.name };
    const input = await withFocalPoint(named);
    const article = await namingRecords(() => articles.create(input, actor));
    clearNewsCache(app);
    if (article.publishedAt) announcePublished(app, [article], 'manual');
    reply.code(201).header('location', `/api/admin/articles/${article.id}`).header('etag', `"${article.version}"`);
    return answerOf(article);
  }

  app.post(
    '/articles',
    { schema: { body: ArticleInputSchema, response: { 201: AdminArticleSchema } } },
    async (request, reply) => {
      const result = validateArticleInput(request.body);
      if (!result.ok) throw new ValidationError(result.errors, 'body');
      return createArticle(request, reply, result.value);
    },
  );

  app.post(
    '/articles/:id/duplicate',
    {
      schema: {
        summary:
          "A new draft with the article's text, picture, byline, tags and settings, its headline ending ' (copy)' (' (copy 2)', ' (copy 3)'… when that copy exists)",
        params: IdParamsSchema,
        response: { 201: AdminArticleSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const source = await articles.get(id);
      if (!source) throw articleNotFound(id);
      if (source.deletedAt) throw articleInTrash(source.deletedAt);
      // The copy is made by the rules of a new article's input (its picture and records must still exist),
      // numbered after the copies there are.
      const taken = await copyHeadlinesOf(db, copyBase(source.headline));
      const result = validateArticleInput(duplicateInput(source, taken));
      if (!result.ok) throw new ValidationError(result.errors, 'body');
      return createArticle(request, reply, result.value);
    },
  );

  app.put(
    '/articles/:id',
    {
      schema: {
        params: IdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: ArticleEditSchema,
        response: { 200: AdminArticleSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { version, minorEdit, autosave, ...fields } = request.body;
      const result = validateEdit(fields);
      if (!result.ok) throw new ValidationError(result.errors, 'body');
      await checkBodyImages(result.value.body);
      const pre = precondition(request, version);
      const edit = await withFocalPoint(result.value);
      const saved = await namingRecords(() =>
        articles.edit(id, edit, actorOf(request), pre.version, 'edit', {
          minor: minorEdit === true,
          autosave: autosave === true,
        }),
      );
      if (!saved.ok && saved.reason === 'not-a-draft') {
        throw conflict('Only a draft is saved automatically: save a published or scheduled article with Save changes.');
      }
      if (!saved.ok) throw refusal(id, saved, pre.status);
      clearNewsCache(app);
      if (saved.article.publishedAt) void announceStories(app, 'story-updated', [id]);
      reply.header('etag', `"${saved.article.version}"`);
      return answerOf(saved.article);
    },
  );

  app.put(
    '/articles/:id/category',
    { schema: { params: IdParamsSchema, body: CategoryChangeSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const { categoryId } = request.body;
      if (!isKnownCategory(categoryId)) {
        throw new ValidationError(
          [{ field: 'categoryId', message: `must be a known category id (${categoryId} is not)` }],
          'body',
        );
      }
      const result = await articles.changeCategory(id, categoryId, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'same-category') throw badRequest('The article is already in that category.');
        throw refusal(id, result);
      }
      clearNewsCache(app);
      if (result.article.publishedAt) void announceStories(app, 'story-updated', [id]);
      return answerOf(result.article);
    },
  );

  app.delete(
    '/articles/:id',
    { schema: { params: IdParamsSchema, response: { 204: Type.Null({ description: 'Moved to the trash' }) } } },
    async (request, reply) => {
      const { id } = request.params;
      // Whether readers could see it: only then do the live streams hear of its removal.
      const before = await articles.get(id);
      const result = await articles.delete(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'already-deleted') throw conflict('The article is already in the trash.');
        throw refusal(id, result);
      }
      clearNewsCache(app);
      if (before?.publishedAt) void announceStoryRemoved(app, before);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/articles/:id/restore',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await articles.restoreFromTrash(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-deleted') throw conflict('The article is not in the trash.');
        if (result.reason === 'expired')
          throw new HttpProblem(410, 'The article was in the trash too long to restore.');
        throw refusal(id, result);
      }
      clearNewsCache(app);
      if (result.article.publishedAt) announcePublished(app, [result.article], 'restored');
      return answerOf(result.article);
    },
  );

  app.post(
    '/articles/:id/purge',
    {
      schema: {
        params: IdParamsSchema,
        response: {
          204: Type.Null({ description: 'Deleted for good, with its history (an article in the trash only)' }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // The scheduler's purge of the expired trash, for this one article now (one purge, in the repository).
      const result = await articles.purgeFromTrash(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-deleted') throw conflict('The article is not in the trash.');
        throw articleNotFound(id);
      }
      // Its pictures may be used by nothing else now: swept at the scheduler's next step, as after its purge.
      if (app.hasDecorator('scheduler')) app.scheduler.sweepImagesSoon();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/articles/:id/publish',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await articles.publish(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'already-published') throw conflict('The article is already published.');
        throw refusal(id, result);
      }
      announcePublished(app, [result.article], 'manual');
      return answerOf(result.article);
    },
  );

  app.post(
    '/articles/:id/unpublish',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const before = await articles.get(id);
      const result = await articles.unpublish(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-published') throw conflict('The article is not published.');
        throw refusal(id, result);
      }
      clearNewsCache(app);
      if (before?.publishedAt) void announceStoryRemoved(app, before);
      return answerOf(result.article);
    },
  );

  // If-Match is optional on the schedule requests (clients that send none schedule as before); with it, a
  // stale version is the edit's 412, checked in the write's transaction (decision 055).
  app.post(
    '/articles/:id/schedule',
    {
      schema: {
        params: IdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: ScheduleSchema,
        response: { 200: AdminArticleSchema, 409: ProblemSchema, 412: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { publishAt } = request.body;
      const at = checkScheduleAt(publishAt, Date.now());
      if (!at.ok) throw new ValidationError([{ field: 'publishAt', message: at.message }], 'body');
      const expected = ifMatchVersion(request);
      const result = await articles.schedule(id, new Date(at.value).toISOString(), actorOf(request), expected);
      if (!result.ok) {
        if (result.reason === 'already-published') throw conflict('The article is already published.');
        throw refusal(id, result, 412);
      }
      reply.header('etag', `"${result.article.version}"`);
      return answerOf(result.article);
    },
  );

  app.delete(
    '/articles/:id/schedule',
    {
      schema: {
        params: IdParamsSchema,
        headers: IfMatchHeadersSchema,
        response: { 200: AdminArticleSchema, 409: ProblemSchema, 412: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const expected = ifMatchVersion(request);
      const result = await articles.unschedule(id, actorOf(request), expected);
      if (!result.ok) {
        if (result.reason === 'not-scheduled') throw conflict('The article is not scheduled.');
        throw refusal(id, result, 412);
      }
      reply.header('etag', `"${result.article.version}"`);
      return answerOf(result.article);
    },
  );

  app.get(
    '/articles/:id/revisions',
    { schema: { params: IdParamsSchema, response: { 200: RevisionListSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!(await articles.get(id))) throw articleNotFound(id);
      return { revisions: await listRevisions(db, id) };
    },
  );

  app.get(
    '/articles/:id/revisions/:revisionId',
    { schema: { params: RevisionParamsSchema, response: { 200: RevisionSchema } } },
    async (request) => {
      const { id, revisionId } = request.params;
      const revision = await getRevision(db, id, revisionId);
      if (!revision) throw new HttpProblem(404, `Article ${id} has no revision ${revisionId}.`);
      return revision;
    },
  );

  app.post(
    '/articles/:id/revisions/:revisionId/restore',
    {
      schema: {
        params: RevisionParamsSchema,
        headers: IfMatchHeadersSchema,
        body: RestoreRevisionSchema,
        response: { 200: AdminArticleSchema },
      },
      // The body is optional (If-Match alone is enough): no body is an empty object.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { id, revisionId } = request.params;
      const revision = await getRevision(db, id, revisionId);
      if (!revision) throw new HttpProblem(404, `Article ${id} has no revision ${revisionId}.`);
      const pre = precondition(request, request.body?.version);
      const s = revision.snapshot;
      const slug = slugify(s.headline);
      const restored = await withFocalPoint({
        headline: s.headline,
        slug,
        summary: s.summary,
        body: s.body,
        content: bodyPlainText(s.body),
        author: s.author,
        // The snapshot's authors and tags as they are now: merged ones by the record they were merged
        // into, deleted ones by name (older snapshots: the byline split, the tags unchanged).
        ...(s.authors ? { authors: await records.currentRefs('authors', s.authors) } : {}),
        ...(s.tags ? { tags: await records.currentRefs('tags', s.tags) } : {}),
        categoryId: s.categoryId,
        source: s.source,
        editorName: s.editorName,
        rating: s.ratingOutOfTen,
        comments: s.comments,
        imageUrl: s.imageUrl ?? '',
        originalUrl: s.originalUrl ?? '',
        isBreaking: s.isBreaking,
        // Snapshots older than image descriptions have none: the article's stay.
        ...(s.imageAlt !== undefined ? { imageAlt: s.imageAlt } : {}),
        ...(s.imageCaption !== undefined ? { imageCaption: s.imageCaption } : {}),
        ...(s.imageCredit !== undefined ? { imageCredit: s.imageCredit } : {}),
        // Snapshots older than the search and social fields have none: the article's stay.
        ...(s.metaTitle !== undefined ? { metaTitle: s.metaTitle } : {}),
        ...(s.metaDescription !== undefined ? { metaDescription: s.metaDescription } : {}),
      });
      const result = await namingRecords(() =>
        articles.edit(
          id,
          restored,
          actorOf(request),
          pre.version,
          'restore',
          // A version that was public without a description of its picture (saved before descriptions
          // existed) is brought back as it was.
          { altExempt: !s.imageAlt && Boolean(s.publishedAt) },
        ),
      );
      if (!result.ok) throw refusal(id, result, pre.status);
      clearNewsCache(app);
      if (result.article.publishedAt) void announceStories(app, 'story-updated', [id]);
      reply.header('etag', `"${result.article.version}"`);
      return answerOf(result.article);
    },
  );
};

export default articleRoutes;
