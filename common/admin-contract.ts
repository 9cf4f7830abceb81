/**
 * The admin API's JSON shapes (docs/product.md, Data), shared by the server that sends them, the admin
 * screens that read them, and the export/import record format.
 */
import type { BodyDoc } from './body/types.ts';
import type { PresenceName } from './presence-contract.ts';

/** draft: not public, no schedule; scheduled: not public, goes out at `publishAt`; published: public. */
export type ArticleStatus = 'draft' | 'published' | 'scheduled';

export interface AdminArticle {
  id: number;
  headline: string;
  slug: string;
  summary: string;
  /** The body in the stored format (common/body/types.ts, decision 032). */
  body: BodyDoc;
  /** The body's plain text, read-only (for older clients; sending it sends Markdown, see ArticleEditInput). */
  content: string;
  /**
   * The body as readers will see it, drawn by the public page's renderer with every picture's width and
   * height from the image library (the preview shows it). In every answer holding one article (a save's
   * and an autosave's included); not in lists or revision snapshots.
   */
  bodyHtml?: string;
  author: string;
  /** Category name, e.g. 'Politics'. */
  category: string;
  categoryId: number;
  source: string;
  editorName: string;
  ratingOutOfTen: number;
  comments: string;
  imageUrl: string | null;
  originalUrl: string | null;
  isBreaking: boolean;
  /** null: a draft (or a scheduled article). */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Starts at 1 and grows by one with every change; GET sends it as `ETag: "<version>"`. */
  version: number;
  status: ArticleStatus;
  /** When a scheduled article goes out (ISO 8601, UTC); null unless status is 'scheduled'. */
  publishAt: string | null;
  /** Set while the article is in the trash (restorable for TRASH_RETENTION_DAYS days). */
  deletedAt: string | null;
  /** Display name of the editor who changed the article last; null before any editor change. */
  updatedBy: string | null;
  /**
   * Live coverage (decision 037): when it started (null: not a live blog) and when it ended (null
   * while it runs). POST .../live/start and .../live/end set them.
   */
  liveStartedAt: string | null;
  liveEndedAt: string | null;
  /**
   * When the story was pinned to lead the home page and its section (after the breaking stories) and by
   * whom (decision 064); both null when it is not pinned. PUT and DELETE .../pin set them; unpublishing
   * or the Trash clears them. In every answer and list row (not in revision snapshots older than pins).
   * `pinnedUntil`: when the pin ends by itself (the scheduler unpins it then); null: until an editor unpins it.
   */
  pinnedAt?: string | null;
  pinnedBy?: string | null;
  pinnedUntil?: string | null;
  /**
   * Whether publishing posts the article to X / Facebook: null follows the Social page's default
   * (on when the account is connected). Sent by the article GET, POST and PUT (not in lists, nor in
   * revision snapshots older than sharing).
   */
  shareToX?: boolean | null;
  shareToFacebook?: boolean | null;
  /** Text of the posts instead of the headline; null: the headline. */
  shareMessage?: string | null;
  /**
   * The lead image as this article describes it ('' : none): the text alternative read by screen
   * readers and search engines (required to publish or schedule an article with an image), the
   * caption under it and the credit. Sent by the article GET, POST and PUT (not in lists, nor in
   * revision snapshots older than them); left out of a POST or PUT: unchanged ('' for a new article).
   */
  imageAlt?: string;
  imageCaption?: string;
  imageCredit?: string;
  /** The image's focal point (0..1 from the left and the top; read-only here, set on the image: PATCH /api/admin/images/{id}). */
  imageFocalX?: number;
  imageFocalY?: number;
  /**
   * The lead picture's size in pixels when it is an uploaded one (the library's), so the newsroom keeps its
   * box from the first paint; null for an address from elsewhere or none. Sent by every answer of the
   * article routes that holds one article (GET, POST, PUT, publish, …), not in lists.
   */
  imageSize?: { width: number; height: number } | null;
  /**
   * Search and social (decision 043): the title and the description search results and share cards
   * (Open Graph, the X card) show, on one line, at most 70 and 160 characters ('' : the headline, and
   * the summary or else the body's first paragraph). Sent by the article GET, POST and PUT and kept in
   * revision snapshots (not in lists, nor in snapshots older than them); left out of a POST or PUT:
   * unchanged ('' for a new article).
   */
  metaTitle?: string;
  metaDescription?: string;
  /**
   * The byline's authors in order (`author` is their names as one display string) and the tags.
   * Sent by the article GET, POST and PUT and kept in revision snapshots (not in lists).
   */
  authors?: NamedRef[];
  tags?: NamedRef[];
}

