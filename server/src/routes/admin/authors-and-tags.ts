import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AUTHOR_BIO_MAX_LENGTH,
  AUTHOR_NAME_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  X_HANDLE,
} from '../../../../common/byline.ts';
import { MAX_SLUG_LENGTH } from '../../../../common/site.ts';
import { slugify } from '../../../../common/slug.ts';
import { actorOf } from '../../auth/actor.ts';
import { AuthorsAndTagsRepository, type AuthorFields, type RecordWrite } from '../../repositories/authors-and-tags.ts';
import { forbiddenCharacterErrors, ValidationError, type FieldError } from '../../domain/typebox-validation.ts';
import { characterLimitErrors, characterText } from '../../domain/article-input.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { clearNewsCache } from '../../services/news-cache.ts';
import { IdParamsSchema, MAX_ID } from './schemas.ts';

const nullableString = Type.Union([Type.String(), Type.Null()]);

const AdminAuthorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  bio: Type.String(),
  photoUrl: nullableString,
  xHandle: nullableString,
  articleCount: Type.Optional(
    Type.Integer({ description: 'Articles that name the author, drafts and the trash included' }),
  ),
});
const AdminTagSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  articleCount: Type.Optional(Type.Integer({ description: 'Articles with the tag, drafts and the trash included' })),
});

/** The longest address of an author's photo, in characters as the article's image address. */
const PHOTO_URL_MAX = 2000;
/** The longest name filter, in characters (common/text-length.ts), as long as the longest author name. */
const SEARCH_MAX = AUTHOR_NAME_MAX_LENGTH;

const SearchQuerySchema = Type.Object({
  q: Type.Optional(
    characterText(SEARCH_MAX, { description: `Part of the name, case-insensitive: at most ${SEARCH_MAX} characters` }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'At most this many (default 20)' })),
});

/**
 * The limits of an author's and a tag's texts, in characters as a reader sees them (common/text-length.ts),
 * counted after trimming (the name with its spaces collapsed): the schemas' maxLength is only the safety cap.
 */
const AUTHOR_LIMITS = { name: AUTHOR_NAME_MAX_LENGTH, bio: AUTHOR_BIO_MAX_LENGTH, photoUrl: PHOTO_URL_MAX };
const TAG_LIMITS = { name: TAG_NAME_MAX_LENGTH };

const authorFields = {
  bio: Type.Optional(characterText(AUTHOR_BIO_MAX_LENGTH)),
  photoUrl: Type.Optional(
    Type.Union([characterText(PHOTO_URL_MAX), Type.Null()], {
      errorMessage: 'must be an http(s) URL, a site path such as /images/…, or null',
    }),
  ),
  xHandle: Type.Optional(
    Type.Union([Type.String({ maxLength: 16 }), Type.Null()], {
      errorMessage: 'must be an X handle (1-15 letters, digits or underscores) or null',
    }),
  ),
};
const AuthorCreateSchema = Type.Object(
  { name: characterText(AUTHOR_NAME_MAX_LENGTH), ...authorFields },
  { additionalProperties: false },
);
const AuthorPatchSchema = Type.Object(
  { name: Type.Optional(characterText(AUTHOR_NAME_MAX_LENGTH)), ...authorFields },
  { additionalProperties: false },
);
const TagBodySchema = Type.Object({ name: characterText(TAG_NAME_MAX_LENGTH) }, { additionalProperties: false });

const MergeBodySchema = Type.Object(
  {
    into: Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      errorMessage: `must be a whole number from 1 to ${MAX_ID}`,
      description: 'The id of the record that takes its place',
    }),
  },
  { additionalProperties: false },
);

/** A name: spaces collapsed, within its limit in characters, with at least one letter or digit, whose slug fits. */
function cleanName(name: string, max: number, errors: FieldError[]): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  const slug = slugify(clean);
  const tooLong = characterLimitErrors({ name: clean }, { name: max });
  if (tooLong.length > 0) errors.push(...tooLong);
  else if (!slug) errors.push({ field: 'name', message: 'must contain at least one letter or digit' });
  else if (slug.length > MAX_SLUG_LENGTH) errors.push({ field: 'name', message: 'is too long' });
  return clean;
}

