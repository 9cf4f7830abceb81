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
