import type { ArticleRevisionSummary } from '@common/admin-contract';
import type { ArticleFormValues, FormField } from './article-fields.ts';

/** What the edit form neither shows nor sends: the article's publication, schedule and the Trash. */
const OUTSIDE_THE_FORM = new Set(['publishedAt', 'status', 'publishAt', 'deletedAt']);

/**
 * The form field that holds each field a revision names (the slug follows the headline, the plain
 * text the body, the byline the authors). A revision naming a field not listed here or above counts
 * as a change the form cannot take.
 */
const FORM_FIELD_OF: Readonly<Record<string, FormField>> = {
  headline: 'headline',
  slug: 'headline',
  summary: 'summary',
  metaTitle: 'metaTitle',
  metaDescription: 'metaDescription',
  body: 'body',
  content: 'body',
  categoryId: 'categoryId',
  author: 'authors',
  authors: 'authors',
  tags: 'tags',
  source: 'source',
  editorName: 'editorName',
  originalUrl: 'originalUrl',
  imageUrl: 'imageUrl',
  imageAlt: 'imageAlt',
  imageCaption: 'imageCaption',
  imageCredit: 'imageCredit',
  ratingOutOfTen: 'ratingOutOfTen',
  comments: 'comments',
  isBreaking: 'isBreaking',
};

/**
 * The fields of the form that the versions after `from`, up to `to`, changed (empty: they changed
 * only what the form does not edit, the article moved to the Trash and back, published, unpublished,
 * scheduled). Undefined when there is no newer version, a version is missing from the history, or a
 * version names a field the form does not know.
 */
export function formFieldsChangedSince(
  revisions: readonly ArticleRevisionSummary[],
  from: number,
  to: number,
): Set<FormField> | undefined {
  if (!(to > from)) return undefined;
  const between = revisions.filter((r) => r.version > from && r.version <= to);
  if (new Set(between.map((r) => r.version)).size !== to - from) return undefined;
  const fields = new Set<FormField>();
  for (const name of between.flatMap((r) => r.changedFields)) {
    if (OUTSIDE_THE_FORM.has(name)) continue;
    const field = FORM_FIELD_OF[name];
    if (!field) return undefined;
    fields.add(field);
  }
  return fields;
}

/**
 * The newer values a save based on an older version takes before it is sent on the newer one:
 * every field in `changed` (changed since by someone else) as `newer` holds it. Undefined, for the
 * conflict panel, when the editor changed one of them too: one of `mine` (what the save sends, what
 * the form holds now) differs from what the form `loaded`, and from the newer value. The same value on
 * both sides is no conflict.
 */
export function newerValuesToTake(
  changed: Iterable<FormField>,
  { loaded, mine, newer }: { loaded: ArticleFormValues; mine: readonly ArticleFormValues[]; newer: ArticleFormValues },
): Partial<ArticleFormValues> | undefined {
  const take: Partial<ArticleFormValues> = {};
  for (const field of changed) {
    if (mine.some((m) => m[field] !== loaded[field] && m[field] !== newer[field])) return undefined;
    Object.assign(take, { [field]: newer[field] });
  }
  return take;
}