/** The author fields of a POST or PATCH body, checked (400 with every bad field). */
function authorInput(body: { name?: string; bio?: string; photoUrl?: string | null; xHandle?: string | null }) {
  const errors = [
    ...forbiddenCharacterErrors(body),
    ...characterLimitErrors({ bio: body.bio, photoUrl: body.photoUrl }, AUTHOR_LIMITS),
  ];
  const fields: AuthorFields = {};
  if (body.name !== undefined) fields.name = cleanName(body.name, AUTHOR_LIMITS.name, errors);
  if (body.bio !== undefined) fields.bio = body.bio.trim();
  if (body.photoUrl !== undefined) {
    const url = body.photoUrl?.trim() || null;
    if (url && !errors.some((e) => e.field === 'photoUrl') && !isPhotoUrl(url)) {
      errors.push({ field: 'photoUrl', message: 'must be an http(s) URL or a site path such as /images/…' });
    }
    fields.photoUrl = url;
  }
  if (body.xHandle !== undefined) {
    const handle = body.xHandle?.trim() || null;
    const m = handle ? X_HANDLE.exec(handle) : null;
    if (handle && !m) {
      errors.push({ field: 'xHandle', message: 'must be an X handle: 1-15 letters, digits or underscores' });
    }
    fields.xHandle = m ? m[1]! : null;
  }
  if (errors.length > 0) throw new ValidationError(errors, 'body');
  return fields;
}

function isPhotoUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !/[\s\\]/.test(url);
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(url);
  } catch {
    return false;
  }
}

/** The name filter of a search, trimmed; over its limit in characters, 400. */
function searchText(query: { q?: string }): string {
  const q = (query.q ?? '').trim();
  const tooLong = characterLimitErrors({ q }, { q: SEARCH_MAX });
  if (tooLong.length > 0) throw new ValidationError(tooLong, 'querystring');
  return q;
}

/** The answer to a refused create or update: 404, or 409 when another record has the slug. */
function refused(kind: 'author' | 'tag', id: number | undefined, result: Exclude<RecordWrite<unknown>, { ok: true }>) {
  if (result.reason === 'not-found') return new HttpProblem(404, `There is no ${kind} ${id}.`);
  return new HttpProblem(409, `Another ${kind} already has the address /${kind}/${result.slug}: choose another name.`, {
    extensions: { slug: result.slug },
  });
}

/**
 * The newsroom's authors and tags (decision 034): search for the pickers (with each record's
 * article count), create, edit, merge, delete. A rename that changes the slug keeps the old address
 * as a 301; another record with the slug is a 409. A merge moves the articles and the addresses to
 * the record merged into; a deletion takes a tag off its articles, and is refused (409) for an
 * author still named on one.
 */
const authorsAndTagsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Search engines hear of the pages a change shows on (IndexNow, decision 045), in its transaction.
  const indexNow = app.hasDecorator('indexNow') ? app.indexNow : undefined;
  const repo = new AuthorsAndTagsRepository(
    app.database.db,
    app.database.dialect,
    indexNow?.onRecordChanged.bind(indexNow),
  );

  app.get(
    '/authors',
    {
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: Type.Object({ items: Type.Array(AdminAuthorSchema) }) },
      },
    },
    async (request) => ({ items: await repo.searchAuthors(searchText(request.query), request.query.limit ?? 20) }),
  );

  app.get(
    '/authors/:id',
    { schema: { params: IdParamsSchema, response: { 200: AdminAuthorSchema } } },
    async (request) => {
      const author = await repo.getAuthor(request.params.id);
      if (!author) throw new HttpProblem(404, `There is no author ${request.params.id}.`);
      return author;
    },
  );

  app.post(
    '/authors',
    { schema: { body: AuthorCreateSchema, response: { 201: AdminAuthorSchema } } },
    async (request, reply) => {
      const fields = authorInput(request.body);
      const result = await repo.createAuthor({ ...fields, name: fields.name! }, actorOf(request));
      if (!result.ok) throw refused('author', undefined, result);
      clearNewsCache(app);
      reply.code(201).header('location', `/api/admin/authors/${result.value.id}`);
      return result.value;
    },
  );

  app.patch(
    '/authors/:id',
    { schema: { params: IdParamsSchema, body: AuthorPatchSchema, response: { 200: AdminAuthorSchema } } },
    async (request) => {
      const result = await repo.updateAuthor(request.params.id, authorInput(request.body), actorOf(request));
      if (!result.ok) throw refused('author', request.params.id, result);
      clearNewsCache(app);
      return result.value;
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: Type.Object({ items: Type.Array(AdminTagSchema) }) },
      },
    },
    async (request) => ({ items: await repo.searchTags(searchText(request.query), request.query.limit ?? 20) }),
  );

  app.get('/tags/:id', { schema: { params: IdParamsSchema, response: { 200: AdminTagSchema } } }, async (request) => {
    const tag = await repo.getTag(request.params.id);
    if (!tag) throw new HttpProblem(404, `There is no tag ${request.params.id}.`);
    return tag;
  });

  const tagName = (body: { name: string }) => {
    const errors = forbiddenCharacterErrors(body);
    const name = cleanName(body.name, TAG_LIMITS.name, errors);
    if (errors.length > 0) throw new ValidationError(errors, 'body');
    return name;
  };

  app.post('/tags', { schema: { body: TagBodySchema, response: { 201: AdminTagSchema } } }, async (request, reply) => {
    const result = await repo.createTag(tagName(request.body), actorOf(request));
    if (!result.ok) throw refused('tag', undefined, result);
    clearNewsCache(app);
    reply.code(201).header('location', `/api/admin/tags/${result.value.id}`);
    return result.value;
  });

  app.patch(
    '/tags/:id',
    { schema: { params: IdParamsSchema, body: TagBodySchema, response: { 200: AdminTagSchema } } },
    async (request) => {
      const result = await repo.updateTag(request.params.id, tagName(request.body), actorOf(request));
      if (!result.ok) throw refused('tag', request.params.id, result);
      clearNewsCache(app);
      return result.value;
    },
  );

  for (const kind of ['authors', 'tags'] as const) {
    const noun = kind === 'authors' ? 'author' : 'tag';
    app.post(
      `/${kind}/:id/merge`,
      {
        schema: {
          summary: `Merge the ${noun} into another`,
          params: IdParamsSchema,
          body: MergeBodySchema,
          response: { 200: kind === 'authors' ? AdminAuthorSchema : AdminTagSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { into } = request.body;
        if (into === id) throw new ValidationError([{ field: 'into', message: `must be another ${noun}` }], 'body');
        const actor = actorOf(request);
        const result = await (kind === 'authors'
          ? repo.merge('authors', id, into, actor)
          : repo.merge('tags', id, into, actor));
        if (!result.ok) {
          if (result.reason === 'not-found' && result.which === 'target') {
            throw new ValidationError([{ field: 'into', message: `there is no ${noun} ${into}` }], 'body');
          }
          throw new HttpProblem(404, `There is no ${noun} ${id}.`);
        }
        clearNewsCache(app);
        return result.value;
      },
    );

    app.delete(
      `/${kind}/:id`,
      { schema: { summary: `Delete the ${noun}`, params: IdParamsSchema, response: { 204: Type.Null() } } },
      async (request, reply) => {
        const { id } = request.params;
        const result = await repo.remove(kind, id, actorOf(request));
        if (!result.ok) {
          if (result.reason === 'in-use') {
            const n = result.articles;
            throw new HttpProblem(
              409,
              `The ${noun} is named on ${n} article${n === 1 ? '' : 's'}: merge it into another ${noun} instead.`,
              { extensions: { articles: n } },
            );
          }
          throw new HttpProblem(404, `There is no ${noun} ${id}.`);
        }
        clearNewsCache(app);
        return reply.code(204).send(null);
      },
    );
  }
};

export default authorsAndTagsRoutes;
