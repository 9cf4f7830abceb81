import { X_POPUP, X_POPUP_POLL_MS } from '@common/social';
import { isXAuthMessage, parseXReturn, type XReturn } from '../lib/x-authorize.ts';

/** Opens the (blank) popup synchronously inside the click, so the browser does not block it. */
export function openBlankPopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - X_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - X_POPUP.height) / 2));
  return window.open(
    'about:blank',
    'x-login',
    `popup=yes,width=${X_POPUP.width},height=${X_POPUP.height},left=${left},top=${top}`,
  );
}

/**
 * Waits for the popup's answer: a message of type x-auth-code posted from this origin by the
 * site's page in the popup, or (fallback) the popup's own address once it is back on this
 * origin, polled every 500 ms (reading a cross-origin address throws: ignored). Resolves null
 * when the popup is closed without an answer. `cancel()` stops listening.
 */
export function waitForXReturn(popup: Window): { result: Promise<XReturn | null>; cancel: () => void } {
  let stop = () => {};
  const result = new Promise<XReturn | null>((resolve) => {
    let done = false;
    const finish = (value: XReturn | null) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isXAuthMessage(event.data)) return;
      if (event.source && event.source !== popup) return;
      const d = event.data;
      if (d.error) finish({ error: d.error, description: d.errorDescription ?? null, state: d.state ?? null });
      else if (d.code) finish({ code: d.code, state: d.state ?? null });
    };
    const timer = window.setInterval(() => {
      try {
        if (popup.closed) {
          // Give a message posted just before closing a moment to arrive.
          window.setTimeout(() => finish(null), 300);
          window.clearInterval(timer);
          return;
        }
        const loc = popup.location;
        if (loc.origin === window.location.origin) {
          const parsed = parseXReturn(loc.search);
          if (parsed) finish(parsed);
        }
      } catch {
        // Cross-origin (still on X): not readable yet.
      }
    }, X_POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    stop = () => finish(null);
  });
  return { result, cancel: () => stop() };
}
