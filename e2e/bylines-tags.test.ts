import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminRequest } from './support/admin-request.ts';
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
  });

  it('an editor merges a misspelt tag into the right one and deletes an unused one; readers follow the old address', async () => {
    // Two published stories, one under a misspelt tag, and a tag no story has (made through the API).
    const auth = { authorization: await running.bearer({ sub: 'tags-fixture', name: 'Tags Fixture' }) };
    const post = async (url: string, payload: object) => {
      const res = await running.app.inject({ method: 'POST', url, headers: auth, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const body = { summary: 'S.', content: 'One.', category: 'UK', author: 'Clive Outrage', published: true };
    const misspelt = await post('/api/admin/articles', { ...body, headline: 'Cat Elected Twice', tags: ['Kitens'] });
    const right = await post('/api/admin/articles', { ...body, headline: 'Cat Resigns For Nap', tags: ['Kittens'] });
    await post('/api/admin/tags', { name: 'Unused Tag' });

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/tags`);
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    await page.getByLabel('Find a tag').fill('kit');
    const row = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await row('Kitens').getByText('1 article', { exact: true }).waitFor();
    await row('Kittens').getByText('1 article', { exact: true }).waitFor();

    await row('Kitens').getByRole('button', { name: 'Merge Kitens into another tag' }).click();
    const merge = page.getByRole('alertdialog', { name: 'Merge Kitens into another tag' });
    // Found by name on the server (a newsroom's tags may be more than one list holds).
    await merge.getByLabel('Find a tag').fill('kitt');
    await merge.getByText('1 tag matches “kitt”.').waitFor();
    expect(await merge.getByLabel('Merge into').locator('option').allTextContents()).toEqual([
      'Choose a tag…',
      'Kittens (1 article)',
    ]);
    await merge.getByLabel('Merge into').selectOption({ label: 'Kittens (1 article)' });
    await merge.getByRole('button', { name: 'Merge tags' }).click();
    await page.getByText('Merged Kitens into Kittens').waitFor();
    await row('Kittens').getByText('2 articles', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Kitens', exact: true }).count()).toBe(0);
    // The row it was on is gone: the focus is on the screen's heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Tags');

    // The count leads to the tag's articles in the admin list; its button clears the filter.
    await row('Kittens').getByRole('link', { name: '2 articles tagged Kittens' }).click();
    await page.waitForURL(/\/admin\/articles\?.*tagId=/);
    await page.locator('.admin-filter-note').getByText('Kittens').waitFor();
    await page.getByText('2 articles total').waitFor();
    for (const story of [misspelt, right]) {
      await page.getByRole('link', { name: exactName(story.headline) }).waitFor();
    }
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    // The filter was kept in the address.
    expect(await page.getByLabel('Find a tag').inputValue()).toBe('kit');

    const reader = await web.newPage({ javaScriptEnabled: false });
    const landed = await reader.goto(`${running.baseUrl}/tag/kitens`);
    expect(landed?.status()).toBe(200);
    expect(new URL(reader.url()).pathname).toBe('/tag/kittens');
    await reader.getByRole('heading', { level: 1, name: 'Kittens' }).waitFor();
    for (const story of [misspelt, right])
      await reader.locator(`main a[href="/article/${story.slug}"]`).first().waitFor();
    await reader.goto(`${running.baseUrl}/article/${misspelt.slug}`);
    expect(await reader.getByRole('navigation', { name: 'Tags' }).getByRole('link').allTextContents()).toEqual([
      'Kittens',
    ]);

    // Delete, from the keyboard: the dialog opens on Cancel, Tab reaches Delete tag.
    await page.getByLabel('Find a tag').fill('unused');
    await row('Unused Tag').getByText('0 articles', { exact: true }).waitFor();
    await row('Unused Tag').getByRole('button', { name: 'Delete Unused Tag' }).focus();
    await page.keyboard.press('Enter');
    const remove = page.getByRole('alertdialog', { name: 'Delete the tag Unused Tag?' });
    await remove.getByText('/tag/unused-tag will answer “not found”.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Deleted Unused Tag').waitFor();
    await page.getByText('No tags found.').waitFor();
    expect((await reader.goto(`${running.baseUrl}/tag/unused-tag`))?.status()).toBe(404);
    await reader.close();

    // The audit trail names the merge and the deletion, who made them and how many articles they moved.
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    const merged = page.getByRole('row').filter({ hasText: 'Tag merged' });
    await merged.waitFor();
    expect(await merged.innerText()).toMatch(
      /e2e\.editor\s+Tag merged\s*“Kitens” into “Kittens” · 1 article\s+—\s+Tag: Kitens \(no longer exists\)/,
    );
    await page.getByLabel('Action').selectOption({ label: 'Tag deleted' });
    await page.getByRole('row').filter({ hasText: '“Unused Tag” · 0 articles' }).waitFor();
    // The unfiltered rows stay until the filtered ones arrive (and the deletion's row is among both).
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Tag merged' }).count()).toBe(0);
    await page.close();
  });

  it('an editor filters All Articles by an author and a tag from the filter bar, with the keyboard, and clears both', async () => {
    // Two stories by a writer of their own, one of them tagged, and a story by someone else with the same tag.
    const auth = { authorization: await running.bearer({ sub: 'filter-fixture', name: 'Filter Fixture' }) };
    const post = async (payload: object) => {
      const res = await running.app.inject({ method: 'POST', url: '/api/admin/articles', headers: auth, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { headline: string };
    };
    const body = { summary: 'S.', content: 'One.', category: 'UK', published: true };
    const otters = await post({ ...body, headline: 'Otters Seize Canal', authors: ['Wilma Quill'], tags: ['Otters'] });
    const badgers = await post({ ...body, headline: 'Badger Runs For Parliament', authors: ['Wilma Quill'] });
    const other = await post({
      ...body,
      headline: 'Otters Deny Everything',
      authors: ['Clive Outrage'],
      tags: ['Otters'],
    });

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles`);
    await page.getByRole('heading', { level: 1, name: /^All Articles \(\d+\)$/ }).waitFor();
    const everything = (await page.locator('.admin-section__head .admin-muted').textContent()) ?? '';
    expect(everything).toMatch(/^\d+ articles total$/);
    const headlines = () => page.locator('.admin-row__headline').allTextContents();

    /** Types part of a name in the filter box and takes the suggestion with the arrows and Enter. */
    const choose = async (label: 'Author' | 'Tag', typed: string, name: string) => {
      const box = page.getByRole('combobox', { name: label, exact: true });
      await box.pressSequentially(typed);
      const list = page.locator('[role="listbox"][aria-busy="false"]:not([hidden])');
      await list.getByRole('option', { name: exactName(name) }).waitFor();
      const options = await list.getByRole('option').allTextContents();
      const index = options.indexOf(name);
      expect(index, options.join(' | ')).toBeGreaterThanOrEqual(0);
      for (let i = 0; i <= index; i++) await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(name);
      expect(await box.getAttribute('aria-expanded')).toBe('false');
    };

    await choose('Author', 'quil', 'Wilma Quill');
    await page.waitForURL(/[?&]authorId=\d+/);
    await page.locator('.admin-filter-note').getByText('Wilma Quill').waitFor();
    expect(await page.locator('.admin-filter-note').innerText()).toMatch(/^By Wilma Quill\s*Show all authors$/);
    await page.getByText('2 articles total').waitFor();
    expect((await headlines()).sort()).toEqual([badgers.headline, otters.headline].sort());

    await choose('Tag', 'otte', 'Otters');
    await page.waitForURL(/[?&]tagId=\d+/);
    await page.getByText('1 article total').waitFor();
    expect(await headlines()).toEqual([otters.headline]);
    expect(await page.locator('.admin-filter-note').allInnerTexts()).toEqual([
      expect.stringMatching(/^By Wilma Quill\s*Show all authors$/),
      expect.stringMatching(/^Tagged Otters\s*Show all tags$/),
    ]);
    // The tag alone would show the other writer's story too.
    expect(await headlines()).not.toContain(other.headline);

    // Cleared: the author with its clear button, the tag by emptying the box and Enter.
    await page.getByRole('button', { name: 'Clear the author filter' }).click();
    await page.getByText('2 articles total').waitFor();
    expect((await headlines()).sort()).toEqual([other.headline, otters.headline].sort());
    expect(await page.getByRole('combobox', { name: 'Author', exact: true }).inputValue()).toBe('');
    const tag = page.getByRole('combobox', { name: 'Tag', exact: true });
    await tag.fill('');
    await tag.press('Enter');
    await page.getByText(everything, { exact: true }).waitFor();
    expect(await page.locator('.admin-filter-note').count()).toBe(0);
    expect(new URL(page.url()).search).not.toMatch(/authorId|tagId/);
    expect(await tag.inputValue()).toBe('');
    await page.close();
  });

  it('a long author or tag name chosen in the filter bar ends in an ellipsis, named in full in its title; the bar keeps its widths', async () => {
    const authorization = await running.bearer({ sub: 'filter-fixture', name: 'Filter Fixture' });
    const names = {
      Author:
        'Professor Emeritus Maximilian Bartholomew Fotheringham-Smythe of the Royal Institute of Satirical Studies',
      Tag: 'Extraordinarily Long Tag Name About Municipal Roundabouts And Their Beautification',
    } as const;
    const author = await adminRequest<{ id: number }>(running.baseUrl, authorization, 'POST', '/api/admin/authors', {
      name: names.Author,
    });
    const tag = await adminRequest<{ id: number }>(running.baseUrl, authorization, 'POST', '/api/admin/tags', {
      name: names.Tag,
    });
    const page = await web.newPage();
    /** The widths of the filter bar's fields. */
    const widths = () =>
      page
        .locator('.admin-filters')
        .nth(1)
        .locator(':scope > *')
        .evaluateAll((fields) => fields.map((f) => Math.round(f.getBoundingClientRect().width)));
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles`);
    await page.getByRole('heading', { level: 1, name: /^All Articles \(\d+\)$/ }).waitFor();
    const plain = await widths();

    await page.goto(`${running.baseUrl}/admin/articles?authorId=${author.id}&tagId=${tag.id}`);
    for (const label of ['Author', 'Tag'] as const) {
      const box = page.getByRole('combobox', { name: label, exact: true });
      await expect.poll(() => box.inputValue()).toBe(names[label]);
      expect(await box.getAttribute('title')).toBe(names[label]);
      const fit = await box.evaluate((input) => {
        const style = getComputedStyle(input);
        const clear = input.parentElement!.querySelector('button')!.getBoundingClientRect();
        const textEnd =
          input.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        return {
          overflow: style.textOverflow,
          // The name is longer than the box (what the ellipsis is for).
          longer: input.scrollWidth > input.clientWidth,
          // The text stops before the clear button.
          clearOfButton: textEnd <= clear.left,
        };
      });
      expect(fit).toEqual({ overflow: 'ellipsis', longer: true, clearOfButton: true });
    }
    await page.locator('.admin-filter-note').getByText(names.Author).waitFor();
    expect(await widths()).toEqual(plain);
    await page.close();
  });

  it("a tag's name counts what a reader sees: 100 family emoji after a letter are 101 characters, refused; 100 are saved whole", async () => {
    const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units
    const auth = { authorization: await running.bearer({ sub: 'tags-length', name: 'Tags Length' }) };
    const created = await running.app.inject({
      method: 'POST',
      url: '/api/admin/tags',
      headers: auth,
      payload: { name: 'Family Matters' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/tags?q=family`);
    await page.getByRole('button', { name: 'Edit Family Matters' }).click();
    const form = page.getByRole('form', { name: 'Edit tag Family Matters' });
    const name = form.getByLabel('Name');
    // No maxlength (it counts UTF-16 units: it would keep 9 of these emoji).
    expect(await name.getAttribute('maxlength')).toBeNull();
    await name.fill(`F${FAMILY.repeat(100)}`);
    await form.getByText('101 / 100').waitFor();
    await form.getByRole('button', { name: 'Save tag' }).click();
    await form.getByText('Must be at most 100 characters').waitFor();
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);

    await name.press('Backspace');
    await form.getByText('100 / 100').waitFor();
    await form.getByRole('button', { name: 'Save tag' }).click();
    const saved = `F${FAMILY.repeat(99)}`;
    // Saved whole (the list, filtered by 'family', no longer holds it).
    await page.getByText(`Saved ${saved}`).waitFor();
    const stored = await running.app.inject({
      method: 'GET',
      url: `/api/admin/tags?q=${encodeURIComponent(saved)}`,
      headers: auth,
    });
    expect(stored.json().items.map((t: { name: string }) => t.name)).toEqual([saved]);
    await page.close();
  });
});
