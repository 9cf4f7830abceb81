import type { Page } from 'playwright-core';
import { mintTestToken } from '../../server/src/test-support/tokens.ts';
import type { RunningApp } from './app.ts';
import { EDITOR } from './sign-in.ts';

/**
 * Opens `url` (an admin page) as a signed-in editor without the sign-in popup: an access token is minted
 * with the running server's own signing key and put where the admin's OpenID client keeps its session
 * (sessionStorage, `oidc.user:{authority}:{clientId}`), before the page's scripts run. The server checks
 * the token like any other, so every API call of the page is real. Another editor is another `subject`
 * (the token's `sub`; '1' unless given). Only e2e/admin-sign-in.test.ts goes through the real popup;
 * every other admin test starts here.
 */
/** The session the admin's OpenID client keeps for `editor`: its sessionStorage key and value. */
async function sessionFor(
  running: Pick<RunningApp, 'baseUrl' | 'database' | 'config'>,
  editor: { username: string; name?: string; subject?: string },
): Promise<{ key: string; value: string }> {
  const auth = (await (await fetch(`${running.baseUrl}/api/config/auth`)).json()) as {
    authority: string;
    clientId: string;
    scope: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const profile = {
    sub: editor.subject ?? '1',
    name: editor.name ?? editor.username,
    preferred_username: editor.username,
  };
  const accessToken = await mintTestToken(running.database, running.config, profile);
  const lifetime = Number(JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).exp) - now;
  const user = {
    access_token: accessToken,
    token_type: 'Bearer',
    scope: `openid profile ${auth.scope}`,
    profile: { ...profile, iss: auth.authority, aud: auth.clientId, iat: now, exp: now + lifetime },
    expires_at: now + lifetime,
  };
  return { key: `oidc.user:${auth.authority}:${auth.clientId}`, value: JSON.stringify(user) };
}

export async function openSignedIn(
  page: Page,
  running: Pick<RunningApp, 'baseUrl' | 'database' | 'config'>,
  url: string,
  editor: { username: string; name?: string; subject?: string } = EDITOR,
): Promise<void> {
  const { key, value } = await sessionFor(running, editor);
  const origin = new URL(running.baseUrl).origin;
  // Once per tab: a later sign-out in the test stays signed out on reload.
  await page.addInitScript(
    ({ key, value, origin }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem('e2e.signed-in')) return;
      window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e.signed-in', '1');
    },
    { key, value, origin },
  );
  await page.goto(url);
  await signedInHeader(page);
}

/** The signed-in header is there (on a small screen its Sign Out is behind Menu, so not visible). */
const signedInHeader = (page: Page) =>
  page.getByRole('button', { name: 'Sign Out', includeHidden: true }).first().waitFor({ state: 'attached' });

/**
 * Signs `editor` in again in a tab that was signed out (openSignedIn's page), as the popup would: the
 * session put where the client keeps it, and the page reloaded.
 */
export async function signInAgain(
  page: Page,
  running: Pick<RunningApp, 'baseUrl' | 'database' | 'config'>,
  editor: { username: string; name?: string; subject?: string } = EDITOR,
): Promise<void> {
  const { key, value } = await sessionFor(running, editor);
  await page.evaluate(([k, v]) => window.sessionStorage.setItem(k!, v!), [key, value]);
  await page.reload();
  await signedInHeader(page);
}
