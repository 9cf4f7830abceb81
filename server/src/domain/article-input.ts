import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { CATEGORIES, findCategory } from '../../../common/categories.ts';
import { MAX_SLUG_LENGTH } from '../../../common/site.ts';
import { slugify } from '../../../common/slug.ts';
import { bodyPlainText } from '../../../common/body/text.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { validateBody } from '../../../common/body/validate.ts';
import { markdownToBody } from '../../../common/body/markdown.ts';
import {
  AUTHOR_NAME_MAX_LENGTH,
  MAX_AUTHORS_PER_ARTICLE,
  MAX_TAGS_PER_ARTICLE,
  splitByline,
  TAG_NAME_MAX_LENGTH,
} from '../../../common/byline.ts';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, searchSocialText } from '../../../common/search-social.ts';
import { SHARE_MESSAGE_MAX } from '../../../common/share-text.ts';
import { characterCap, characterCount } from '../../../common/text-length.ts';
import { forbiddenCharacterErrors, MAX_CHARACTERS, typeboxErrors, type FieldError } from './typebox-validation.ts';

export const HEADLINE_MAX_LENGTH = 300;
const URL_MAX_LENGTH = 2000;

export const SHARE_MESSAGE_MAX_LENGTH = SHARE_MESSAGE_MAX;
/** Text limits of the lead image's description. */
export const IMAGE_ALT_MAX = 1000;
export const IMAGE_CAPTION_MAX = 2000;
export const IMAGE_CREDIT_MAX = 300;

/**
 * The article's texts limited in characters (common/text-length.ts), each counted after trimming by
 * validateArticleInput (characterLimitErrors), in the same way as the edit form counts them. Their
 * schemas' maxLength is only a safety cap on what is read (code units, characterCap), which never
 * refuses a text within the limit.
 */
export const CHARACTER_LIMITS = {
  headline: HEADLINE_MAX_LENGTH,
  summary: 2000,
  source: 200,
  editorName: 200,
  comments: 5000,
  imageUrl: URL_MAX_LENGTH,
  originalUrl: URL_MAX_LENGTH,
  imageAlt: IMAGE_ALT_MAX,
  imageCaption: IMAGE_CAPTION_MAX,
  imageCredit: IMAGE_CREDIT_MAX,
  /** The byline as one string (`authors` wins when given); each name of `authors` is counted by namedRefs. */
  author: AUTHOR_NAME_MAX_LENGTH,
  shareMessage: SHARE_MESSAGE_MAX_LENGTH,
} as const;

/**
 * A text of at most `limit` characters, as a schema: its safety cap as maxLength, and the limit as
 * `x-maxCharacters`, which the message of a text over the cap names ('must be at most 300 characters').
 */
export const characterText = (limit: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({
    ...options,
    maxLength: characterCap(limit),
    [MAX_CHARACTERS]: limit,
    description: options.description ?? `At most ${limit} characters (user-perceived ones, counted after trimming)`,
  });

/**
 * One error for each text of `value` (an object) longer than its limit in characters, counted after
 * trimming: 'must be at most 300 characters'. Texts of the wrong type are left to the schema.
 */
export function characterLimitErrors(value: unknown, limits: Readonly<Record<string, number>>): FieldError[] {
  if (value === null || typeof value !== 'object') return [];
  const errors: FieldError[] = [];
  for (const [field, max] of Object.entries(limits)) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text === 'string' && characterCount(text.trim()) > max) {
      errors.push({ field, message: `must be at most ${max} characters` });
    }
  }
  return errors;
}

const text = (limit: number) => Type.Optional(characterText(limit));
/** A code-unit bound for a text that is input, not read by people (the Markdown content, the category). */
const plainText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const link = Type.Optional(
  Type.Union([Type.String({ maxLength: characterCap(URL_MAX_LENGTH) }), Type.Null()], {
    description: `At most ${URL_MAX_LENGTH} characters, counted after trimming`,
    errorMessage: `must be a string of at most ${URL_MAX_LENGTH} characters or null`,
  }),
);
/**
 * A search and social text: its limit is checked after trimming, in characters (validateArticleInput,
 * common/text-length.ts); the schema's maxLength is only a safety cap on what is read (code units), which
 * never refuses a text within the limit.
 */
const searchSocial = (limit: number, description: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: characterCap(limit) }), Type.Null()], {
      description,
      errorMessage: `must be a string of at most ${limit} characters or null`,
    }),
  );
