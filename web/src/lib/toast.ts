import { toast as sonnerToast } from 'sonner';

/** Toasts: at most 3 visible, 4000 ms, bottom-right, hotkey Alt+T, close button. */
export const TOASTER_OPTIONS = {
  visibleToasts: 3,
  duration: 4000,
  position: 'bottom-right',
  hotkey: ['altKey', 'KeyT'],
  closeButton: true,
} as const;

export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' for failures, 'default' otherwise. */
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

/** Shows a toast through the app's single <Toaster> (mounted in the admin area's root, routes/admin/root.tsx). Returns its id. */
export function toast({ title, description, variant = 'default', action }: ToastInput): string | number {
  const options = {
    description,
    action: action ? { label: action.label, onClick: () => action.onClick() } : undefined,
  };
  return variant === 'destructive' ? sonnerToast.error(title, options) : sonnerToast(title, options);
}

export function dismissToast(id?: string | number): void {
  sonnerToast.dismiss(id);
}
