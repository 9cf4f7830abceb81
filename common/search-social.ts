/**
 * The article's "Search and social" fields (decision 043): the title and the description that search
 * results and share cards (Open Graph, the X card) show instead of the headline and the summary.
 * Shared by the API's rules and the edit form's counters.
 */

/**
 * Longest search and social title, counted after trimming in characters (common/text-length.ts): search
 * results cut longer ones.
 */
export const META_TITLE_MAX = 70;
/** Longest search and social description, counted as the title is (the page head's description limit). */
export const META_DESCRIPTION_MAX = 160;

/** A search and social text as it is stored: on one line (runs of white space as one space), trimmed. */
export function searchSocialText(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** What search results and share cards title an article by: its search and social title, else its headline. */
export function articleTitle(a: { metaTitle?: string | null; headline: string }): string {
  return searchSocialText(a.metaTitle) || searchSocialText(a.headline);
}

/** The first non-empty paragraph of a plain text (blank-line separated), on one line. */
export function firstParagraph(text: string | undefined): string {
  const first = (text ?? '').split(/\n\s*\n/).find((p) => p.trim() !== '') ?? '';
  return first.replace(/\s+/g, ' ').trim();
}

/**
 * What search results and share cards describe an article by, plain text: its search and social
 * description, else its summary, else the first paragraph of its body (plain text), else its headline.
 * The page head cuts it to its length; the edit form shows it as the field's fallback.
 */
export function articleDescription(a: {
  metaDescription?: string;
  summary?: string;
  bodyText?: string;
  headline: string;
}): string {
  return a.metaDescription || a.summary || firstParagraph(a.bodyText) || a.headline;
}
