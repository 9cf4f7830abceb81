/** Splits an article body into paragraphs on blank lines (CRLF or LF), dropping empty ones. */
export function splitParagraphs(content: string | null | undefined): string[] {
  if (!content) return [];
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
