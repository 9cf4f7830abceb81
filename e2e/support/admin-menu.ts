import type { Page } from 'playwright-core';

/**
 * Opens the newsroom header's 'Menu' when it is there and shut: on a small screen the header's links,
 * the editor's name, Appearance and Sign Out are behind it (docs/product.md, Admin header); on a wide
 * one there is no Menu and this does nothing.
 */
export async function openAdminMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}
