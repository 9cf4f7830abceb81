import { formatAdminDate } from '../lib/format-date.ts';
import type { AutosaveState } from './use-autosave.ts';

/** What the draft's autosave is doing, next to the form's buttons (announced politely). */
export function AutosaveStatus({ state, dirty }: { state: AutosaveState; dirty: boolean }) {
  const text =
    state.kind === 'saving'
      ? 'Saving…'
      : state.kind === 'failed'
        ? state.message
        : dirty
          ? 'Unsaved changes (saved automatically a few seconds after you stop typing)'
          : state.kind === 'saved'
            ? `Saved ${formatAdminDate(state.at)}`
            : '';
  return (
    <span className={state.kind === 'failed' ? 'admin-inline-error' : 'admin-muted'} aria-live="polite">
      {text}
    </span>
  );
}
