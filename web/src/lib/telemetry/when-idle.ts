import { IDLE_TIMEOUT_MS } from './constants';

/** Runs `task` once the browser is idle (requestIdleCallback), at the latest after `timeoutMs`; setTimeout where unsupported. */
export function whenIdle(task: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else window.setTimeout(task, 1);
}
