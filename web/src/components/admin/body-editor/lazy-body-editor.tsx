import { Suspense } from 'react';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import type { BodyEditorProps } from './body-editor.tsx';

/**
 * The editor and its libraries (Tiptap, ProseMirror) in a chunk of their own, fetched when a form opens,
 * or before: the screens that open with the editor (a new article, the live console) preload it.
 */
const BodyEditor = preloadableLazy<BodyEditorProps>(() => import('./body-editor.tsx'));

/** Loads the editor's chunk, so a form opened after this shows the editor at once. */
export const preloadBodyEditor = BodyEditor.preload;

export function LazyBodyEditor(props: BodyEditorProps) {
  return (
    <Suspense fallback={<p className="admin-muted">Loading the editor…</p>}>
      <BodyEditor {...props} />
    </Suspense>
  );
}
