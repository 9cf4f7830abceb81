/** How many characters of a comment (or a note) a list shows before its ellipsis. */
export const COMMENT_EXCERPT_LENGTH = 100;

/**
 * The newsroom's excerpt of a comment: trimmed, cut to 100 characters (code points) plus an ellipsis
 * ('...'). All Articles' rows show an article's Editorial Comments so, the Dashboard's Latest notes a note.
 */
export function commentExcerpt(comments: string | null | undefined, max = COMMENT_EXCERPT_LENGTH): string {
  const text = (comments ?? '').trim();
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
