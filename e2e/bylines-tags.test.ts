import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { exactName } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

const web = useBrowser();

/** Chooses a name in a picker with the keyboard: type, wait for the option, arrow down to it, Enter. */
async function pick(page: Page, label: 'Authors' | 'Tags', typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  // The suggestions for what was typed have arrived.
  await page
    .locator('[role="listbox"][aria-busy="false"]')
    .getByRole('option', { name: exactName(option) })
    .waitFor();
  const options = await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').allTextContents();
  const index = options.indexOf(option);
  expect(index, options.join(' | ')).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
  await box.press('Enter');
  await page.getByRole('button', { name: `Remove ${option.replace(/^Add new (author|tag) “(.*)”$/, '$2')}` }).waitFor();
}

describe('bylines and tags, from the form to the public pages', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // The demo content: its authors (Clive Outrage among them) and tags (Money among them).
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('two authors (one new, added inline) and three tags; the byline and tags lead to their pages, with and without JavaScript', async () => {
    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    await page.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
    const headline = 'Mayor Replaced By Very Large Cat In Landslide';
    await page.getByLabel('Headline').fill(headline);
    await page.getByLabel('Summary').fill('The cat has promised fewer meetings.');
    await page.getByLabel('Content').fill('First paragraph.\n\nSecond paragraph.');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'UK' });

    await pick(page, 'Authors', 'clive', 'Clive Outrage');
    await pick(page, 'Authors', 'Zelda Inkwell', 'Add new author “Zelda Inkwell”');
    await pick(page, 'Tags', 'mone', 'Money');
    await pick(page, 'Tags', 'Cats', 'Add new tag “Cats”');
    // The third by typing and Enter alone.
    await page.getByRole('combobox', { name: 'Tags' }).fill('Local Elections');
    await page.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await page.getByRole('button', { name: 'Remove Local Elections' }).waitFor();

    await page.getByRole('button', { name: 'Create article' }).click();
    await page.waitForURL(/\/admin\/articles\/\d+$/);
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();

    const slug = 'mayor-replaced-by-very-large-cat-in-landslide';
    for (const javaScriptEnabled of [true, false]) {
      const reader = await web.newPage({ javaScriptEnabled });
      await reader.goto(`${running.baseUrl}/article/${slug}`);
      await reader.getByRole('heading', { level: 1, name: exactName(headline) }).waitFor();
      const byline = reader.locator('a[rel="author"]');
      expect(await byline.allTextContents()).toEqual(['Clive Outrage', 'Zelda Inkwell']);
      const tags = reader.getByRole('navigation', { name: 'Tags' }).getByRole('link');
      expect(await tags.allTextContents()).toEqual(['Money', 'Cats', 'Local Elections']);

      await byline.filter({ hasText: 'Zelda Inkwell' }).click();
      await reader.waitForURL('**/author/zelda-inkwell');
      await reader.getByRole('heading', { level: 1, name: 'Zelda Inkwell' }).waitFor();
      await reader.locator(`main a[href="/article/${slug}"]`).first().waitFor();

      await reader.goBack();
      await reader.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: 'Cats' }).click();
      await reader.waitForURL('**/tag/cats');
      await reader.getByRole('heading', { level: 1, name: 'Cats' }).waitFor();
      await reader.locator(`main a[href="/article/${slug}"]`).first().waitFor();
      await reader.close();
    }

    // The Authors screen: Zelda gets a bio; her page shows it.
    await page.getByRole('link', { name: 'Authors', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor();
    await page.getByLabel('Find an author').fill('zelda');
    await page.getByRole('button', { name: 'Edit Zelda Inkwell' }).click();
    await page.getByLabel('Bio').fill('Zelda covers cats in public office.');
    await page.getByLabel('X handle').fill('@zeldaink');
    await page.getByRole('button', { name: 'Save author' }).click();
    await page.getByRole('button', { name: 'Edit Zelda Inkwell' }).waitFor();
    const profile = await web.newPage({ javaScriptEnabled: false });
    await profile.goto(`${running.baseUrl}/author/zelda-inkwell`);
    await profile.getByText('Zelda covers cats in public office.').waitFor();
    expect(await profile.getByRole('link', { name: /@zeldaink on X/ }).getAttribute('href')).toBe(
      'https://x.com/zeldaink',
    );
    await profile.close();
  }, 120_000);
});
