/** A focus that has not arrived yet; a newer call replaces it. */
let pending: (() => void) | undefined;

/** How long a focus may wait for its element before it is dropped (a last resort: nothing came). */
const GIVE_UP_MS = 10_000;

/**
 * Focuses the element with this id once it is on the page and can take the focus: the editor mounts
 * after its code has loaded and becomes editable when its request has settled; the page behind a
 * closing modal dialog is inert until the dialog has gone. It tries now and after every change to the
 * page (elements added, `inert`, `contenteditable`, `disabled`, `hidden` or `open` changed), so it
 * depends on no delay. It steps aside when the editor clicks or presses a key somewhere else first,
 * when a newer call asks for another element, and after ten seconds without its element.
 */
export function focusWhenPresent(id: string): void {
  if (typeof document === 'undefined') return;
  pending?.();
  const tryFocus = () => {
    const el = document.getElementById(id);
    if (!el) return false;
    el.focus();
    return document.activeElement === el;
  };
  if (tryFocus()) {
    pending = undefined;
    return;
  }
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  // The editor's own click or key elsewhere wins (a dialog giving the focus back as it closes does not count).
  const onUserAction = (e: Event) => {
    const target = document.getElementById(id);
    if (!target || !(e.target instanceof Node) || !target.contains(e.target)) stop();
  };
  const timer = setTimeout(() => stop(), GIVE_UP_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('pointerdown', onUserAction, true);
    document.removeEventListener('keydown', onUserAction, true);
    if (pending === stop) pending = undefined;
  };
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['inert', 'contenteditable', 'disabled', 'hidden', 'open'],
  });
  document.addEventListener('pointerdown', onUserAction, true);
  document.addEventListener('keydown', onUserAction, true);
  pending = stop;
}
