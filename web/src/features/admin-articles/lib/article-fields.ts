import { slugify } from '@common/slug';
import { bodyOf, cleanDoc, emptyDoc, parseBody } from '@/lib/admin-body/body-doc';
import { AUTHOR_NAME_MAX_LENGTH, splitByline, TAG_NAME_MAX_LENGTH } from '@common/byline';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, searchSocialText } from '@common/search-social';
import { characterLimitError, countedCharacters } from '@/components/admin/character-count';
import type { AdminArticle } from '../types.ts';

/** The editable fields of an article, as the form holds them (text inputs keep text). */
export interface ArticleFormValues {
  headline: string;
  summary: string;
  /**
   * Search and social (decision 043): the title and the description search results and share cards
   * show ('' : the headline, the summary).
   */
  metaTitle: string;
  metaDescription: string;
  /** The body as JSON text (a doc of the body format), so values compare and store as text. */
  body: string;
  categoryId: string;
  /** The byline's author names in order, one a line (the authors picker edits them). */
  authors: string;
  /** The tag names, one a line (the tags picker). */
  tags: string;
  source: string;
  /** The editor the article names (Article Info's "Editor"). */
  editorName: string;
  originalUrl: string;
  imageUrl: string;
  /** The image's text alternative, caption and credit (decision 033). */
  imageAlt: string;
  imageCaption: string;
  imageCredit: string;
  ratingOutOfTen: string;
  comments: string;
  isBreaking: boolean;
}

export type FormField = keyof ArticleFormValues;
export type FieldErrors = Partial<Record<FormField, string>>;

export const FIELD_LABELS: Record<FormField, string> = {
  headline: 'Headline',
  summary: 'Summary',
  metaTitle: 'Search and social title',
  metaDescription: 'Search and social description',
  body: 'Content',
  categoryId: 'Category',
  authors: 'Authors',
  tags: 'Tags',
  source: 'Source',
  editorName: 'Editor',
  originalUrl: 'Original URL',
  imageUrl: 'Image',
  imageAlt: 'Image description (alt text)',
  imageCaption: 'Caption',
  imageCredit: 'Credit',
  ratingOutOfTen: 'Rating (0-10)',
  comments: 'Editorial Comments',
  isBreaking: 'Breaking news',
};

export const FORM_FIELDS = Object.keys(FIELD_LABELS) as FormField[];

/**
 * The same limits as POST /api/admin/articles. The texts' limits count characters as a reader sees them
 * (common/text-length.ts), after trimming, as the server counts them (countedCharacters), the authors'
 * and tags' names too; the Markdown content's count UTF-16 units.
 */
export const LIMITS = {
  headline: 300,
  summary: 2000,
  content: 200_000,
  author: AUTHOR_NAME_MAX_LENGTH,
  tag: TAG_NAME_MAX_LENGTH,
  source: 200,
  editorName: 200,
  comments: 5000,
  url: 2000,
  slug: 200,
  imageAlt: 1000,
  imageCaption: 2000,
  imageCredit: 300,
  metaTitle: META_TITLE_MAX,
  metaDescription: META_DESCRIPTION_MAX,
} as const;

/** Why the image needs a description, next to the field. */
export const ALT_EXPLAINED =
  'Say what the picture shows. Screen readers read it to people who cannot see the picture, and search engines index it. Required to publish or schedule; a draft can be saved without it.';
/** The message when an article that is (or goes) public has an image without one. */
export const ALT_REQUIRED = 'Describe the image before publishing: screen readers and search engines need this text.';

export function emptyForm(): ArticleFormValues {
  return {
    headline: '',
    summary: '',
    metaTitle: '',
    metaDescription: '',
    body: JSON.stringify(emptyDoc()),
    categoryId: '',
    authors: '',
    tags: '',
    source: '',
    editorName: '',
    originalUrl: '',
    imageUrl: '',
    imageAlt: '',
    imageCaption: '',
    imageCredit: '',
    ratingOutOfTen: '0',
    comments: '',
    isBreaking: false,
  };
}

