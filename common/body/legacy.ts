import type { BodyDoc, BodyInline, BodyParagraph } from './types.ts';

/**
 * A body stored as plain text before the rich format (paragraphs separated by a blank line) as a
 * doc, without loss: every `\n\n` ends a paragraph and every other newline is a line break
 * (hardBreak), so `bodyPlainText(legacyTextToBody(t))` is `t` again for any `t` (with `\r\n` read as
 * `\n`). Extra blank lines become empty paragraphs or leading line breaks, as the text had them.
 */
export function legacyTextToBody(text: string): BodyDoc {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (normalized === '') return { type: 'doc', content: [] };
  return { type: 'doc', content: normalized.split('\n\n').map(paragraphOf) };
}

function paragraphOf(chunk: string): BodyParagraph {
  const content: BodyInline[] = [];
  chunk.split('\n').forEach((line, i) => {
    if (i > 0) content.push({ type: 'hardBreak' });
    if (line !== '') content.push({ type: 'text', text: line });
  });
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
}
