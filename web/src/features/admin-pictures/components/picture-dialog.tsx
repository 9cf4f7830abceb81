import { useId, useState } from 'react';
import type { ImageLibraryItem } from '@common/admin-contract';
import { FocalPointPicker, type FocalPoint } from '@/components/admin/focal-point-picker';
import { useModalDialog } from '@/components/admin/use-modal-dialog';
import { AdminApiError, problemDetail } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import { useUpdatePicture } from '../api/pictures.ts';

type TextField = 'alt' | 'caption' | 'credit';
type FieldErrors = Partial<Record<TextField | 'focalX' | 'focalY', string>>;

const LABELS: Record<TextField, string> = { alt: 'Description (alt text)', caption: 'Caption', credit: 'Credit' };
const HINTS: Record<TextField, string | undefined> = {
  alt: 'Say what the picture shows. Screen readers read it to people who cannot see the picture, and search engines index it. Every article showing the picture without its own description uses this one.',
  caption: undefined,
  credit: 'Who took or owns the picture, e.g. "Photo: Ann Other / Agency".',
};

/** The field messages of a 400 problem (errors: [{ name, message }]). */
function fieldErrorsOf(err: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const list = err instanceof AdminApiError ? err.problem?.errors : undefined;
  if (Array.isArray(list)) {
    for (const e of list as { name?: string; message?: string }[]) {
      if (e.name && e.message) fields[e.name as keyof FieldErrors] = e.message;
    }
  }
  return fields;
}

export interface PictureDialogProps {
  picture: ImageLibraryItem;
  open: boolean;
  onClose(): void;
  /** After a save, once the lists are loaded again. */
  onSaved(): void;
}

/**
 * A picture's edit dialog on the native <dialog>: description, caption, credit and focal point,
 * saved together with Save (PATCH /api/admin/images/{id}); the server's rules apply and its field
 * messages show by their fields. Escape and Cancel close it without saving; focus starts on the
 * description and goes back to the picture's button when it closes.
 */
export function PictureDialog({ picture, open, onClose, onSaved }: PictureDialogProps) {
  const id = useId();
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>('textarea'));
  const update = useUpdatePicture();
  const [text, setText] = useState<Record<TextField, string>>({
    alt: picture.alt,
    caption: picture.caption,
    credit: picture.credit,
  });
  const [point, setPoint] = useState<FocalPoint>({ x: picture.focalX, y: picture.focalY });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const close = () => {
    if (!update.isPending) onClose();
  };
  const save = () => {
    if (update.isPending) return;
    const moved = point.x !== picture.focalX || point.y !== picture.focalY;
    update.mutate(
      { id: picture.id, change: { ...text, ...(moved ? { focalX: point.x, focalY: point.y } : {}) } },
      {
        onSuccess: () => {
          toast({ title: 'Picture saved' });
          onSaved();
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          setMessage(problemDetail(err, 'The picture was not saved.'));
        },
      },
    );
  };
  const field = (name: TextField) => {
    const fieldId = `${id}-${name}`;
    const hint = HINTS[name];
    const error = errors[name];
    const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
    const props = {
      id: fieldId,
      name,
      className: name === 'alt' ? 'admin-input admin-textarea' : 'admin-input',
      value: text[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      onChange: (e: { target: { value: string } }) => setText((t) => ({ ...t, [name]: e.target.value })),
    };
    return (
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={fieldId}>
          {LABELS[name]}
        </label>
        {hint ? (
          <p id={`${fieldId}-hint`} className="admin-form__hint">
            {hint}
          </p>
        ) : null}
        {name === 'alt' ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
        {error ? (
          <p id={`${fieldId}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const focalError = errors.focalX ?? errors.focalY;
  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-dialog--wide"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id={`${id}-title`} className="admin-dialog__title">
        Edit the picture
      </h2>
      {open ? (
        <form
          className="admin-picture-form"
          aria-labelledby={`${id}-title`}
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          {message ? (
            <p className="admin-form__error" role="alert">
              {message}
            </p>
          ) : null}
          {field('alt')}
          {field('caption')}
          {field('credit')}
          <fieldset className="admin-form__field admin-focal">
            <legend>Focal point</legend>
            <FocalPointPicker
              src={picture.url}
              size={{ width: picture.width, height: picture.height }}
              point={point}
              disabled={update.isPending}
              savedWhen="It is saved with Save, for every article that shows the picture."
              onMove={setPoint}
            />
            {focalError ? <p className="admin-field-error">{focalError}</p> : null}
          </fieldset>
          <div className="admin-actions admin-actions--end admin-dialog__actions">
            <button type="button" className="admin-btn" onClick={close} disabled={update.isPending}>
              Cancel
            </button>
            <button
              type="submit"
              className="admin-btn admin-btn--primary"
              disabled={update.isPending}
              aria-busy={update.isPending}
            >
              {update.isPending ? 'Saving…' : 'Save picture'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