const shareFlag = Type.Optional(
  Type.Union([Type.Boolean(), Type.Null()], {
    errorMessage: "must be true, false or null (null: the Social page's default)",
  }),
);

const RECORD_ID = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Authors or tags of an article: ids, names, or objects with either (what GET sends is accepted back). */
const namedList = (what: string, maxItems: number, nameMax: number) =>
  Type.Optional(
    Type.Array(
      Type.Union([
        RECORD_ID,
        characterText(nameMax),
        Type.Object(
          {
            id: Type.Optional(RECORD_ID),
            name: Type.Optional(characterText(nameMax)),
            slug: Type.Optional(Type.String({ maxLength: MAX_SLUG_LENGTH })),
          },
          { additionalProperties: false },
        ),
      ]),
      {
        maxItems,
        errorMessage: `must be a list of at most ${maxItems} ${what}: ids, names of at most ${nameMax} characters, or { id } / { name } objects`,
      },
    ),
  );

/** How a validated write names an author or a tag: an existing id, or a name matched by its slug or created. */
export type NameRef = { id: number } | { name: string };

/** The authors an article names: `authors`, else its `author` string split by the byline rule. */
export function authorRefs(a: Pick<ValidArticle, 'author' | 'authors'>): NameRef[] {
  return a.authors ?? splitByline(a.author).map((name) => ({ name }));
}

/**
 * A new article, as POST /api/admin/articles and `npm run import` accept it.
 * The category is given by name (`category`) or by id (`categoryId`); by default an
 * article arrives as a draft unless `published: true` or a `publishedAt` time is given.
 */
export const ArticleInputSchema = Type.Object(
  {
    headline: characterText(CHARACTER_LIMITS.headline, { minLength: 1 }),
    summary: text(CHARACTER_LIMITS.summary),
    // The body in the stored format (checked by validateBody, which names the path of a problem),
    // or `content`: Markdown (plain paragraphs work as they are). Never both.
    body: Type.Optional(Type.Unknown({ description: 'The body in the stored format (decision 032)' })),
    content: plainText(200_000),
    author: text(CHARACTER_LIMITS.author),
    /** The byline's authors in order; given, it wins over `author`. */
    authors: namedList('authors', MAX_AUTHORS_PER_ARTICLE, AUTHOR_NAME_MAX_LENGTH),
    /** Left out: none on a new article, unchanged on an edit. */
    tags: namedList('tags', MAX_TAGS_PER_ARTICLE, TAG_NAME_MAX_LENGTH),
    category: plainText(50),
    categoryId: Type.Optional(Type.Integer({ minimum: 1 })),
    source: text(CHARACTER_LIMITS.source),
    editorName: text(CHARACTER_LIMITS.editorName),
    ratingOutOfTen: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    comments: text(CHARACTER_LIMITS.comments),
    imageUrl: link,
    // The lead image's description (left out: unchanged on an edit, empty on a new article).
    imageAlt: text(CHARACTER_LIMITS.imageAlt),
    imageCaption: text(CHARACTER_LIMITS.imageCaption),
    imageCredit: text(CHARACTER_LIMITS.imageCredit),
    originalUrl: link,
    metaTitle: searchSocial(
      META_TITLE_MAX,
      `The title search results and share cards (Open Graph, the X card) show instead of the headline: at most ${META_TITLE_MAX} characters, on one line (white space runs become one space), trimmed. '' or null: the headline. Left out: unchanged on an edit, '' on a new article`,
    ),
    metaDescription: searchSocial(
      META_DESCRIPTION_MAX,
      `The description search results and share cards show instead of the summary: at most ${META_DESCRIPTION_MAX} characters, on one line, trimmed. '' or null: the summary (else the body's first paragraph). Left out: unchanged on an edit, '' on a new article`,
    ),
    isBreaking: Type.Optional(Type.Boolean()),
    published: Type.Optional(Type.Boolean()),
    publishedAt: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
        errorMessage: 'must be an ISO-8601 date-time string or null',
      }),
    ),
    // The share choice (left out: unchanged on an edit, the Social page's default on a new article).
    shareToX: shareFlag,
    shareToFacebook: shareFlag,
    shareMessage: Type.Optional(
      Type.Union([characterText(SHARE_MESSAGE_MAX_LENGTH), Type.Null()], {
        errorMessage: `must be a string of at most ${SHARE_MESSAGE_MAX_LENGTH} characters or null`,
      }),
    ),
  },
  { additionalProperties: false },
);

export type ArticleInput = Static<typeof ArticleInputSchema>;

