/**
 * The one text escaper of every XML document the server writes (RSS, Atom, sitemaps, the news
 * sitemap). XML 1.0 allows tab, newline, carriage return and U+0020–U+D7FF, U+E000–U+FFFD,
 * U+10000–U+10FFFF, and nothing else: not even as a character reference. Whatever a stored text
 * holds, the document stays well-formed: forbidden characters (the other C0 controls, a surrogate
 * without its pair, U+FFFE and U+FFFF) are dropped, and the five markup characters are escaped, so
 * the result is safe as element content and as a quoted attribute value.
 */

// Without the `u` flag the pattern sees UTF-16 code units, which is what finds an unpaired surrogate.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The text without the characters XML forbids. */
export function xmlChars(text: string): string {
  return text.replace(FORBIDDEN, '');
}

/** Text for XML element content or a quoted attribute value. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `<name>text</name>` with the text escaped; `attrs` values escaped too. */
export function xmlElement(name: string, text: string, attrs: Record<string, string> = {}): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlText(v)}"`)
    .join('');
  return `<${name}${a}>${xmlText(text)}</${name}>`;
}
