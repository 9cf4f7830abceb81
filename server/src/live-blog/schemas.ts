import { Type } from '@sinclair/typebox';
import { LIVE_ENTRIES_PAGE } from '../../../common/live-contract.ts';
import { PlatformSchema, StateSchema } from '../sharing/routes/shares-schemas.ts';

/** TypeBox schemas of live blogs (common/live-contract.ts). */

const MAX_ID = 2_147_483_647;
const id = (what: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `must be ${what}: a whole number from 1 to ${MAX_ID}` });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const LiveEntrySchema = Type.Object({
  id: Type.Integer(),
  articleId: Type.Integer(),
  body: Type.Unknown({ description: 'The entry in the story body format (decision 032)' }),
  bodyHtml: Type.String({ description: 'The entry rendered by the one body renderer' }),
  keyEvent: Type.Boolean(),
  postedAt: Type.String({ description: 'ISO-8601 UTC; entries are newest first by this, then by id' }),
  updatedAt: NullableString,
  author: Type.String(),
});

export const LiveKeyEventSchema = Type.Object({
  id: Type.Integer(),
  postedAt: Type.String(),
  summary: Type.String({ description: "The entry's plain text, at most 140 characters" }),
});

export const LiveBlogSchema = Type.Object({
  coverageStartTime: Type.String(),
  coverageEndTime: NullableString,
  entries: Type.Array(LiveEntrySchema, { description: `The newest ${LIVE_ENTRIES_PAGE} entries, newest first` }),
  keyEvents: Type.Array(LiveKeyEventSchema),
  olderBefore: Type.Union([Type.Integer(), Type.Null()], {
    description: 'GET /News/slug/{slug}/entries?before={this} pages back; null: no older entries',
  }),
  lastEventId: Type.Integer({ description: 'The newest event id when this was read' }),
});

export const LiveEntriesPageSchema = Type.Object({
  entries: Type.Array(LiveEntrySchema),
  olderBefore: Type.Union([Type.Integer(), Type.Null()]),
});

export const EntriesQuerySchema = Type.Object({
  before: Type.Optional(id('an entry id')),
});

export const LiveEntryPostSchema = Type.Object({
  platform: PlatformSchema,
  state: StateSchema,
  postUrl: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

export const AdminLiveEntrySchema = Type.Object({
  ...LiveEntrySchema.properties,
  version: Type.Integer({ minimum: 1 }),
  updatedBy: Type.Union([Type.String(), Type.Null()], {
    description: 'Who made its last correction (their display name); null while never corrected',
  }),
  shareToX: Type.Boolean(),
  shareToFacebook: Type.Boolean(),
  posts: Type.Array(LiveEntryPostSchema, { description: 'Its posts on X and Facebook, as the share jobs left them' }),
});

export const AdminLiveEntriesSchema = Type.Object({ entries: Type.Array(AdminLiveEntrySchema) });

export const LiveEntryInputSchema = Type.Object(
  {
    body: Type.Unknown({ description: 'The entry in the story body format (decision 032)' }),
    keyEvent: Type.Optional(Type.Boolean()),
    shareToX: Type.Optional(Type.Boolean()),
    shareToFacebook: Type.Optional(Type.Boolean()),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  },
  { additionalProperties: false },
);

export const LiveEntryRevisionSchema = Type.Object({
  version: Type.Integer(),
  body: Type.Unknown(),
  keyEvent: Type.Boolean(),
  action: Type.Union([Type.Literal('post'), Type.Literal('edit'), Type.Literal('delete')]),
  editorName: Type.String(),
  at: Type.String(),
});

export const LiveEntryRevisionsSchema = Type.Object({ revisions: Type.Array(LiveEntryRevisionSchema) });

export const ArticleIdParamsSchema = Type.Object({ id: id('an article id') });
export const EntryParamsSchema = Type.Object({ id: id('an article id'), entryId: id('an entry id') });

export const EntryShareParamsSchema = Type.Object({
  id: id('an article id'),
  entryId: id('an entry id'),
  platform: PlatformSchema,
});
export const EntryShareRetrySchema = Type.Object({
  platform: PlatformSchema,
  state: Type.Literal('queued', { description: 'The post is queued again; the share jobs send it' }),
});
export const EntryShareDeletedSchema = Type.Object({
  platform: PlatformSchema,
  state: Type.Literal('deleted', { description: 'The post is deleted on the platform' }),
});