export function formFromArticle(a: AdminArticle): ArticleFormValues {
  return {
    headline: a.headline,
    summary: a.summary ?? '',
    metaTitle: a.metaTitle ?? '',
    metaDescription: a.metaDescription ?? '',
    body: JSON.stringify(cleanDoc(bodyOf(a as { body?: unknown; content?: string }))),
    categoryId: a.categoryId ? String(a.categoryId) : '',
    // A byline without author records (older answers, rows written by plain SQL): its names by the
    // byline rule, so a save keeps it (the server matches or creates the records).
    authors: (a.authors?.length ? a.authors.map((x) => x.name) : splitByline(a.author ?? '')).join('\n'),
    tags: (a.tags ?? []).map((x) => x.name).join('\n'),
    source: a.source ?? '',
    editorName: a.editorName ?? '',
    originalUrl: a.originalUrl ?? '',
    imageUrl: a.imageUrl ?? '',
    imageAlt: a.imageAlt ?? '',
    imageCaption: a.imageCaption ?? '',
    imageCredit: a.imageCredit ?? '',
    ratingOutOfTen: String(a.ratingOutOfTen ?? 0),
    comments: a.comments ?? '',
    isBreaking: Boolean(a.isBreaking),
  };
}

/** The request body of a create or an edit (category by id; empty links are null). */
export function formToPayload(v: ArticleFormValues) {
  return {
    headline: v.headline.trim(),
    summary: v.summary,
    // On one line and trimmed, as the server stores them ('' : the headline, the summary).
    metaTitle: searchSocialText(v.metaTitle),
    metaDescription: searchSocialText(v.metaDescription),
    body: parseBody(v.body),
    categoryId: Number(v.categoryId),
    // Names: the server matches each to an author or tag record, or creates one.
    authors: namesOf(v.authors),
    tags: namesOf(v.tags),
    source: v.source.trim(),
    // Empty on a new article: the server signs it with the signed-in editor's name.
    editorName: v.editorName.trim(),
    originalUrl: v.originalUrl.trim() || null,
    imageUrl: v.imageUrl.trim() || null,
    imageAlt: v.imageAlt.trim(),
    imageCaption: v.imageCaption.trim(),
    imageCredit: v.imageCredit.trim(),
    ratingOutOfTen: Number(v.ratingOutOfTen),
    comments: v.comments,
    isBreaking: v.isBreaking,
  };
}

export type ArticlePayload = ReturnType<typeof formToPayload>;

/** The names of an authors or tags value (one a line). */
export function namesOf(value: string): string[] {
  return value
    .split('\n')
    .map((n) => n.trim())
    .filter(Boolean);
}

/** An authors or tags value from names. */
export const namesValue = (names: readonly string[]) => names.join('\n');

function linkError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (countedCharacters(v) > LIMITS.url) return `Must be at most ${LIMITS.url} characters`;
  if (v.startsWith('/') && !v.startsWith('//') && !/\s/.test(v)) return undefined;
  try {
    const url = new URL(v);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(v)) return undefined;
  } catch {
    // falls through
  }
  return 'Must be an http(s) URL or a site path starting with /';
}

/** A text over its limit, counted as the server counts it (countedCharacters). */
const tooLong = characterLimitError;

/** A picture without its description (decision 033): what publishing or scheduling refuses. */
export function pictureUndescribed(v: Pick<ArticleFormValues, 'imageUrl' | 'imageAlt'>): boolean {
  return Boolean(v.imageUrl.trim()) && !v.imageAlt.trim();
}

