import { slugify } from '@common/slug';
import type { LiveBlog } from '@common/live-contract';
import type { Article, NewsList, PublicRef } from '../types';

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of the given keys whose value is present (not undefined or null). */
function pick(raw: Raw, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = raw[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function optionalText(value: unknown): string | null {
  const s = text(value).trim();
  return s ? s : null;
}

function categoryName(value: unknown): string {
  if (isRecord(value)) return text(pick(value, 'name', 'Name'));
  return text(value);
}

/** A fraction from 0 to 1, else undefined. */
function fraction(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
}

/** The image's description and focal point, only the fields that are given. */
function imageDetails(
  raw: Raw,
): Pick<Article, 'imageAlt' | 'imageCaption' | 'imageCredit' | 'imageFocalX' | 'imageFocalY'> {
  const out: Pick<Article, 'imageAlt' | 'imageCaption' | 'imageCredit' | 'imageFocalX' | 'imageFocalY'> = {};
  const alt = optionalText(raw.imageAlt);
  const caption = optionalText(raw.imageCaption);
  const credit = optionalText(raw.imageCredit);
  if (alt) out.imageAlt = alt;
  if (caption) out.imageCaption = caption;
  if (credit) out.imageCredit = credit;
  const x = fraction(raw.imageFocalX);
  const y = fraction(raw.imageFocalY);
  if (x !== undefined && y !== undefined && (x !== 0.5 || y !== 0.5)) {
    out.imageFocalX = x;
    out.imageFocalY = y;
  }
  return out;
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/**
 * Normalises one article as the server may send it, in camelCase or PascalCase (docs/product.md, Data):
 * id falls back to Id, then Title, then the list index; headline to title or Title; summary to
 * description or Description; the slug is the server's if present, else derived from the headline.
 */
export function normalizeArticle(input: unknown, index = 0): Article {
  const raw: Raw = isRecord(input) ? input : {};
  const idValue = pick(raw, 'id', 'Id', 'Title');
  const id = typeof idValue === 'number' || (typeof idValue === 'string' && idValue !== '') ? idValue : index;
  const headline = text(pick(raw, 'headline', 'Headline', 'title', 'Title'));
  const serverSlug = text(pick(raw, 'slug', 'Slug')).trim();
  const modifiedAt = optionalText(pick(raw, 'modifiedAt', 'ModifiedAt'));
  const bodyHtml = pick(raw, 'bodyHtml', 'BodyHtml');
  const wordCount = raw.wordCount;
  const metaTitle = optionalText(raw.metaTitle);
  return {
    id,
    slug: serverSlug || slugify(headline),
    headline,
    summary: text(pick(raw, 'summary', 'Summary', 'description', 'Description')),
    content: text(pick(raw, 'content', 'Content')),
    author: text(pick(raw, 'author', 'Author')),
    category: categoryName(pick(raw, 'category', 'Category')),
    source: text(pick(raw, 'source', 'Source')),
    imageUrl: optionalText(pick(raw, 'imageUrl', 'ImageUrl')),
    originalUrl: optionalText(pick(raw, 'originalUrl', 'OriginalUrl')),
    publishedAt: optionalText(pick(raw, 'publishedAt', 'PublishedAt')),
    isBreaking: flag(pick(raw, 'isBreaking', 'IsBreaking')),
    ...(modifiedAt ? { modifiedAt } : {}),
    ...imageDetails(raw),
    ...(typeof bodyHtml === 'string' ? { bodyHtml } : {}),
    ...(Number.isSafeInteger(wordCount) && (wordCount as number) >= 0 ? { wordCount: wordCount as number } : {}),
    ...(flag(raw.isLive) ? { isLive: true } : {}),
    ...liveOf(raw.live),
    ...refsOf(raw, 'authors'),
    ...refsOf(raw, 'tags'),
    ...(metaTitle ? { metaTitle } : {}),
    ...correctionsOf(raw.corrections),
  };
}

/** The corrections of an article read, when it has any: each with a text and a date. */
function correctionsOf(value: unknown): Pick<Article, 'corrections'> {
  if (!Array.isArray(value)) return {};
  const corrections = value
    .filter(isRecord)
    .map((c) => ({ text: text(c.text), publishedAt: text(c.publishedAt) }))
    .filter((c) => c.text !== '' && c.publishedAt !== '');
  return corrections.length > 0 ? { corrections } : {};
}

/** `authors` / `tags` of an article, when the answer has them: each with a name and a usable slug. */
function refsOf(raw: Raw, key: 'authors' | 'tags'): Partial<Record<'authors' | 'tags', PublicRef[]>> {
  const value = raw[key];
  if (!Array.isArray(value)) return {};
  const refs = value
    .filter(isRecord)
    .map((r) => ({ name: text(r.name), slug: text(r.slug) }))
    .filter((r) => r.name !== '' && /^[a-z0-9-]+$/.test(r.slug));
  return { [key]: refs };
}

/** The live blog of an article read, when it has one of the expected shape (its lists present). */
function liveOf(value: unknown): { live?: LiveBlog } {
  if (!isRecord(value) || typeof value.coverageStartTime !== 'string') return {};
  if (!Array.isArray(value.entries) || !Array.isArray(value.keyEvents)) return {};
  return {
    live: {
      coverageStartTime: value.coverageStartTime,
      coverageEndTime: typeof value.coverageEndTime === 'string' ? value.coverageEndTime : null,
      entries: value.entries as LiveBlog['entries'],
      keyEvents: value.keyEvents as LiveBlog['keyEvents'],
      olderBefore: typeof value.olderBefore === 'number' ? value.olderBefore : null,
      lastEventId: typeof value.lastEventId === 'number' ? value.lastEventId : 0,
    },
  };
}

function normalizeArray(value: unknown): Article[] {
  return Array.isArray(value) ? value.map((item, index) => normalizeArticle(item, index)) : [];
}

/** Normalises a list response: breakingNews/BreakingNews and allArticles/AllArticles, anything else empty. */
export function normalizeNewsList(input: unknown): NewsList {
  const raw: Raw = isRecord(input) ? input : {};
  return {
    breakingNews: normalizeArray(pick(raw, 'breakingNews', 'BreakingNews')),
    allArticles: normalizeArray(pick(raw, 'allArticles', 'AllArticles')),
  };
}
