const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A search snippet (escaped text with hits in <mark>…</mark>) as plain text runs, so the page renders
 * it as text nodes and <mark> elements: nothing in it can ever become other markup.
 */
export function snippetParts(html: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  let hit = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') hit = true;
    else if (piece === '</mark>') hit = false;
    else if (piece) parts.push({ text: piece.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!), hit });
  }
  return parts;
}