/**
 * An article in lists and on the dashboard: everything but `body`, `content` (and the share choice,
 * the image description, authors and tags).
 */
export type AdminArticleListItem = Omit<
  AdminArticle,
  'body' | 'content' | ArticleShareField | ArticleImageField | ArticleSearchSocialField | 'authors' | 'tags'
>;

/**
 * A row of All Articles (GET /api/admin/articles): the list item and the other editors who have the
 * article open as the page was read (editing presence, decision 047): their display names and usernames,
 * each once, who opened it first first; the signed-in editor is left out. Not polled: as of the list's load.
 */
export interface ArticleOpenBy {
  openBy: PresenceName[];
}

/** A row of All Articles: the article's reads in the last 7 days, as its Info counts them (decision 049); 0 when none. */
export interface ArticleRowReads {
  readsLast7Days: number;
}

/** A row of All Articles: how many of the article's notes are open, not resolved (decision 058); 0 when none. */
export interface ArticleRowNotes {
  openNotes: number;
}

/** The search and social fields (article GET, POST, PUT; not in lists). */
export type ArticleSearchSocialField = 'metaTitle' | 'metaDescription';

/** The lead image's description and focal point (article GET, POST, PUT; not in lists). */
export type ArticleImageField = 'imageAlt' | 'imageCaption' | 'imageCredit' | 'imageFocalX' | 'imageFocalY';

/** The share choice fields of an article (also accepted by POST and PUT; left out: unchanged). */
export type ArticleShareField = 'shareToX' | 'shareToFacebook' | 'shareMessage';

/** How many days a deleted article stays in the Trash, restorable, before it is deleted for good. */
export const TRASH_RETENTION_DAYS = 30;

/** At most this many stories are pinned at once (decision 064): a fourth is refused until one is unpinned. */
export const MAX_PINNED_STORIES = 3;

/**
 * How long the article screen offers to keep a story pinned (hours; decision 064): the pin ends by itself
 * then. Without a choice a pin lasts until an editor unpins it. The API takes any later time (`until`).
 */
export const PIN_DURATION_HOURS = [3, 6, 12, 24, 72] as const;

/** GET: the stories pinned to the top now (the Dashboard's 'Pinned to the top'). */
export const ADMIN_PINS_API_PATH = '/api/admin/pins';

/** A story pinned to the top, as GET /api/admin/pins lists it (newest pin first). */
export interface PinnedStory {
  id: number;
  headline: string;
  /** Its section's name: it leads that section's page and the home page. */
  category: string;
  pinnedAt: string;
  pinnedBy: string | null;
  /** When the pin ends by itself; null: until an editor unpins it. */
  pinnedUntil: string | null;
}

