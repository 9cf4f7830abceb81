/** The longest key-event summary, as the server cuts it. */
export const KEY_EVENT_SUMMARY_MAX = 140;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * An entry's plain text from its rendered HTML, cut at a word boundary to at most 140 characters
 * (with '…' when cut): the summary line of a key event that arrived on the page.
 */
export function plainSummary(html: string, max = KEY_EVENT_SUMMARY_MAX): string {
  const text = html
    .replace(/<(\/p|\/h[1-6]|\/li|br\s*\/?|\/blockquote|\/figcaption)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
