import { Type } from '@sinclair/typebox';
import { TRAIL_ACTIONS } from '../../../../common/action-labels.ts';
import { LATEST_NOTES, NOTES_FOR_YOU } from '../../../../common/notes-contract.ts';
import { characterText, IMAGE_ALT_MAX, IMAGE_CAPTION_MAX, IMAGE_CREDIT_MAX } from '../../domain/article-input.ts';
import { PresenceNameFields } from './articles/presence-schemas.ts';

const nullableString = Type.Union([Type.String(), Type.Null()]);

const listItemFields = {
  id: Type.Integer(),
  headline: Type.String(),
  slug: Type.String(),
  summary: Type.String(),
  author: Type.String(),
  category: Type.String(),
  categoryId: Type.Integer(),
  source: Type.String(),
  editorName: Type.String(),
  ratingOutOfTen: Type.Integer({ minimum: 0, maximum: 10 }),
  comments: Type.String(),
  imageUrl: nullableString,
  originalUrl: nullableString,
  isBreaking: Type.Boolean(),
  publishedAt: nullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('scheduled')]),
  publishAt: nullableString,
  deletedAt: nullableString,
  updatedBy: nullableString,
  liveStartedAt: nullableString,
  liveEndedAt: nullableString,
  pinnedAt: Type.Optional(nullableString),
  pinnedBy: Type.Optional(nullableString),
  pinnedUntil: Type.Optional(nullableString),
};

/** An article in lists (no `content`). */
export const AdminArticleListItemSchema = Type.Object(listItemFields);
const nullableBoolean = Type.Union([Type.Boolean(), Type.Null()]);

/**
 * The full admin article of the shared contract, with its share choice (optional: revision
 * snapshots older than sharing have none).
 */
export const NamedRefSchema = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() });

export const AdminArticleSchema = Type.Object({
  ...listItemFields,
  /** The body in the stored format (common/body/types.ts, decision 032). */
  body: Type.Unknown({ description: 'The body in the stored format: ProseMirror JSON (decision 032)' }),
  /** Its plain text, read-only. */
  content: Type.String(),
  bodyHtml: Type.Optional(
    Type.String({
      description:
        "The body as readers will see it (the public page's renderer, every picture with the library's width and height), for the preview: in every answer holding one article, not in lists or revision snapshots",
    }),
  ),
  authors: Type.Optional(
    Type.Array(NamedRefSchema, { description: 'The byline in order; `author` is their names as one string' }),
  ),
  tags: Type.Optional(Type.Array(NamedRefSchema)),
  shareToX: Type.Optional(nullableBoolean),
  shareToFacebook: Type.Optional(nullableBoolean),
  shareMessage: Type.Optional(nullableString),
  imageAlt: Type.Optional(Type.String()),
  imageCaption: Type.Optional(Type.String()),
  imageCredit: Type.Optional(Type.String()),
  imageFocalX: Type.Optional(Type.Number()),
  imageFocalY: Type.Optional(Type.Number()),
  imageSize: Type.Optional(
    Type.Union([Type.Object({ width: Type.Integer(), height: Type.Integer() }), Type.Null()], {
      description:
        "The uploaded lead picture's size in pixels (an answer holding one article); null for another address or none",
    }),
  ),
  metaTitle: Type.Optional(
    Type.String({
      description:
        "The title search results and share cards show ('' : the headline). Not in lists, nor in revision snapshots older than it",
    }),
  ),
  metaDescription: Type.Optional(
    Type.String({
      description:
        "The description search results and share cards show ('' : the summary, else the body's first paragraph)",
    }),
  ),
});

/** A row of All Articles: the list item, who else has the article open as the page was read, its reads and open notes. */
export const ArticleListRowSchema = Type.Object({
  ...listItemFields,
  openBy: Type.Array(Type.Object(PresenceNameFields), {
    description:
      'The other editors who have the article open now (decision 047): each once, who opened it first first; the signed-in editor is left out',
  }),
  readsLast7Days: Type.Integer({
    minimum: 0,
    description: "The article's reads in the last 7 days, as its Info counts them (decision 049); 0 when none",
  }),
  openNotes: Type.Integer({
    minimum: 0,
    description: "How many of the article's notes are open, not resolved (decision 058); 0 when none",
  }),
});

export const ArticlePageSchema = Type.Object({
  articles: Type.Array(ArticleListRowSchema),
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer(),
  totalPages: Type.Integer(),
  hasNextPage: Type.Boolean(),
  hasPreviousPage: Type.Boolean(),
});

/** A note as the Dashboard lists it (common/notes-contract.ts, LatestNote). */
const LatestNoteSchema = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  headline: Type.String(),
  excerpt: Type.String({ description: "The note's text, cut to 100 characters plus '...'" }),
  createdAt: Type.String({ description: 'When it was added (ISO-8601 UTC)' }),
  createdBy: Type.String({ description: 'The display name of the editor who added it' }),
  replyTo: Type.Union([Type.String(), Type.Null()], {
    description: 'A reply: the display name of the author of the note it answers; null for a note of its own',
  }),
});

