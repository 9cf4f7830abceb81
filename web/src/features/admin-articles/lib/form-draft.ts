import { splitByline } from '@common/byline';
import { FORM_FIELDS, namesValue, type ArticleFormValues } from './article-fields.ts';
import { docFromText } from '@/lib/admin-body/body-doc';
import { ARTICLE_DRAFT_PREFIX as PREFIX, tabStorage as storage } from '@/lib/admin-drafts/keys';

/**
 * An unsaved form kept in the browser, so a reload or a crash does not lose an editor's work. Drafts
 * live in the tab's sessionStorage, one per article (and one for a new article): two tabs never share
 * a draft, and a reload of the tab finds its own.
 */
export interface FormDraft {
  values: ArticleFormValues;
  /** The article version the edit started from (undefined for a new article). */
  baseVersion?: number;
  savedAt: string;
}

export function draftKey(id: number | 'new'): string {
  return `${PREFIX}${id}`;
}

export function saveDraft(id: number | 'new', draft: FormDraft): void {
  try {
    storage()?.setItem(draftKey(id), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the leave-page guard still protects the edit.
  }
}

function isValues(v: unknown): v is ArticleFormValues {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  // Drafts kept before the form had the editor field, the image's description, or the rich body
  // (plain text then).
  o.editorName ??= '';
  o.imageAlt ??= '';
  o.imageCaption ??= '';
  o.imageCredit ??= '';
  // ... or the search and social fields.
  o.metaTitle ??= '';
  o.metaDescription ??= '';
  // Before author and tag records: the byline's names by the byline rule, no tags.
  if (o.authors === undefined && typeof o.author === 'string') o.authors = namesValue(splitByline(o.author));
  o.tags ??= '';
  if (o.body === undefined && typeof o.content === 'string') o.body = JSON.stringify(docFromText(o.content));
  return FORM_FIELDS.every((f) => (f === 'isBreaking' ? typeof o[f] === 'boolean' : typeof o[f] === 'string'));
}

export function loadDraft(id: number | 'new'): FormDraft | undefined {
  try {
    const raw = storage()?.getItem(draftKey(id));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<FormDraft>;
    if (!isValues(parsed.values) || typeof parsed.savedAt !== 'string') return undefined;
    return {
      values: parsed.values,
      baseVersion: typeof parsed.baseVersion === 'number' ? parsed.baseVersion : undefined,
      savedAt: parsed.savedAt,
    };
  } catch {
    return undefined;
  }
}

export function clearDraft(id: number | 'new'): void {
  try {
    storage()?.removeItem(draftKey(id));
  } catch {
    // nothing to clear
  }
}