/** A validated article, ready for the repository (publishedAt already resolved). */
export interface ValidArticle {
  headline: string;
  slug: string;
  summary: string;
  /** The body in the stored format, validated. */
  body: BodyDoc;
  /** The body's plain text (derived from `body`). */
  content: string;
  author: string;
  /** The byline's authors (from `authors`, else `author` split by common/byline.ts); the store writes `author` from them. */
  authors?: NameRef[];
  /** undefined: not given (a new article has none, an edit keeps them). */
  tags?: NameRef[];
  categoryId: number;
  source: string;
  editorName: string;
  rating: number;
  comments: string;
  imageUrl: string;
  originalUrl: string;
  isBreaking: boolean;
  publishedAt: string | null;
  /** The share choice; undefined: not given (a new article follows the Social page's defaults). */
  shareToX?: boolean | null;
  shareToFacebook?: boolean | null;
  /** Trimmed; null: the headline. */
  shareMessage?: string | null;
  /** The lead image's description, trimmed; undefined: not given (unchanged on an edit, '' when new). */
  imageAlt?: string;
  imageCaption?: string;
  imageCredit?: string;
  /**
   * The search and social title and description (common/search-social.ts), on one line and trimmed
   * ('' : the headline, the summary); undefined: not given (unchanged on an edit, '' when new).
   */
  metaTitle?: string;
  metaDescription?: string;
  /** The image's focal point copied onto the article (set by the route from the library, not by input). */
  imageFocal?: { x: number; y: number };
}

export type ArticleValidation = { ok: true; value: ValidArticle } | { ok: false; errors: FieldError[] };

const check = TypeCompiler.Compile(ArticleInputSchema);

/**
 * How far past the server's clock a publication time may be: clocks differ by a little. A later
 * time is a schedule (POST /api/admin/articles/{id}/schedule), never a publication.
 */
export const MAX_PUBLISHED_AHEAD_MS = 5 * 60_000;
/** How far ahead an article can be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 5 * 365 * 24 * 60 * 60 * 1000;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;
const DATE_TIME_MESSAGE = 'must be an ISO-8601 date-time with a time zone, such as 2026-01-31T12:00:00Z';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * An ISO-8601 date-time with a time zone, as epoch ms; undefined when it is not one or names a
 * moment that does not exist ('2027-02-29', 'T24:00:00Z', '-13:00' are refused, never rolled over).
 */
export function parseDateTime(text: string): number | undefined {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return undefined;
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : t;
}

/** A publication time that exists and is not in the future (beyond MAX_PUBLISHED_AHEAD_MS). */
export function checkPublishedAt(
  text: string,
  now: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = parseDateTime(text);
  if (t === undefined) return { ok: false, message: DATE_TIME_MESSAGE };
  if (t > now + MAX_PUBLISHED_AHEAD_MS) {
    return {
      ok: false,
      message: `must not be more than ${MAX_PUBLISHED_AHEAD_MS / 60_000} minutes in the future: schedule the article instead`,
    };
  }
  return { ok: true, value: t };
}

/** A schedule time that exists, is in the future and within MAX_SCHEDULE_AHEAD_MS. */
export function checkScheduleAt(
  text: string,
  now: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = parseDateTime(text);
  if (t === undefined) return { ok: false, message: DATE_TIME_MESSAGE };
  if (t <= now) return { ok: false, message: 'must be in the future' };
  if (t > now + MAX_SCHEDULE_AHEAD_MS) return { ok: false, message: 'must be within five years' };
  return { ok: true, value: t };
}

/** http(s) URLs or site paths ('/images/x.jpg'); empty means none. */
function checkLink(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const v = value.trim();
  // Browsers read a backslash as a slash: '/\\evil.example' would lead off-site like '//evil.example'.
  if (v.startsWith('/') && !v.startsWith('//') && !/[\s\\]/.test(v)) return null;
  try {
    const url = new URL(v);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(v)) return null;
  } catch {
    // falls through
  }
  return 'must be an http(s) URL or a site path starting with /';
}

type NamedItem = NonNullable<ArticleInput['authors']>[number];