/** A paged list (GET /api/admin/articles). The server's list items leave `content` out. */
export interface ArticlePageOf<T> {
  articles: T[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** The list filter: `unpublished` means drafts and scheduled ones; `trash` lists deleted articles. */
export type ArticleListStatus = 'all' | 'published' | 'unpublished' | 'draft' | 'scheduled' | 'trash';
/**
 * newest, oldest: by the date a row shows (publication, else creation); updated: by the last change (`updatedAt`),
 * the latest first, with status draft or unpublished only.
 */
export type ArticleListSort = 'newest' | 'oldest' | 'updated';

/** Query parameters of GET /api/admin/articles (all optional). */
export interface ArticleListParams {
  page?: number;
  /** 10, 20, 50, 100, or -1 for all. */
  pageSize?: number;
  status?: ArticleListStatus;
  /** 0: every category. */
  categoryId?: number;
  /** Part of the headline, case-insensitive. */
  search?: string;
  /** Default newest. */
  sort?: ArticleListSort;
}

/** GET /api/admin/dashboard. */
export interface AdminDashboard {
  totalArticles: number;
  articlesLastWeek: number;
  activeUsers: number;
  /** The ten newest articles, newest first (by creation date). */
  recentArticles: AdminArticleListItem[];
  /** Articles waiting to be published by the scheduler. */
  scheduledArticles: number;
}

/**
 * The body of PUT /api/admin/articles/{id}: every editable field (the same rules as
 * POST /api/admin/articles). `version` may stand in for the `If-Match: "<version>"` header.
 * Publication is not edited here: use publish / unpublish / schedule.
 */
export interface ArticleEditInput {
  headline: string;
  summary?: string;
  /** The body in the stored format, validated (a 400 names the path of what is refused). */
  body?: BodyDoc;
  /**
   * Instead of `body` (never both): CommonMark Markdown, or plain paragraphs separated by blank
   * lines, converted to the stored format. For older clients and `npm run import`.
   */
  content?: string;
  /** A category name; or give categoryId. */
  category?: string;
  categoryId?: number;
  /** The byline as one string (split by the rule of common/byline.ts); `authors` wins when both are given. */
  author?: string;
  /** The authors in order; names are matched or created. */
  authors?: NamedInput[];
  /** Left out: unchanged. Names are matched or created. */
  tags?: NamedInput[];
  source?: string;
  editorName?: string;
  originalUrl?: string | null;
  imageUrl?: string | null;
  ratingOutOfTen?: number;
  comments?: string;
  isBreaking?: boolean;
  /** Left out: unchanged. null: the Social page's default. */
  shareToX?: boolean | null;
  shareToFacebook?: boolean | null;
  /** Left out: unchanged; null or blank: the headline. At most 2000 characters. */
  shareMessage?: string | null;
  /** Left out: unchanged; null or blank: the headline. At most 70 characters once trimmed. */
  metaTitle?: string | null;
  /** Left out: unchanged; null or blank: the summary. At most 160 characters once trimmed. */
  metaDescription?: string | null;
  version?: number;
}

/** One field problem of a 400 validation response: `field` is the JSON field name. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Extension members of every problem+json body the admin API sends. */
export interface AdminProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** 400 validation: one entry per bad field. */
  errors?: FieldProblem[];
}

/**
 * 409 (stale `version` field) or 412 (stale If-Match): someone saved in between.
 * 428 (no If-Match and no version) carries only the base fields.
 */
export interface VersionConflictProblem extends AdminProblem {
  status: 409 | 412;
  currentVersion: number;
  /** Display name of the editor of the current version (null if unknown). */
  changedBy: string | null;
  changedAt: string;
}

/** 404 for an article that is in the trash (the screen says 'This article was deleted'). */
export interface DeletedArticleProblem extends AdminProblem {
  status: 404;
  deleted: true;
  deletedAt: string;
}

/** POST /api/admin/articles/{id}/schedule. */
export interface ScheduleInput {
  /** ISO 8601 with a time zone (Z or +hh:mm), in the future. */
  publishAt: string;
}

/** The fields a revision can show as changed. */
export type RevisionField = Exclude<
  keyof AdminArticle,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'updatedBy' | 'category'
>;

/** One saved state of an article (GET /api/admin/articles/{id}/revisions lists them newest first). */
export interface ArticleRevisionSummary {
  id: number;
  articleId: number;
  /** The article's version this revision produced. */
  version: number;
  /**
   * create | edit | restore | publish | unpublish | schedule | unschedule | delete | undelete | category |
   * image-update (a picture's description filled the article's empty one, decision 033)
   */
  action: string;
  editorName: string;
  at: string;
  changedFields: string[];
  /** Saved by the edit form on its own a few seconds after the editor stopped typing (drafts only). */
  autosave: boolean;
}

/** GET /api/admin/articles/{id}/revisions/{revisionId}: the summary plus the full snapshot. */
export interface ArticleRevision extends ArticleRevisionSummary {
  snapshot: AdminArticle;
}

export interface RevisionList {
  revisions: ArticleRevisionSummary[];
}

/** One line of the audit view (GET /api/admin/audit). */
export interface AuditEntry {
  id: number;
  action: string;
  /** 0 for what concerns no article (a test post, an author, a tag, a picture). */
  articleId: number;
  /**
   * The article's headline after the change (before it, for a purge); for a row that keeps no copy of
   * the article (the social posts' rows), its headline now. Empty when there is no article.
   */
  headline: string;
  /** The article was deleted for good since (purged): its headline leads nowhere. */
  articleGone: boolean;
  /**
   * The author, tag or picture an `author-…`, `tag-…` or `image-…` row is about (articleId 0); null for
   * the other rows.
   */
  record: AuditRecordRef | null;
  /** The social platform a share or test post row is about; null for the article's own changes. */
  platform: SharePlatform | null;
  /** What else the row says, in a few words (a post's attempt, reason, account); empty if nothing. */
  detail: string;
  editorName: string;
  editorSubject: string;
  at: string;
}

/** The author or tag of an audit row: the one created or changed, or the one merged away or deleted. */
export interface AuditNamedRecordRef {
  kind: 'author' | 'tag';
  id: number;
  /** Its name as the row keeps it (after the change; before it, for a merge or a deletion). */
  name: string;
  /** It still exists now (not merged away or deleted since). */
  exists: boolean;
}

/** The picture of an `image-update` row. */
export interface AuditImageRef {
  kind: 'image';
  /** The upload's id (32 hex digits). */
  id: string;
  /** Its description (alt text) after the change; empty if it has none. */
  name: string;
  /** It is still in the library (not swept away since). */
  exists: boolean;
}

/** The record an audit row is about when it is no article: an author, a tag or a picture. */
export type AuditRecordRef = AuditNamedRecordRef | AuditImageRef;

/** Query parameters of GET /api/admin/audit: editor is an editor's display name (exact). */
export interface AuditListParams {
  editor?: string;
  action?: string;
  page?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  currentPage: number;
  pageSize: number;
  hasNextPage: boolean;
}

/** 201 of POST /api/admin/images (multipart, one file field named `file`). */
export interface ImageUploadResult {
  id: string;
  /** Put this in an article's imageUrl: the largest variant. */
  url: string;
  /** The original's pixel size (after EXIF rotation). */
  width: number;
  height: number;
  variants: { width: number; url: string }[];
  /** For <img srcset>. */
  srcset: string;
  /** The library's description and focal point (0..1) of the picture (decision 033). */
  alt?: string;
  caption?: string;
  credit?: string;
  focalX?: number;
  focalY?: number;
}

/** One picture of the library (GET and PATCH /api/admin/images). `url` is the 960-pixel width. */
export interface ImageLibraryItem {
  id: string;
  url: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  credit: string;
  focalX: number;
  focalY: number;
  createdAt: string;
  uploadedBy: string | null;
}

/** A picture as GET /api/admin/images lists it: with the articles out of the trash that use it. */
export interface ImageListItem extends ImageLibraryItem {
  usedBy: {
    /** Articles whose main picture it is, or whose body shows it (now or in an earlier version). */
    count: number;
    /** The newest three of them. */
    articles: { id: number; headline: string }[];
  };
}

/**
 * One line of `npm run export`: what POST /api/admin/articles accepts plus id and timestamps. The body
 * is in the stored format (`body`); `content`, its plain text, is left out (the import takes one of the two).
 */
export type ArticleRecord = Omit<
  AdminArticle,
  | 'slug'
  | 'categoryId'
  | 'version'
  | 'status'
  | 'publishAt'
  | 'deletedAt'
  | 'updatedBy'
  | 'liveStartedAt'
  | 'liveEndedAt'
  | 'pinnedAt'
  | 'pinnedBy'
  | 'pinnedUntil'
  | 'content'
  | 'authors'
  | 'tags'
> & {
  /** The byline's author names in order and the tag names (matched or created on import). */
  authors?: string[];
  tags?: string[];
};

// ---- Sharing to X and Facebook (GET/POST/DELETE /api/admin/articles/{id}/shares...) ----

export type SharePlatform = 'x' | 'facebook';
/**
 * queued: waiting for a worker; posting: being sent; unconfirmed: outcome unknown, an editor checks and
 * retries; withdrawn: not sent, the article was unpublished or trashed (a key event's: or the entry deleted)
 * before its turn; the reason says which.
 */
export type ShareState = 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted' | 'withdrawn';

export interface PlatformShare {
  platform: SharePlatform;
  /** null: never shared. */
  state: ShareState | null;
  /** Whether the account is connected on the Social page. */
  connected: boolean;
  /** Text of the post (X: message + link; Facebook: message, the link goes alongside). */
  message: string | null;
  postId: string | null;
  postUrl: string | null;
  /** The provider's reason of the last failure, or why it is unconfirmed or withdrawn. */
  reason: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  updatedAt: string | null;
}

/** The article's share choice: null follows the Social page default. */
export interface ArticleShareChoice {
  shareToX: boolean | null;
  shareToFacebook: boolean | null;
  shareMessage: string | null;
}

export interface ArticleShares {
  articleId: number;
  choice: ArticleShareChoice;
  /** What the posts would say now (for previews). */
  preview: { link: string; x: { text: string; weightedLength: number }; facebook: { message: string; link: string } };
  shares: PlatformShare[];
}

/** GET /api/admin/shares?articleIds=1,2,3: each article's shares (for the article list). */
export interface SharesOfArticles {
  articles: {
    articleId: number;
    shares: PlatformShare[];
    /**
     * Its live key events' posts that are on X or Facebook now (posted), by entry: what unpublishing
     * or deleting the story offers to delete too (DELETE …/live/entries/{entryId}/shares/{platform}).
     */
    entryPosts: { entryId: number; platform: SharePlatform }[];
  }[];
}

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
  /** Which accounts are connected on the Social page now (GET and PUT /api/admin/social/share-defaults). */
  connected?: { x: boolean; facebook: boolean };
}

