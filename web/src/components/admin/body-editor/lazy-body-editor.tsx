import { lazy, Suspense } from 'react';
import type { BodyEditorProps } from './body-editor.tsx';

/** The editor and its libraries (Tiptap, ProseMirror) in a chunk of their own, fetched when a form opens. */
const BodyEditor = lazy(() => import('./body-editor.tsx'));

export function LazyBodyEditor(props: BodyEditorProps) {
  return (
    <Suspense fallback={<p className="admin-muted">Loading the editor…</p>}>
      <BodyEditor {...props} />
    </Suspense>
  );
}
