import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's text while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** The confirm waits for something the dialog asks first (a choice in its content). */
  confirmDisabled?: boolean;
  /** 'primary' for an action that is not destructive (publish). */
  tone?: 'danger' | 'primary';
  /** More content under the message (only rendered while open). */
  children?: ReactNode;
  /** Why the last confirm did not go through. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: the page behind is inert, Escape cancels,
 * focus starts on Cancel (the safe choice) and returns to the opener when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel = 'Deleting…',
  busy = false,
  confirmDisabled = false,
  tone = 'danger',
  children,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, () => cancelRef.current);
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="admin-dialog__title">
        {title}
      </h2>
      <p id={`${id}-message`}>{message}</p>
      {open ? children : null}
      {open && error ? (
        <p className="admin-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-actions admin-actions--end">
        <button type="button" className="admin-btn" ref={cancelRef} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`admin-btn admin-btn--${tone}`}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          aria-busy={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