export const DashboardSchema = Type.Object({
  totalArticles: Type.Integer(),
  articlesLastWeek: Type.Integer(),
  activeUsers: Type.Integer(),
  recentArticles: Type.Array(AdminArticleListItemSchema),
  scheduledArticles: Type.Integer(),
  /** The last backup (server/src/backup/status.ts). */
  backup: Type.Object({
    intervalHours: Type.Integer(),
    last: Type.Union([
      Type.Object({
        at: Type.String(),
        succeeded: Type.Boolean(),
        sizeBytes: Type.Union([Type.Integer(), Type.Null()]),
        error: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ]),
    lastSucceeded: Type.Union([Type.Object({ at: Type.String(), sizeBytes: Type.Integer() }), Type.Null()]),
    alert: Type.Boolean(),
  }),
  /** Library pictures without a description that an article out of the trash uses. */
  undescribedPictures: Type.Integer({ minimum: 0 }),
  /** The newest notes across the articles out of the Trash (common/notes-contract.ts, LatestNote). */
  latestNotes: Type.Array(LatestNoteSchema, {
    maxItems: LATEST_NOTES,
    description: 'Newest first (internal: never shown to readers)',
  }),
  /** The newest notes that mention the signed-in editor, not their own, out of the Trash (decision 060). */
  notesForYou: Type.Array(
    Type.Composite([
      LatestNoteSchema,
      Type.Object({ unread: Type.Boolean({ description: 'New to them: they have not opened the story since' }) }),
    ]),
    {
      maxItems: NOTES_FOR_YOU,
      description:
        "Newest first: colleagues' notes mentioning the signed-in editor, and replies in threads they wrote in",
    },
  ),
});

export const CategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Largest id the API accepts (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `must be a whole number from 1 to ${MAX_ID}` }),
});

export const ListQuerySchema = Type.Object(
  {
    // Bounded like ids: a page past the last is an empty page, but an absurd number is a mistake.
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `must be a whole number from 1 to ${MAX_ID}` }),
    ),
    pageSize: Type.Optional(
      Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100), Type.Literal(-1)], {
        errorMessage: 'must be one of 10, 20, 50, 100 or -1 (all)',
      }),
    ),
    status: Type.Optional(
      Type.Union(
        ['all', 'published', 'unpublished', 'draft', 'scheduled', 'trash'].map((s) => Type.Literal(s)),
        { errorMessage: 'must be one of all, published, unpublished, draft, scheduled, trash' },
      ),
    ),
    search: Type.Optional(Type.String({ maxLength: 200, errorMessage: 'must be at most 200 characters' })),
    // updated: by the last change, newest first; drafts only (the route refuses it with another status).
    sort: Type.Optional(
      Type.Union([Type.Literal('newest'), Type.Literal('oldest'), Type.Literal('updated')], {
        errorMessage: 'must be newest, oldest or updated',
      }),
    ),
    categoryId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: 'must be a category id (0 for all)' })),
    authorId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ID,
        errorMessage: 'must be an author id',
        description: 'Only the articles that name this author',
      }),
    ),
    tagId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ID,
        errorMessage: 'must be a tag id',
        description: 'Only the articles with this tag',
      }),
    ),
    notes: Type.Optional(
      Type.Literal('open', {
        errorMessage: 'must be open (only the stories with open notes)',
        description: 'open: only the stories out of the Trash with open (not resolved) notes',
      }),
    ),
  },
  { additionalProperties: true },
);

export const CategoryChangeSchema = Type.Object({
  categoryId: Type.Integer({ minimum: 1, errorMessage: 'must be a positive integer (a category id)' }),
});

export const RevisionParamsSchema = Type.Object({
  id: IdParamsSchema.properties.id,
  revisionId: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    errorMessage: 'must be a whole number from 1 (a revision id)',
  }),
});

export const ScheduleSchema = Type.Object(
  { publishAt: Type.String({ minLength: 1, maxLength: 40, errorMessage: 'must be an ISO-8601 date-time string' }) },
  { additionalProperties: false },
);

/** The body of a revision restore: the version the editor saw (or send If-Match). */
export const RestoreRevisionSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'must be the article version' })),
  },
  { additionalProperties: false },
);

const revisionSummaryFields = {
  id: Type.Integer(),
  articleId: Type.Integer(),
  version: Type.Integer(),
  action: Type.String(),
  editorName: Type.String(),
  at: Type.String(),
  changedFields: Type.Array(Type.String()),
  /** Saved by the edit form on its own (a draft's autosave). */
  autosave: Type.Boolean(),
};
export const RevisionListSchema = Type.Object({ revisions: Type.Array(Type.Object(revisionSummaryFields)) });
export const RevisionSchema = Type.Object({ ...revisionSummaryFields, snapshot: AdminArticleSchema });

