export const COMMENT_EXCERPT_LENGTH = 100;

/** Comments truncated to 100 characters plus an ellipsis ('...'). */
export function commentExcerpt(comments: string | null | undefined, max = COMMENT_EXCERPT_LENGTH): string {
  const text = (comments ?? '').trim();
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
