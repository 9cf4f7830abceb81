import type { Page } from 'playwright-core';
import { openAdminMenu } from './admin-menu.ts';

/** The editor the admin tests start the app with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const EDITOR = { username: 'e2e.editor', password: 'e2e-correct-horse-battery' } as const;
export const EDITOR_ENV = { ADMIN_USERNAME: EDITOR.username, ADMIN_PASSWORD: EDITOR.password } as const;

/**
 * Signs in through the REAL popup against the built-in OpenID provider: opens `path` (an
 * admin page), clicks 'Sign In with Microsoft', fills the provider's login form in the popup,
 * submits, and waits until the popup has closed and the admin header shows the editor.
 */
export async function signIn(
  page: Page,
  url: string,
  editor: { username: string; password: string } = EDITOR,
): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign In with Microsoft' }).click(),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByLabel(/user ?name|sign-in name|e-?mail/i).fill(editor.username);
  await popup.getByLabel(/password/i).fill(editor.password);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;
  // The signed-in header (on a small screen its Sign Out is behind Menu, so not visible).
  await page.getByRole('button', { name: 'Sign Out', includeHidden: true }).first().waitFor({ state: 'attached' });
}

/** Signs out through the popup (confirming on the provider's sign-out page) and waits for the login gate. */
export async function signOut(page: Page): Promise<void> {
  await openAdminMenu(page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign Out' }).first().click(),
  ]);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Yes, sign me out' }).click();
  await closed;
  await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
}

/** How long a popup may take to show its question or close itself: several page loads, not one action. */
const POPUP_ROUND_TRIP_MS = 30_000;

/**
 * The provider's popup closed unanswered, as an editor closes it: once its question is on screen. A
 * sign-out the provider holds no session for (a tab signed in without the popup, or another editor
 * signed in since) is answered at once, and the popup closes itself. Never close it while it is still
 * navigating: Chromium can drop a close that races a navigation's commit, and `page.close()` then never
 * returns (a journey that hung until its bound on a loaded machine).
 */
export async function closeUnanswered(popup: Page, page: 'sign-in' | 'sign-out'): Promise<void> {
  const question =
    page === 'sign-in' ? popup.getByLabel(/password/i) : popup.getByRole('button', { name: 'Yes, sign me out' });
  const closedItself = popup.waitForEvent('close', { timeout: 0 }).then(() => 'closed' as const);
  // The round trip to a self-closing popup (the provider's page, its form post and redirect, the callback
  // page's script) took over one action's bound on a loaded machine.
  const asked = question.waitFor({ timeout: POPUP_ROUND_TRIP_MS }).then(
    () => 'asked' as const,
    (error: unknown) => {
      if (popup.isClosed()) return 'closed' as const;
      throw error;
    },
  );
  if ((await Promise.race([closedItself, asked])) === 'asked') await popup.close();
}

/**
 * Sign Out without answering the provider's question (its popup closed, or closing itself when the
 * provider holds no session for the tab): the local session ends all the same. Waits for the login gate.
 */
export async function signOutClosingPopup(page: Page): Promise<void> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign Out' }).first().click(),
  ]);
  await closeUnanswered(popup, 'sign-out');
  await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
}
