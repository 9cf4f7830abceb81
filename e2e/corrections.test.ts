import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { exactName } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

// Corrections (decision 046), walked in headless Chromium against the real app: an editor adds a
// correction to a published story from the keyboard alone; a reader sees it at the foot of the story,
// dated, with the story marked as updated: without JavaScript, with it, and on a 390 px phone.

const PHONE = { width: 390, height: 844 };
const HEADLINE = 'Council Votes To Replace Potholes With Ponds';
const TEXT = 'An earlier version of this article misstated the depth of the ponds: they are 30 cm deep, not 3 m.';

/** The focused element's text and outline (a visible ring: a style and a width). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      tag: el.tagName,
      text: el.textContent?.trim() ?? '',
      style: s.outlineStyle,
      width: parseFloat(s.outlineWidth),
    };
  });

describe('a correction of a published article', () => {
  let running: RunningApp;
  let slug = '';
  let id = 0;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
    const [row] = await insertArticles(running.database, running.app, [
      { headline: HEADLINE, published_at: new Date(Date.now() - 3_600_000).toISOString() },
    ]);
    slug = row!.slug;
    id = row!.id;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('an editor adds one by keyboard; readers see it dated at the foot of the story, with and without JavaScript, at 390 px too', async () => {
    const editorContext = await web.newContext(DESKTOP);
    const editor = await editorContext.newPage();
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/${id}`);
    const panel = editor.getByRole('region', { name: 'Corrections' });
    await panel.getByText('No corrections.').waitFor();

    // From the keyboard: Tab reaches 'Add a correction' (focus ring visible), Enter opens the field.
    const add = panel.getByRole('button', { name: 'Add a correction' });
    await add.focus();
    await editor.keyboard.press('Shift+Tab');
    await editor.keyboard.press('Tab');
    expect(await focused(editor)).toMatchObject({ text: 'Add a correction', style: 'solid' });
    expect((await focused(editor)).width).toBeGreaterThan(0);
    await editor.keyboard.press('Enter');
    await expect.poll(async () => (await focused(editor)).tag).toBe('TEXTAREA');
    // Too short: refused by the field, nothing sent.
    await editor.keyboard.type('Oops.');
    await editor.keyboard.press('Tab');
    await editor.keyboard.press('Enter');
    expect(await panel.getByRole('alert').innerText()).toBe(
      'The correction must be at least 10 characters (it has 5).',
    );
    await expect.poll(async () => (await focused(editor)).tag).toBe('TEXTAREA');
    await editor.keyboard.press('ControlOrMeta+a');
    await editor.keyboard.type(TEXT);
    await editor.keyboard.press('Tab');
    expect(await focused(editor)).toMatchObject({ text: 'Add correction' });
    await editor.keyboard.press('Enter');
    await panel.getByRole('listitem').filter({ hasText: TEXT }).waitFor();
    // The focus lands on the panel's heading, the list under it.
    await expect.poll(async () => (await focused(editor)).text).toBe('Corrections');
    expect(await panel.getByRole('listitem').first().innerText()).toContain('Added by');
    expect(await axeViolations(editor)).toEqual([]);

    const res = await fetch(`${running.baseUrl}/api/admin/articles/${id}/corrections`, {
      headers: { authorization: await running.bearer({ sub: 'check', name: 'Check' }) },
    });
    const [saved] = ((await res.json()) as { corrections: { createdAt: string }[] }).corrections;
    const date = new Date(saved!.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });

    for (const { viewport, javaScriptEnabled } of [
      { viewport: PHONE, javaScriptEnabled: false },
      { viewport: PHONE, javaScriptEnabled: true },
      { viewport: DESKTOP, javaScriptEnabled: true },
    ]) {
      const context = await web.newContext({ ...viewport, javaScriptEnabled });
      const net = await guardNetwork(context);
      const reader = await context.newPage();
      const answer = await reader.goto(`${running.baseUrl}/article/${slug}`);
      expect(answer?.status()).toBe(200);
      await reader.getByRole('heading', { level: 1, name: exactName(HEADLINE) }).waitFor();
      const block = reader.getByRole('region', { name: 'Corrections' });
      await block.getByRole('heading', { level: 2, name: 'Corrections' }).waitFor();
      expect(await block.getByRole('listitem').innerText()).toBe(`Correction, ${date}: ${TEXT}`);
      // The story says it was updated, under the byline.
      expect(await reader.getByText(/^Updated /).count()).toBe(1);
      // At the foot of the body.
      const order = await reader.evaluate(() => {
        const body = document.querySelector('.article-body')!;
        const section = document.querySelector('.article-corrections')!;
        return Boolean(body.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(order).toBe(true);
      // Nothing wider than the screen; no admin code on the public page.
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(net.scripts().filter((u) => /admin/i.test(u))).toEqual([]);
      if (!javaScriptEnabled) expect(net.scripts()).toEqual([]);
      else expect(await axeViolations(reader)).toEqual([]);
      await context.close();
    }
    await editorContext.close();
    // The editor's journey and three readers (no script, phone, desktop), two of them checked by axe.
  });

  it('a reader goes from the story’s Corrections block to every correction and pages through them, with and without JavaScript, at 390 px', async () => {
    // 20 older corrections of another published story: the list has a second page.
    const [other] = await insertArticles(running.database, running.app, [
      { headline: 'Goat Elected To Parish Council', published_at: new Date(Date.now() - 7_200_000).toISOString() },
    ]);
    await running.database.db
      .insertInto('article_corrections')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          article_id: other!.id,
          text: `Earlier correction ${i + 1}: the goat was a sheep.`,
          created_at: new Date(Date.now() - (i + 1) * 86_400_000).toISOString(),
          created_by: 'Test Editor',
          updated_at: null,
          updated_by: null,
        })),
      )
      .execute();
    running.app.newsCache.clear();

    for (const javaScriptEnabled of [false, true]) {
      const context = await web.newContext({ ...PHONE, javaScriptEnabled });
      const net = await guardNetwork(context);
      const reader = await context.newPage();
      await reader.goto(`${running.baseUrl}/article/${slug}`);
      if (javaScriptEnabled) await reader.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await reader.getByRole('region', { name: 'Corrections' }).getByRole('link', { name: 'All corrections' }).click();
      await reader.waitForURL(`${running.baseUrl}/corrections`);
      await reader.getByRole('heading', { level: 1, name: 'Corrections' }).waitFor();
      expect(await reader.title()).toBe('Corrections | The Daily Smear');
      // Newest first: the story's correction, dated as under the story, its headline a link to it.
      const first = reader.getByRole('main').getByRole('listitem').first();
      expect(await first.getByRole('heading', { level: 2 }).textContent()).toBe(HEADLINE);
      expect(await first.getByRole('link').getAttribute('href')).toBe(`/article/${slug}`);
      expect(await first.innerText()).toContain(TEXT);
      expect(await first.locator('time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(await reader.getByRole('main').getByRole('listitem').count()).toBe(20);
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // 'Older corrections' leads to page 2 (the oldest one), 'Newer corrections' back.
      await reader.getByRole('link', { name: 'Older corrections' }).click();
      await reader.waitForURL(/\/corrections\?page=2&before=/);
      await reader.getByText('Earlier correction 20: the goat was a sheep.').waitFor();
      expect(await reader.getByRole('main').getByRole('listitem').count()).toBe(1);
      expect(await reader.getByRole('link', { name: 'Older corrections' }).count()).toBe(0);
      await reader.getByRole('link', { name: 'Newer corrections' }).click();
      await reader.waitForURL(`${running.baseUrl}/corrections`);
      await reader.getByText(TEXT).waitFor();

      // Back to the story by its headline.
      await reader.getByRole('main').getByRole('link', { name: HEADLINE }).click();
      await reader.waitForURL(`${running.baseUrl}/article/${slug}`);
      await reader.getByRole('heading', { level: 1, name: exactName(HEADLINE) }).waitFor();
      expect(net.scripts().filter((u) => /admin/i.test(u))).toEqual([]);
      if (!javaScriptEnabled) expect(net.scripts()).toEqual([]);
      else {
        await reader.goto(`${running.baseUrl}/corrections`);
        await reader.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        expect(await axeViolations(reader)).toEqual([]);
      }
      await context.close();
    }
  });
});
