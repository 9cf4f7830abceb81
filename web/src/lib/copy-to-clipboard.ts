/** 'Copied!' shows for 2000 ms. */
export const COPIED_INDICATOR_MS = 2000;

export interface CopyEnvironment {
  isSecureContext: boolean;
  clipboard?: { writeText(text: string): Promise<void> };
  /** The legacy copy: returns whether the browser reported success. */
  legacyCopy(text: string): boolean;
  logError(message: string, error?: unknown): void;
}

/**
 * Copies text: the clipboard API in a secure context, otherwise (or if it refuses) the legacy
 * fallback. A failure is only logged ('Copy command failed'); the result says whether it worked.
 */
export async function copyText(text: string, env: CopyEnvironment): Promise<boolean> {
  if (env.isSecureContext && env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch (error) {
      env.logError('Clipboard write failed, trying the legacy copy', error);
    }
  }
  try {
    if (env.legacyCopy(text)) return true;
    env.logError('Copy command failed');
  } catch (error) {
    env.logError('Copy command failed', error);
  }
  return false;
}

/** The legacy copy: a hidden, read-only textarea, selected, then document.execCommand('copy'). */
export function legacyCopy(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '-9999px';
  textarea.style.opacity = '0';
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(textarea);
  textarea.select();
  textarea.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } finally {
    textarea.remove();
    previous?.focus();
  }
}

/** The browser's copy environment. */
export function browserCopyEnvironment(): CopyEnvironment {
  return {
    isSecureContext: window.isSecureContext,
    clipboard: navigator.clipboard,
    legacyCopy,
    logError: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
  };
}
