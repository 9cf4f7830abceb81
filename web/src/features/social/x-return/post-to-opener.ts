import { parseXReturn, type XAuthMessage } from '../lib/x-authorize.ts';

/**
 * Runs on the site's page when X sends the popup back to it (redirect URI = origin + '/'):
 * posts { type: 'x-auth-code', code, state } (or the error) to the opener, only to this
 * origin, and closes the popup. Returns whether it handled the page.
 */
export function postXReturnToOpener(win: Window = window): boolean {
  const opener = win.opener as Window | null;
  const answer = parseXReturn(win.location.search);
  if (!opener || !answer) return false;
  const message: XAuthMessage =
    'code' in answer
      ? { type: 'x-auth-code', code: answer.code, state: answer.state }
      : { type: 'x-auth-code', error: answer.error, errorDescription: answer.description, state: answer.state };
  try {
    opener.postMessage(message, win.location.origin);
  } catch {
    return false;
  }
  win.close();
  return true;
}
