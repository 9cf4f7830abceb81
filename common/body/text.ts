import type { BodyBlock, BodyDoc, BodyInline } from './types.ts';

/**
 * The plain text of a body: what a reader reads, without markup. Blocks are separated by a blank
 * line, line breaks are newlines, list items one a line, a picture gives its caption and an embed
 * its text. It is what search indexes, what descriptions and share texts are cut from, and the
 * read-only `content` of the admin API. For a body converted from plain text it is that text again.
 */
export function bodyPlainText(doc: BodyDoc): string {
  return doc.content
    .map(blockText)
    .filter((text, i) => text !== '' || isTextBlock(doc.content[i]!))
    .join('\n\n');
}

function isTextBlock(block: BodyBlock): boolean {
  return block.type === 'paragraph' || block.type === 'heading' || block.type === 'pullQuote';
}

function inlineText(content: BodyInline[] | undefined): string {
  if (!content) return '';
  let out = '';
  for (const node of content) out += node.type === 'hardBreak' ? '\n' : node.text;
  return out;
}

function blockText(block: BodyBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
    case 'pullQuote':
      return inlineText(block.content);
    case 'blockquote':
      return block.content.map((p) => inlineText(p.content)).join('\n\n');
    case 'bulletList':
    case 'orderedList':
      return block.content.map((item) => item.content.map((child) => blockText(child)).join('\n')).join('\n');
    case 'image':
    case 'embed':
      return atomText(block.type, block.attrs);
    default:
      return '';
  }
}

/**
 * The text a body block without text content gives the plain text: a picture its caption and credit,
 * an embed its text; any other none. By the block's type name and attributes, so the body editor's word
 * count (its document's nodes have the same names and attributes) counts what the article page counts.
 */
export function atomText(type: string, attrs: Readonly<Record<string, unknown>>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (type === 'image') return [text(attrs.caption), text(attrs.credit)].filter(Boolean).join(' ');
  if (type === 'embed') return text(attrs.text);
  return '';
}

/** The words of a text: runs of letters, digits and inner apostrophes or hyphens. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Words a minute an adult reads on screen. */
export const WORDS_PER_MINUTE = 230;

/** Word count of a body's text. */
export function bodyWordCount(doc: BodyDoc): number {
  return countWords(bodyPlainText(doc));
}

/** Minutes to read a body: at least 1 for a body with words, 0 for an empty one. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * The reading time readers and editors are shown: '4 min read' ('1 min read' at least); '' for a body
 * without words. The newsroom's body editor says it after the word count, the article page beside the
 * published time.
 */
export function readingTimeText(words: number): string {
  const minutes = readingMinutes(words);
  return minutes ? `${minutes} min read` : '';
}

/** The same reading time as an ISO 8601 duration (schema.org `timeRequired`): 'PT4M'; '' without words. */
export function readingDuration(words: number): string {
  const minutes = readingMinutes(words);
  return minutes ? `PT${minutes}M` : '';
}
