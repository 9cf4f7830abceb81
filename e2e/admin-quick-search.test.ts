import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminRequest } from './support/admin-request.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { signOutClosingPopup } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// The newsroom's quick search (docs/product.md, Search; decision 051): Ctrl+K anywhere but the body
// editor's text, the header's Search button, results in groups, opened by the keyboard. `?` (or the
// search dialog's footer) opens 'Keyboard shortcuts' (docs/product.md, Admin header).

const LABEL = 'Search articles, authors, tags and screens';

/** The quick search's results once the last text has been searched (the list is not being replaced). */
const results = (page: Page) =>
  page.getByRole('dialog', { name: 'Search' }).locator('[role="listbox"][aria-busy="false"]');

/** The text of the highlighted result. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

describe('quick search', () => {
  let running: RunningApp;
  const web = useBrowser();
  const ids = { quokka: 0, tag: 0 };

  beforeAll(async () => {
    running = await startApp();
    const authorization = () => running.bearer({ sub: '1', name: 'Erin Editor' });
    const body = { summary: 'S.', content: 'One.', category: 'UK', author: 'Clive Outrage', published: true };
    const quokka = await adminRequest<{ id: number }>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
      ...body,
      headline: 'Quokka Heist Rocks The Zoo',
      tags: ['Quokka Watch'],
    });
    await adminRequest(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
      ...body,
      headline: 'Quokka Denies Everything',
      published: false,
    });
    const tags = await adminRequest<{ items: { id: number; name: string }[] }>(
      running.baseUrl,
      authorization,
      'GET',
      '/api/admin/tags?q=Quokka%20Watch',
    );
    ids.quokka = quokka.id;
    ids.tag = tags.items[0]!.id;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('Ctrl+K on the dashboard finds a story by part of its headline and Enter opens it; then a tag opens its list', async () => {
    const context = await web.newContext(DESKTOP);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    await page.getByText('Recent Articles').first().waitFor();

    await page.keyboard.press('Control+K');
    const box = page.getByRole('combobox', { name: LABEL });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.pressSequentially('quokka hei');
    await results(page)
      .getByRole('option', { name: /^Quokka Heist Rocks The Zoo/ })
      .waitFor();
    expect(await highlighted(page)).toBe('Quokka Heist Rocks The ZooPublishedUK');
    await box.press('Enter');
    await page.waitForURL(`${running.baseUrl}/admin/articles/${ids.quokka}`);
    expect(await page.getByRole('dialog', { name: 'Search' }).isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Quokka Heist Rocks The Zoo' }).first().waitFor();

    // Again, from the article: the empty box shows it under Recent; a tag opens All Articles filtered by it.
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect
      .poll(() => dialog.getByRole('group', { name: 'Recent' }).getByRole('option').allTextContents())
      .toEqual(['Quokka Heist Rocks The Zoo']);
    await box.fill('quokka wat');
    const tag = results(page).getByRole('group', { name: 'Tags' }).getByRole('option', { name: 'Quokka Watch' });
    await tag.waitFor();
    for (let i = 0; i < 10 && (await highlighted(page)) !== 'Quokka Watch'; i++) await box.press('ArrowDown');
    expect(await highlighted(page)).toBe('Quokka Watch');
    await box.press('Enter');
    await page.waitForURL(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=all&tagId=${ids.tag}`);
    await page.getByText('Tagged Quokka Watch').waitFor();
  });

  it('the Search button opens it and Escape gives the focus back; Ctrl+K in the body editor still makes a link', async () => {
    const page = await web.newPage({ width: 360, height: 740 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    const search = page.getByRole('button', { name: 'Search the newsroom' });
    await search.click();
    const box = page.getByRole('combobox', { name: LABEL });
    await box.fill('zzz no such thing');
    await page.getByText('No results for “zzz no such thing”', { exact: true }).last().waitFor();
    await box.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Search' }).isVisible()).toBe(false);
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);

    const text = page.getByRole('textbox', { name: 'Content' });
    await text.click();
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Add a link' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Search' }).isVisible()).toBe(false);
  });

  it('keeps Recent per editor in one browser, and Sign Out clears it', async () => {
    const context = await web.newContext(DESKTOP);
    const recent = async (page: Page) => {
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('group', { name: 'Screens' }).waitFor();
      const shown = await dialog.getByRole('group', { name: 'Recent' }).getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      return shown;
    };
    const erin = await context.newPage();
    await openSignedIn(erin, running, `${running.baseUrl}/admin/articles/${ids.quokka}`);
    await erin.getByRole('heading', { name: 'Quokka Heist Rocks The Zoo' }).first().waitFor();
    await expect.poll(() => recent(erin)).toEqual(['Quokka Heist Rocks The Zoo']);

    // Another editor in another tab of the same browser (its localStorage shared) sees none of it.
    const alex = await context.newPage();
    await openSignedIn(alex, running, `${running.baseUrl}/admin`, { username: 'alex', subject: '2' });
    expect(await recent(alex)).toEqual([]);

    // Sign Out: the local session ends (the provider, holding no session for this tab, answers at once).
    await signOutClosingPopup(erin);
    // No sign-in window opened by itself meanwhile: the two tabs are all there is.
    expect(context.pages()).toEqual([erin, alex]);
    expect(
      await erin.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tabloid.admin.recentArticles'))),
    ).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the open dialog passes axe in the ${colorScheme} appearance`, async () => {
      const page = await web.newPage({ ...DESKTOP, colorScheme });
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
      expect(await page.evaluate(() => document.documentElement.dataset.adminTheme)).toBe(colorScheme);
      await page.keyboard.press('Control+K');
      await page.getByRole('combobox', { name: LABEL }).fill('quokka');
      await results(page)
        .getByRole('option', { name: /^Quokka Denies Everything/ })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    it(`? on the dashboard opens 'Keyboard shortcuts', which passes axe in the ${colorScheme} appearance at 1280 and 390 px`, async () => {
      const page = await web.newPage({ ...DESKTOP, colorScheme });
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
      await page.getByText('Recent Articles').first().waitFor();
      const articles = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles' });
      await articles.focus();
      await page.keyboard.press('Shift+Slash');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.getByRole('heading', { name: 'Body editor' }).waitFor();
      expect(await dialog.getByRole('term').first().textContent()).toBe('Ctrl+KControl+K');
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 740 });
      expect(await axeViolations(page)).toEqual([]);
      // Back to the wide screen, where the link it was opened from is in the header (not behind Menu).
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => articles.evaluate((el) => el === document.activeElement)).toBe(true);

      // Also from the search dialog's footer; `?` typed in the search box is only text.
      await page.keyboard.press('Control+K');
      const box = page.getByRole('combobox', { name: LABEL });
      await box.press('Shift+Slash');
      expect(await box.inputValue()).toBe('?');
      // The search for it answers first, and its line moves the footer down: the button is clicked where it stays.
      const search = page.getByRole('dialog', { name: 'Search' });
      await search.getByRole('paragraph').filter({ hasText: 'No results for “?”' }).waitFor();
      await search.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await search.isVisible()).toBe(false);
      await expect.poll(() => articles.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }
});