export interface FailedShare {
  articleId: number;
  /** A live entry's post (a key event, retried on the entry): its entry; absent for the article's own post. */
  entryId?: number;
  headline: string;
  platform: SharePlatform;
  state: 'failed' | 'unconfirmed';
  reason: string | null;
  at: string;
}

/** Every action the audit trail records (the audit view filters by them). */
export const AUDIT_ACTIONS = [
  'create',
  'edit',
  'restore',
  'publish',
  'unpublish',
  'schedule',
  'unschedule',
  'delete',
  'undelete',
  'purge',
  'category',
  'pin',
  'unpin',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The audit rows of social posts: an article's share queued (on publish), Post now, Retry, each attempt
 * and its outcome, a share withdrawn (its article no longer published at its turn), a post deleted; and a
 * test post from the Test Publish page (no article).
 */
export const SHARE_AUDIT_ACTIONS = [
  'share-queued',
  'share-post-now',
  'share-retry',
  'share-attempt',
  'share-posted',
  'share-failed',
  'share-unconfirmed',
  'share-withdrawn',
  'share-deleted',
  'share-delete-failed',
  'test-publish',
] as const;

/**
 * The audit rows of the newsroom's authors and tags (they concern no one article): a record created,
 * changed (renamed, or an author's bio, photo or X handle), merged into another, deleted.
 */
export const RECORD_AUDIT_ACTIONS = [
  'author-create',
  'author-edit',
  'author-merge',
  'author-delete',
  'tag-create',
  'tag-edit',
  'tag-merge',
  'tag-delete',
] as const;
export type RecordAuditAction = (typeof RECORD_AUDIT_ACTIONS)[number];

/**
 * The audit rows of the picture library (they concern no one article): a picture's description,
 * caption, credit or focal point changed on the Pictures screen.
 */
export const IMAGE_AUDIT_ACTIONS = ['image-update'] as const;
export type ImageAuditAction = (typeof IMAGE_AUDIT_ACTIONS)[number];

/** An author or a tag as an article names it: GET /api/admin/articles/{id} `authors` and `tags`. */
export interface NamedRef {
  id: number;
  name: string;
  slug: string;
}

/** An author record (GET/POST/PATCH /api/admin/authors). */
export interface AdminAuthor extends NamedRef {
  bio: string;
  /** The photo's URL (an uploaded image or an http(s) URL); null: none. */
  photoUrl: string | null;
  /** The X handle without '@'; null: none. */
  xHandle: string | null;
  /** In the lists: the articles that name this author (drafts, scheduled stories and the trash included). */
  articleCount?: number;
}

/** A tag record (GET/POST/PATCH /api/admin/tags). */
export interface AdminTag extends NamedRef {
  /** In the lists: the articles with this tag (drafts, scheduled stories and the trash included). */
  articleCount?: number;
}

/**
 * How a write names an author or a tag: an id, a name (matched by its slug, else created), or an
 * object with either (what GET sent back is accepted as it is).
 */
export type NamedInput = number | string | { id?: number; name?: string; slug?: string };