/** The server's rules that are cheap to check before sending; the server stays the judge. */
export function validateForm(
  v: ArticleFormValues,
  { goesPublic = false, legacyImage }: { goesPublic?: boolean; legacyImage?: string } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const headline = v.headline.trim();
  if (!headline) errors.headline = 'Enter a headline';
  else if (countedCharacters(headline) > LIMITS.headline) {
    errors.headline = `Must be at most ${LIMITS.headline} characters`;
  } else if (!slugify(headline)) errors.headline = 'Must contain at least one letter or digit';
  else if (slugify(headline).length > LIMITS.slug) errors.headline = 'Is too long to make a web address from';
  if (!v.categoryId) errors.categoryId = 'Choose a category';
  const rating = v.ratingOutOfTen.trim();
  if (!/^\d+$/.test(rating) || Number(rating) > 10) errors.ratingOutOfTen = 'Enter a whole number from 0 to 10';
  const more: [FormField, string | undefined][] = [
    ['summary', tooLong(v.summary, LIMITS.summary)],
    // Counted as the server counts them: on one line, trimmed, in characters (common/text-length.ts).
    ['metaTitle', tooLong(searchSocialText(v.metaTitle), LIMITS.metaTitle)],
    ['metaDescription', tooLong(searchSocialText(v.metaDescription), LIMITS.metaDescription)],
    [
      'authors',
      namesOf(v.authors).some((n) => countedCharacters(n) > LIMITS.author)
        ? `Names must be at most ${LIMITS.author} characters`
        : undefined,
    ],
    [
      'tags',
      namesOf(v.tags).some((n) => countedCharacters(n) > LIMITS.tag)
        ? `Names must be at most ${LIMITS.tag} characters`
        : undefined,
    ],
    ['source', tooLong(v.source, LIMITS.source)],
    ['editorName', tooLong(v.editorName, LIMITS.editorName)],
    ['comments', tooLong(v.comments, LIMITS.comments)],
    ['originalUrl', linkError(v.originalUrl)],
    ['imageUrl', linkError(v.imageUrl)],
    ['imageAlt', tooLong(v.imageAlt, LIMITS.imageAlt)],
    ['imageCaption', tooLong(v.imageCaption, LIMITS.imageCaption)],
    ['imageCredit', tooLong(v.imageCredit, LIMITS.imageCredit)],
    // The server's rule: a public (or scheduled) article's image has a description, unless it is the
    // same picture an article published before descriptions existed already had (`legacyImage`).
    ['imageAlt', goesPublic && pictureUndescribed(v) && v.imageUrl.trim() !== legacyImage ? ALT_REQUIRED : undefined],
  ];
  for (const [field, message] of more) if (message) errors[field] = message;
  return errors;
}

const SERVER_NAMES: Record<string, FormField> = {
  category: 'categoryId',
  categoryid: 'categoryId',
  rating: 'ratingOutOfTen',
  ratingoutoften: 'ratingOutOfTen',
  isbreaking: 'isBreaking',
  editorname: 'editorName',
  imageurl: 'imageUrl',
  imagealt: 'imageAlt',
  imagecaption: 'imageCaption',
  imagecredit: 'imageCredit',
  originalurl: 'originalUrl',
  // The body's own problems name a place inside it (content.3.attrs.alt).
  content: 'body',
};

function toFormField(name: string): FormField | undefined {
  const key = name.replace(/^\/|^body\./, '').split(/[./]/)[0] ?? '';
  const lower = key.toLowerCase();
  if (SERVER_NAMES[lower]) return SERVER_NAMES[lower];
  return FORM_FIELDS.find((f) => f.toLowerCase() === lower);
}

function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/**
 * Field messages from a problem+json body: `errors: [{ name | field | pointer, message }]`.
 * Errors naming no form field are returned under `other`.
 */
export function fieldErrorsFromProblem(problem: unknown): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  const list = problem && typeof problem === 'object' ? (problem as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return { fields, other };
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const e = item as Record<string, unknown>;
    const name = [e.name, e.field, e.pointer].find((x): x is string => typeof x === 'string') ?? '';
    const message = typeof e.message === 'string' ? capitalise(e.message) : 'Is not valid';
    const field = toFormField(name);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(name ? `${name}: ${message}` : message);
  }
  return { fields, other };
}

export function sameValues(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return FORM_FIELDS.every((f) => a[f] === b[f]);
}

/** The fields whose values differ (for the conflict comparison). */
export function differingFields(a: ArticleFormValues, b: ArticleFormValues): FormField[] {
  return FORM_FIELDS.filter((f) => a[f] !== b[f]);
}
