import { legacyTextToBody } from './legacy.ts';
import type { BodyDoc } from './types.ts';

/**
 * A body as read from storage (`articles.body`, a revision's snapshot). Stored bodies were validated
 * on their way in; a revision snapshot from before the rich format, a value that is not a doc, or an
 * empty doc beside non-empty plain text fall back to the plain text `content`, converted as the
 * migration converts it.
 */
export function parseStoredBody(stored: unknown, content: string): BodyDoc {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = undefined;
    }
  }
  if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc') {
    const doc = value as BodyDoc;
    // An empty body beside plain text: a row written by a tool that only knows `content` (the
    // column's default body): the text is the body, as the migration converts it.
    if (Array.isArray(doc.content) && (doc.content.length > 0 || content === '')) return doc;
  }
  return legacyTextToBody(content);
}

/** Whether two bodies are the same (their JSON). */
export function sameBody(a: BodyDoc, b: BodyDoc): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