/** The references of an `authors` or `tags` list; a blank name or an empty object is an error. */
function namedRefs(field: 'authors' | 'tags', items: NamedItem[], errors: FieldError[]): NameRef[] {
  const refs: NameRef[] = [];
  const max = field === 'authors' ? AUTHOR_NAME_MAX_LENGTH : TAG_NAME_MAX_LENGTH;
  items.forEach((item, i) => {
    const id = typeof item === 'number' ? item : typeof item === 'object' ? item.id : undefined;
    const name = typeof item === 'string' ? item : typeof item === 'object' ? item.name : undefined;
    if (id !== undefined) refs.push({ id });
    else {
      const clean = (name ?? '').replace(/\s+/g, ' ').trim();
      // A name's limit counts characters (common/text-length.ts), as the records' own screens do.
      const [tooLong] = characterLimitErrors({ [`${field}.${i}`]: clean }, { [`${field}.${i}`]: max });
      if (tooLong) errors.push(tooLong);
      else if (!slugify(clean) || slugify(clean).length > MAX_SLUG_LENGTH) {
        errors.push({ field: `${field}.${i}`, message: 'must be an id or a name with at least one letter or digit' });
      } else refs.push({ name: clean });
    }
  });
  return refs;
}

/**
 * Validates one article record (the shape first, then the rules that a schema cannot say:
 * a known category, link forms, a parseable publication time, a usable slug).
 * `now` stamps `published: true`.
 */
export function validateArticleInput(value: unknown, now: Date = new Date()): ArticleValidation {
  if (!check.Check(value)) {
    // Every problem of the record at once: the texts over their limits too (the schema checks only a cap).
    const errors = typeboxErrors(ArticleInputSchema, value, check);
    const named = new Set(errors.map((e) => e.field));
    const tooLong = characterLimitErrors(value, CHARACTER_LIMITS).filter((e) => !named.has(e.field));
    return { ok: false, errors: [...errors, ...tooLong] };
  }
  // Characters XML forbids (NUL among them) make the feeds ill-formed; PostgreSQL cannot store NUL.
  // (The body's texts are checked by validateBody, which names them by their path in the body.)
  const forbidden = forbiddenCharacterErrors({ ...value, body: undefined });
  if (forbidden.length > 0) return { ok: false, errors: forbidden };
  const input = value;
  const errors: FieldError[] = characterLimitErrors(input, CHARACTER_LIMITS);

  const headline = input.headline.trim();
  const slug = slugify(headline);
  if (headline === '') errors.push({ field: 'headline', message: 'must not be blank' });
  else if (errors.some((e) => e.field === 'headline')) {
    // Too long: one message is enough.
  } else if (slug === '') errors.push({ field: 'headline', message: 'must contain at least one letter or digit' });
  else if (slug.length > MAX_SLUG_LENGTH) {
    errors.push({ field: 'headline', message: `gives a slug longer than ${MAX_SLUG_LENGTH} characters` });
  }

  let categoryId: number | undefined;
  if (input.categoryId !== undefined) {
    if (CATEGORIES.some((c) => c.id === input.categoryId)) categoryId = input.categoryId;
    else errors.push({ field: 'categoryId', message: `${input.categoryId} is not a known category` });
  }
  if (input.category !== undefined) {
    const byName = findCategory(input.category);
    if (!byName) errors.push({ field: 'category', message: `"${input.category}" is not a known category` });
    else if (categoryId !== undefined && byName.id !== categoryId) {
      errors.push({ field: 'category', message: `"${input.category}" does not match categoryId ${categoryId}` });
    } else categoryId = byName.id;
  }
  if (input.category === undefined && input.categoryId === undefined) {
    errors.push({ field: 'category', message: 'is required (a category name, or categoryId)' });
  }

  for (const field of ['imageUrl', 'originalUrl'] as const) {
    const problem = checkLink(input[field]);
    if (problem) errors.push({ field, message: problem });
  }

  const meta: Pick<ValidArticle, 'metaTitle' | 'metaDescription'> = {};
  for (const [field, max] of [
    ['metaTitle', META_TITLE_MAX],
    ['metaDescription', META_DESCRIPTION_MAX],
  ] as const) {
    if (input[field] === undefined) continue;
    const value = searchSocialText(input[field]);
    const count = characterCount(value);
    if (count > max) errors.push({ field, message: `must be at most ${max} characters (it has ${count})` });
    else meta[field] = value;
  }

  let body: BodyDoc = { type: 'doc', content: [] };
  if (input.body !== undefined && input.content !== undefined) {
    errors.push({ field: 'content', message: 'must not be given with body (send one of them)' });
  } else if (input.body !== undefined) {
    const checked = validateBody(input.body, 'body');
    if (checked.ok) body = checked.value;
    else for (const p of checked.problems) errors.push({ field: p.path, message: p.message });
  } else if (input.content !== undefined && input.content !== '') {
    const checked = validateBody(markdownToBody(input.content), 'content');
    if (checked.ok) body = checked.value;
    else
      for (const p of checked.problems)
        errors.push({ field: 'content', message: `as Markdown gives a body whose ${p.path} ${p.message}` });
  }
  const authors = input.authors
    ? namedRefs('authors', input.authors, errors)
    : splitByline(input.author ?? '').map((name) => ({ name }));
  const tags = input.tags ? namedRefs('tags', input.tags, errors) : undefined;

  let publishedAt: string | null = null;
  if (input.publishedAt !== undefined && input.publishedAt !== null) {
    const at = checkPublishedAt(input.publishedAt, now.getTime());
    if (!at.ok) {
      errors.push({ field: 'publishedAt', message: at.message });
    } else if (input.published === false) {
      errors.push({ field: 'published', message: 'is false but publishedAt is set' });
    } else publishedAt = new Date(at.value).toISOString();
  } else if (input.published === true) {
    publishedAt = now.toISOString();
  }

  if (errors.length > 0 || categoryId === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      headline,
      slug,
      summary: input.summary ?? '',
      body,
      content: bodyPlainText(body),
      author: input.author ?? '',
      authors,
      ...(tags ? { tags } : {}),
      categoryId,
      source: input.source ?? '',
      editorName: input.editorName ?? '',
      rating: input.ratingOutOfTen ?? 0,
      comments: input.comments ?? '',
      imageUrl: input.imageUrl?.trim() ?? '',
      originalUrl: input.originalUrl?.trim() ?? '',
      isBreaking: input.isBreaking ?? false,
      publishedAt,
      ...(input.shareToX !== undefined ? { shareToX: input.shareToX } : {}),
      ...(input.shareToFacebook !== undefined ? { shareToFacebook: input.shareToFacebook } : {}),
      ...(input.shareMessage !== undefined ? { shareMessage: input.shareMessage?.trim() || null } : {}),
      ...(input.imageAlt !== undefined ? { imageAlt: input.imageAlt.trim() } : {}),
      ...(input.imageCaption !== undefined ? { imageCaption: input.imageCaption.trim() } : {}),
      ...(input.imageCredit !== undefined ? { imageCredit: input.imageCredit.trim() } : {}),
      ...meta,
    },
  };
}