export const AuditQuerySchema = Type.Object(
  {
    editor: Type.Optional(Type.String({ maxLength: 300, errorMessage: 'must be at most 300 characters' })),
    // One of the audit trail's codes (common/action-labels.ts, the Action filter's groups); '' or left out: all.
    action: Type.Optional(
      Type.Union([Type.Literal(''), ...TRAIL_ACTIONS.map((a) => Type.Literal(a))], {
        errorMessage: `must be one of ${TRAIL_ACTIONS.join(', ')}`,
        description: "An action code; '' or left out: every action",
      }),
    ),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000, errorMessage: 'must be a whole number from 1 to 100000' }),
    ),
  },
  { additionalProperties: true },
);

export const AuditPageSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      action: Type.String(),
      articleId: Type.Integer(),
      headline: Type.String(),
      articleGone: Type.Boolean({ description: 'The article was deleted for good since' }),
      record: Type.Union(
        [
          Type.Object({
            kind: Type.Union([Type.Literal('author'), Type.Literal('tag')]),
            id: Type.Integer(),
            name: Type.String({ description: 'As the row keeps it (before the change for a merge or a deletion)' }),
            exists: Type.Boolean({ description: 'Not merged away or deleted since' }),
          }),
          Type.Object({
            kind: Type.Literal('image'),
            id: Type.String({ pattern: '^[0-9a-f]{32}$' }),
            name: Type.String({ description: 'Its description (alt text) after the change; empty if none' }),
            exists: Type.Boolean({ description: 'Still in the library' }),
          }),
          Type.Null(),
        ],
        { description: 'The author, tag or picture of an author-…, tag-… or image-… row; null for the other rows' },
      ),
      platform: Type.Union([Type.Literal('x'), Type.Literal('facebook'), Type.Null()]),
      detail: Type.String(),
      editorName: Type.String(),
      editorSubject: Type.String(),
      at: Type.String(),
    }),
  ),
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
  hasNextPage: Type.Boolean(),
});

const libraryItemFields = {
  id: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  /** The 960-pixel width. */
  url: Type.String(),
  srcset: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.String(),
  caption: Type.String(),
  credit: Type.String(),
  focalX: Type.Number({ minimum: 0, maximum: 1 }),
  focalY: Type.Number({ minimum: 0, maximum: 1 }),
  createdAt: Type.String(),
  uploadedBy: nullableString,
};

/** One picture of the library (GET and PATCH /api/admin/images). */
export const ImageLibraryItemSchema = Type.Object(libraryItemFields);

/** The upload's answer: the library item, with the stored widths. `url` is the largest width. */
export const ImageUploadSchema = Type.Object({
  ...libraryItemFields,
  variants: Type.Array(Type.Object({ width: Type.Integer(), url: Type.String() })),
});

export const ImageListQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, errorMessage: 'must be at most 200 characters' })),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, errorMessage: 'must be a whole number from 1 to 10000' }),
    ),
    /** 'no': only the pictures without a description (alt text); 'yes': only those with one. */
    described: Type.Optional(
      Type.Union([Type.Literal('yes'), Type.Literal('no')], { errorMessage: 'must be "yes" or "no"' }),
    ),
    /** Only this picture (the audit trail's link to a picture): the other filters still apply. */
    id: Type.Optional(
      Type.String({ pattern: '^[0-9a-f]{32}$', errorMessage: 'must be an image id (32 hexadecimal characters)' }),
    ),
  },
  { additionalProperties: true },
);

export const ImageListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      ...libraryItemFields,
      /** The articles out of the trash that use it: how many, and the newest three. */
      usedBy: Type.Object({
        count: Type.Integer(),
        articles: Type.Array(Type.Object({ id: Type.Integer(), headline: Type.String() })),
      }),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  maxUploadBytes: Type.Integer({ description: 'The largest upload POST /api/admin/images takes (IMAGE_MAX_BYTES)' }),
});

export const ImageIdParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{32}$', errorMessage: 'must be an image id (32 hexadecimal characters)' }),
});

const focal = Type.Number({ minimum: 0, maximum: 1, errorMessage: 'must be a number from 0 to 1' });

export const ImagePatchSchema = Type.Object(
  {
    // Limits in characters (counted by the route, characterLimitErrors), as the article's own fields.
    alt: Type.Optional(characterText(IMAGE_ALT_MAX)),
    caption: Type.Optional(characterText(IMAGE_CAPTION_MAX)),
    credit: Type.Optional(characterText(IMAGE_CREDIT_MAX)),
    focalX: Type.Optional(focal),
    focalY: Type.Optional(focal),
  },
  { additionalProperties: false },
);
