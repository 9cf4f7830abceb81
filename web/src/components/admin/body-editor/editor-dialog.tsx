import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../use-modal-dialog.ts';

export interface EditorDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  error?: string | null;
  children: ReactNode;
  /** More buttons before Cancel (e.g. Remove link). */
  extra?: ReactNode;
  onConfirm(): void;
  onClose(): void;
}

/**
 * A modal of the body editor on the native <dialog>: Escape and Cancel close it, focus goes to its
 * first field. It sits inside the article form, so Enter in one of its fields confirms the dialog
 * instead of submitting the article.
 */
export function EditorDialog({
  open,
  title,
  confirmLabel,
  error,
  children,
  extra,
  onConfirm,
  onClose,
}: EditorDialogProps) {
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>('input, textarea, select'));
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-dialog--wide"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          onConfirm();
        }
      }}
    >
      <h2 id={`${id}-title`} className="admin-dialog__title">
        {title}
      </h2>
      {open ? children : null}
      {open && error ? (
        <p className="admin-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-actions admin-actions--end admin-dialog__actions">
        {extra}
        <button type="button" className="admin-btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="admin-btn admin-btn--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
