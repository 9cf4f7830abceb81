import type { BodyDoc } from '@common/body/types';
import type { BodyDoc as EditorDoc } from '@/lib/admin-body/body-doc';
import type { AdminLiveEntry } from '../types.ts';

/** Newest first by posting time, then by id (as the API and the reader page order them). */
export function compareEntries(a: Pick<AdminLiveEntry, 'postedAt' | 'id'>, b: Pick<AdminLiveEntry, 'postedAt' | 'id'>) {
  const t = Date.parse(b.postedAt) - Date.parse(a.postedAt);
  return t !== 0 && Number.isFinite(t) ? t : b.id - a.id;
}

/** The list with this entry added or replaced, in order. */
export function withEntry(list: AdminLiveEntry[] | undefined, entry: AdminLiveEntry): AdminLiveEntry[] {
  const rest = (list ?? []).filter((e) => e.id !== entry.id);
  return [...rest, entry].sort(compareEntries);
}

export type { EditorDoc };

interface Node {
  type?: string;
  text?: string;
  content?: unknown[];
}

function filled(node: Node): boolean {
  if (node.type === 'image' || node.type === 'embed') return true;
  if (typeof node.text === 'string' && node.text.trim() !== '') return true;
  return (node.content ?? []).some((c) => c !== null && typeof c === 'object' && filled(c as Node));
}

/** Something to post: words, a picture or an embed (an empty paragraph is not an entry). */
export function hasContent(doc: EditorDoc | BodyDoc): boolean {
  return filled(doc as Node);
}

/** The editor's document as the API takes it (the editor keeps to the body format; the server checks it). */
export function entryBody(doc: EditorDoc): BodyDoc {
  return doc as unknown as BodyDoc;
}

/** An entry's body in the editor. */
export function editorDoc(body: BodyDoc): EditorDoc {
  return body as unknown as EditorDoc;
}
