/** The breaking strip shows at most 3 headlines. */
export const BREAKING_STRIP_MAX = 3;

/** The breaking strip's text: the first (up to) 3 non-blank headlines joined by ' • '. */
export function buildBreakingText(headlines: readonly string[], max = BREAKING_STRIP_MAX): string {
  return headlines
    .map((h) => h.trim())
    .filter(Boolean)
    .slice(0, max)
    .join(' • ');
}
