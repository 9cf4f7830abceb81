import { UserManager } from 'oidc-client-ts';

/**
 * The popup and iframe callback pages only hand the response URL back to the window that
 * opened them (oidc-client-ts posts it; the opener validates it with its own settings), so
 * they do not need the sign-in configuration: a UserManager with placeholder settings is
 * enough and nothing is fetched.
 */
function callbackManager(): UserManager {
  const here = window.location.origin;
  return new UserManager({ authority: here, client_id: 'callback', redirect_uri: window.location.href });
}

/** /admin/auth/callback: completes popup sign-in and popup sign-out (the same hand-back). */
export function completePopupCallback(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const um = callbackManager();
  return params.has('code') || params.has('error') ? um.signinPopupCallback() : um.signoutPopupCallback();
}

/** /admin/auth/silent: completes the hidden-iframe silent renewal. */
export function completeSilentCallback(): Promise<void> {
  return callbackManager().signinSilentCallback();
}
