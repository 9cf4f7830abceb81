import { afterEach, beforeEach, vi } from 'vitest';
import * as toastModule from '@/lib/toast';
import type { ToastInput } from '@/lib/toast';

/**
 * The toasts a component shows during each test of the file, in order, recorded through the app's own
 * `toast()` (a spy on the module's export, so it holds whether or not an earlier file of the worker
 * already imported the module). Emptied after each test.
 */
export function recordToasts(): ToastInput[] {
  const toasts: ToastInput[] = [];
  beforeEach(() => {
    vi.spyOn(toastModule, 'toast').mockImplementation((t) => toasts.push(t));
  });
  afterEach(() => {
    vi.mocked(toastModule.toast).mockRestore();
    toasts.length = 0;
  });
  return toasts;
}
