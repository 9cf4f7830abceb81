/**
 * Pasted HTML (Word, Google Docs, web pages) made plain before the schema reads it: styles, scripts,
 * Word's conditional comments and `o:` tags go; a table becomes one paragraph per row (its cells
 * joined by ' · '); h1 becomes a level 2 heading and h4-h6 level 3. Classes, styles, spans, fonts and
 * pictures from elsewhere need nothing here: the schema has no place for them.
 */
export function cleanPastedHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('style, script, meta, link, title, xml').forEach((el) => el.remove());
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
  doc.body.querySelectorAll('*').forEach((el) => {
    if (el.tagName.includes(':')) el.replaceWith(...Array.from(el.childNodes));
  });
  doc.querySelectorAll('table').forEach((table) => {
    const rows = Array.from(table.querySelectorAll('tr')).map((tr) => {
      const p = doc.createElement('p');
      p.textContent = Array.from(tr.children)
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '')
        .filter(Boolean)
        .join(' · ');
      return p;
    });
    table.replaceWith(...rows);
  });
  const rename = (selector: string, tag: string) =>
    doc.querySelectorAll(selector).forEach((el) => {
      const h = doc.createElement(tag);
      h.append(...Array.from(el.childNodes));
      el.replaceWith(h);
    });
  rename('h1', 'h2');
  rename('h4, h5, h6', 'h3');
  return doc.body.innerHTML;
}
