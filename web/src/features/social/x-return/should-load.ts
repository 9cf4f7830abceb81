/**
 * Tiny check the public app runs at start (no social code): only the home page opened as a
 * popup with ?code=&state= or ?error= loads the x-return module.
 */
export function isXPopupReturn(win: Window = window): boolean {
  if (!win.opener || win.location.pathname !== '/') return false;
  const q = new URLSearchParams(win.location.search);
  return (q.has('code') && q.has('state')) || q.has('error');
}
