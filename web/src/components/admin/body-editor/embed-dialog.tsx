import { useId, useState } from 'react';
import { embedProviderOf } from '@/lib/admin-body/embed-provider';
import type { EmbedAttrs } from './nodes.ts';
import { EditorDialog } from './editor-dialog.tsx';
import { LibraryPicker } from './library-picker.tsx';

const NAMES = { x: 'a post on X', youtube: 'a YouTube video' } as const;

export interface EmbedDialogProps {
  open: boolean;
  onInsert(attrs: EmbedAttrs): void;
  onClose(): void;
}

/**
 * An X post or a YouTube video: its address (the provider is told from it), its text as pasted
 * (the post, or the video's title) and, if wanted, a thumbnail from the library. The parent gives it
 * a new key each time it opens.
 */
export function EmbedDialog({ open, onInsert, onClose }: EmbedDialogProps) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [withThumbnail, setWithThumbnail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = embedProviderOf(url);
  const confirm = () => {
    if (!provider) return setError('Enter the https address of a post on X or a YouTube video.');
    onInsert({ provider, url: url.trim(), text: text.trim(), thumbnailImageId: withThumbnail ? thumbnail : null });
  };
  return (
    <EditorDialog
      open={open}
      title="Embed a post or video"
      confirmLabel="Embed"
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${id}-url`}>
          Address of the post or video
        </label>
        <input
          id={`${id}-url`}
          className="admin-input"
          type="text"
          inputMode="url"
          value={url}
          aria-describedby={`${id}-provider`}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-provider`} className="admin-form__hint" aria-live="polite">
          {provider ? `This is ${NAMES[provider]}.` : 'An address on x.com, twitter.com, youtube.com or youtu.be.'}
        </p>
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${id}-text`}>
          Text of the post, or title of the video
        </label>
        <textarea
          id={`${id}-text`}
          className="admin-input admin-textarea"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="admin-form__field admin-form__check">
        <input
          id={`${id}-thumb`}
          type="checkbox"
          checked={withThumbnail}
          onChange={(e) => setWithThumbnail(e.target.checked)}
        />
        <label htmlFor={`${id}-thumb`}>Show a thumbnail from the library</label>
      </div>
      {withThumbnail ? <LibraryPicker selected={thumbnail} onSelect={(img) => setThumbnail(img.id)} /> : null}
    </EditorDialog>
  );
}
