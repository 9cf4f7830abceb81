/**
 * The article body as the admin edits and sends it: ProseMirror JSON in the shared body format
 * (headings 2 and 3, bold, italic, links, lists, quotes, a pull quote, rules, library images, X and
 * YouTube embeds, hard breaks). The server validates it; this file only shapes what the editor
 * produces into that format (Tiptap adds attributes of its own that the format does not have).
 */
import { legacyTextToBody } from '@common/body/legacy';
import { isAllowedHref } from '@common/body/validate';

export interface BodyMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: { href: string; articleId?: number | null };
}

export interface BodyNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: BodyNode[];
  text?: string;
  marks?: BodyMark[];
}

export interface BodyDoc {
  type: 'doc';
  content: BodyNode[];
}

export function emptyDoc(): BodyDoc {
  return { type: 'doc', content: [{ type: 'paragraph' }] };
}

/** Plain text (paragraphs separated by blank lines, single newlines as hard breaks) as a doc. */
export function docFromText(text: string): BodyDoc {
  const doc = legacyTextToBody(text) as BodyDoc;
  return doc.content.length ? doc : emptyDoc();
}

/** A link target the body allows: http(s) and mailto URLs, or another article's path. */
export function allowedHref(href: string): boolean {
  return isAllowedHref(href.trim());
}

const KEPT_ATTRS: Record<string, readonly string[]> = {
  heading: ['level'],
  orderedList: ['start'],
  image: ['imageId', 'alt', 'caption', 'credit'],
  embed: ['provider', 'url', 'text', 'thumbnailImageId'],
};

function cleanMark(mark: { type: string; attrs?: Record<string, unknown> }): BodyMark | undefined {
  if (mark.type === 'bold' || mark.type === 'italic') return { type: mark.type };
  if (mark.type !== 'link') return undefined;
  const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
  if (!allowedHref(href)) return undefined;
  const articleId = mark.attrs?.articleId;
  return { type: 'link', attrs: { href, articleId: typeof articleId === 'number' ? articleId : null } };
}

function cleanNode(node: BodyNode): BodyNode {
  const out: BodyNode = { type: node.type };
  const kept = KEPT_ATTRS[node.type];
  if (kept && node.attrs) {
    const attrs: Record<string, unknown> = {};
    for (const key of kept) if (node.attrs[key] !== undefined) attrs[key] = node.attrs[key];
    if (node.type === 'orderedList' && (typeof attrs.start !== 'number' || attrs.start < 1)) delete attrs.start;
    if (Object.keys(attrs).length) out.attrs = attrs;
  }
  if (node.type === 'text') {
    out.text = node.text ?? '';
    const marks = (node.marks ?? []).map(cleanMark).filter((m): m is BodyMark => Boolean(m));
    if (marks.length) out.marks = marks;
  }
  if (node.content?.length) out.content = node.content.map(cleanNode);
  return out;
}

/** The editor's JSON in the body format: only the attributes and marks the format has. */
export function cleanDoc(json: { type?: string; content?: unknown[] }): BodyDoc {
  const content = ((json.content ?? []) as BodyNode[]).map(cleanNode);
  return { type: 'doc', content: content.length ? content : emptyDoc().content };
}

/** A value shaped as the editor's document (a stored draft read back, say). */
export function isDoc(value: unknown): value is BodyDoc {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'doc' &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/** The body of an article from the API: its doc, or (older servers and drafts) its text as paragraphs. */
export function bodyOf(article: { body?: unknown; content?: string | null }): BodyDoc {
  if (isDoc(article.body)) return article.body;
  return docFromText(article.content ?? '');
}

/** A doc kept as JSON text (the form's value); a broken one reads as empty. */
export function parseBody(json: string): BodyDoc {
  try {
    const value: unknown = JSON.parse(json);
    return isDoc(value) ? value : emptyDoc();
  } catch {
    return emptyDoc();
  }
}
