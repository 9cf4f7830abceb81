import { useId, useState } from 'react';
import type { BodyImageAttrs } from './nodes.ts';
import { EditorDialog } from './editor-dialog.tsx';
import { LibraryPicker } from './library-picker.tsx';

export interface ImageDialogProps {
  open: boolean;
  onInsert(attrs: BodyImageAttrs): void;
  onClose(): void;
}

/**
 * A picture in the text: one of the library or a new upload, with its alternative text (required:
 * what a reader who cannot see it is told), a caption and a credit. The parent gives it a new key
 * each time it opens.
 */
export function ImageDialog({ open, onInsert, onClose }: ImageDialogProps) {
  const id = useId();
  const [chosen, setChosen] = useState<{ id: string; url: string } | null>(null);
  const imageId = chosen?.id ?? null;
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [credit, setCredit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!imageId) return setError('Choose a picture from the library or upload one.');
    if (!alt.trim()) return setError('Describe the picture in the alternative text.');
    onInsert({ imageId, alt: alt.trim(), caption: caption.trim(), credit: credit.trim() });
  };
  const input = (name: string, label: string, value: string, set: (v: string) => void, hint?: string) => (
    <div className="admin-form__field">
      <label className="admin-form__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-${name}-hint`} className="admin-form__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={`${id}-${name}`}
        className="admin-input"
        type="text"
        value={value}
        required={name === 'alt'}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        onChange={(e) => {
          set(e.target.value);
          setError(null);
        }}
      />
    </div>
  );
  return (
    <EditorDialog
      open={open}
      title="Insert a picture"
      confirmLabel="Insert picture"
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <LibraryPicker
        selected={imageId}
        onSelect={(img) => {
          setChosen({ id: img.id, url: img.url });
          setAlt((v) => v || img.alt);
          setCaption((v) => v || img.caption);
          setCredit((v) => v || img.credit);
          setError(null);
        }}
      />
      {chosen ? (
        <p className="admin-library__chosen">
          <img src={chosen.url} alt="" width={96} height={64} />
          <span>Chosen picture</span>
        </p>
      ) : null}
      {input(
        'alt',
        'Alternative text (required)',
        alt,
        setAlt,
        'What the picture shows, for readers who cannot see it.',
      )}
      {input('caption', 'Caption', caption, setCaption)}
      {input('credit', 'Credit', credit, setCredit)}
    </EditorDialog>
  );
}
