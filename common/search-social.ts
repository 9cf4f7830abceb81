/**
 * The article's "Search and social" fields (decision 043): the title and the description that search
 * results and share cards (Open Graph, the X card) show instead of the headline and the summary.
 * Shared by the API's rules and the edit form's counters.
 */

/** Longest search and social title, counted after trimming: search results cut longer ones. */
export const META_TITLE_MAX = 70;
/** Longest search and social description, counted after trimming (the page head's description limit). */
export const META_DESCRIPTION_MAX = 160;

/** A search and social text as it is stored: on one line (runs of white space as one space), trimmed. */
export function searchSocialText(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