/**
 * The body of PUT /api/admin/articles/{id}: the fields of a new article without the publication
 * ones (publish, unpublish and schedule do that), plus the `version` the edit was based on.
 */
export const ArticleEditSchema = Type.Composite(
  [
    Type.Omit(ArticleInputSchema, ['published', 'publishedAt']),
    Type.Object({
      version: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 2_147_483_647,
          errorMessage: 'must be the article version, a whole number',
        }),
      ),
      // A minor edit (a typo fix) does not tell readers the story was updated.
      minorEdit: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
      // Saved by the edit form on its own while the editor types (drafts only; folded in the History).
      autosave: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
    }),
  ],
  { additionalProperties: false },
);

export type ArticleEditInput = Static<typeof ArticleEditSchema>;

/** A validated edit: `editorName` undefined when the edit leaves the article's editor as it is. */
export type ValidEdit = Omit<ValidArticle, 'publishedAt' | 'editorName'> & { editorName?: string };

/**
 * An edit checked by exactly the rules of a new article (minus publication). An edit that does not
 * name an editor (`editorName` left out) keeps the article's editor name.
 */
export function validateEdit(
  fields: Omit<ArticleEditInput, 'version' | 'minorEdit' | 'autosave'>,
): { ok: true; value: ValidEdit } | { ok: false; errors: FieldError[] } {
  const result = validateArticleInput(fields);
  if (!result.ok) return result;
  const { publishedAt: _ignored, editorName, ...rest } = result.value;
  return { ok: true, value: fields.editorName === undefined ? rest : { ...rest, editorName } };
}

/** Why an image needs a text alternative, as the form and the API say it. */
export const IMAGE_ALT_REQUIRED =
  'is required to publish or schedule an article with an image: screen readers read it to people who cannot see the picture, and search engines index it';

/**
 * The rule of the lead image's text alternative: an article that is (or goes) public with an image
 * needs one. `before` is the article as it was: an article published before alt texts existed, whose
 * picture does not change, stays publishable as it is (publishing it again needs one).
 */
export function imageAltMissing(
  after: { imageUrl: string | null; imageAlt: string },
  before?: { imageUrl: string | null; imageAlt: string },
): boolean {
  if (!after.imageUrl || after.imageAlt.trim() !== '') return false;
  return !(before && before.imageUrl === after.imageUrl && before.imageAlt.trim() === '');
}
