import { useCallback, useEffect, useRef, useState } from 'react';
import { browserCopyEnvironment, COPIED_INDICATOR_MS, copyText } from './copy-to-clipboard';

/** How the last copy went, for COPIED_INDICATOR_MS after it: null before any, and after that. */
export type CopyOutcome = 'copied' | 'failed' | null;

/**
 * A Copy button's logic: `copy(text)` copies with the browser's clipboard (or the legacy fallback), and
 * `outcome` says how it went for a moment ('Copied' beside the button, a line when it failed).
 */
export function useCopyText(): { outcome: CopyOutcome; copy(text: string): Promise<void> } {
  const [outcome, setOutcome] = useState<CopyOutcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    const ok = await copyText(text, browserCopyEnvironment());
    setOutcome(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome(null), COPIED_INDICATOR_MS);
  }, []);
  return { outcome, copy };
}
