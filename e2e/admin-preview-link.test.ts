import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { exactName } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

// A preview link (decision 042), walked in headless Chromium against the real app and its demo content:
// an editor writes a draft and makes its preview link, copies it; a reader who is not signed in opens it
// on a phone and reads the story as readers will see it, under the preview banner, with no script and
// nothing that leaks the address; the editor turns the link off and the reader gets the not-found page.
// A draft live blog's preview lists the entries written before publication, as its public page will.

const PHONE = { width: 390, height: 844 };
const HEADLINE = 'Heron Appointed Minister For Puddles';
const BODY = 'The heron stood on one leg through the entire swearing-in.';
const FIRST_ENTRY = 'Traffic backs up to the roundabout.';
const KEY_ENTRY = 'The council concedes: the bypass is cancelled.';

/** The focused element's outline, as the reader sees it (a visible ring: a style and a width). */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      // A field is named by its label.
      text:
        (el as HTMLSelectElement).labels?.[0]?.textContent?.trim() ||
        el.textContent?.trim() ||
        el.getAttribute('aria-label') ||
        el.tagName,
      style: s.outlineStyle,
      width: parseFloat(s.outlineWidth),
    };
  });

describe('a preview link for an unpublished article', () => {
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('an editor makes and copies the link, a stranger reads the draft on a phone, the editor turns it off', async () => {
    // The editor writes a draft.
    const editorContext = await web.newContext();
    await editorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.baseUrl });
    const editor = await editorContext.newPage();
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/new`);
    await editor.getByLabel('Headline').fill(HEADLINE);
    await editor.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
    await editor.getByLabel('Author').fill('Ann Author');
    await editor.getByLabel('Summary').fill('Wading into government.');
    await editor.getByRole('textbox', { name: 'Content' }).click();
    await editor.keyboard.type(BODY);
    await editor.getByRole('button', { name: 'Create article' }).click();
    await editor.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();

    // Its screen offers the link; made, its address is shown once, focused, with Copy.
    const panel = editor.getByRole('region', { name: 'Preview link' });
    await panel.getByText('works for 7 days, or until the article is published', { exact: false }).waitFor();
    // The lawyer needs longer than a week: the editor chooses 30 days.
    await panel.getByRole('combobox', { name: 'Works for' }).selectOption({ label: '30 days' });
    await panel.getByText('works for 30 days, or until the article is published', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Create preview link' }).click();
    const address = panel.getByRole('textbox', { name: /Preview address/ });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${running.baseUrl}/preview/[A-Za-z0-9_-]{43}$`));
    const articleId = Number(new URL(editor.url()).pathname.split('/').pop());
    const status = await fetch(`${running.baseUrl}/api/admin/articles/${articleId}/preview-link`, {
      headers: { authorization: await running.bearer({ sub: 'preview-check', name: 'Preview Check' }) },
    });
    const { link } = (await status.json()) as { link: { createdAt: string; expiresAt: string } };
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel.innerText()).toMatch(
      /Anyone with the link can read this article until .+, or until it is published/,
    );
    await panel.getByRole('button', { name: exactName('Copy') }).click();
    await panel.getByRole('button', { name: exactName('Copied') }).waitFor();
    expect(await editor.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await axeViolations(editor)).toEqual([]);

    // A reader who is not signed in opens it on a phone.
    const readerContext = await web.newContext(PHONE);
    const net = await guardNetwork(readerContext);
    const reader = await readerContext.newPage();
    const res = (await reader.goto(url))!;
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['x-robots-tag']).toContain('noindex');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(await reader.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await reader.getByText('Preview — not published yet').waitFor();
    expect(await reader.getByTestId('preview-banner').innerText()).toContain('Not scheduled yet.');
    await reader.getByRole('heading', { level: 1, name: exactName(HEADLINE) }).waitFor();
    await reader.getByText(BODY).waitFor();
    expect(await reader.getByText('Share on Social').count()).toBe(0);
    // The public page's stylesheet, and no script at all: no app, no admin code, no live stream.
    expect(net.requests.some((u) => /\/assets\/[^/]+\.css$/.test(u))).toBe(true);
    expect(net.scripts()).toEqual([]);
    expect(net.requests.filter((u) => u.includes('/live/') || u.includes('/api/'))).toEqual([]);
    expect(net.external).toEqual([]);
    expect(await reader.evaluate(() => document.scripts.length)).toBe(
      await reader.evaluate(() => document.querySelectorAll('script[type="application/json"]').length),
    );
    // Nothing fits wider than the phone.
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // By keyboard: the skip link first, with a visible ring; the MENU link opens the category bar.
    await reader.keyboard.press('Tab');
    expect(await focusRing(reader)).toMatchObject({ text: 'Skip to content', style: 'solid' });
    const menu = reader.getByRole('link', { name: exactName('MENU') });
    const politics = reader
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: exactName('Politics') });
    expect(await politics.isVisible()).toBe(false);
    for (let i = 0; i < 6 && !(await menu.evaluate((el) => el === document.activeElement)); i++)
      await reader.keyboard.press('Tab');
    const ring = await focusRing(reader);
    expect(ring.text).toBe('MENU');
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(1);
    await reader.keyboard.press('Enter');
    await politics.waitFor({ state: 'visible' });

    // The editor turns it off by keyboard (Tab from the address: Copy, Works for, New link, Turn off the link).
    await address.focus();
    for (const name of ['Copied', 'Works for', 'New link', 'Turn off the link']) {
      await editor.keyboard.press('Tab');
      const focused = await focusRing(editor);
      expect(focused.text).toMatch(new RegExp(`^(${name}|Copy)$`));
      expect(focused.style).not.toBe('none');
    }
    await editor.keyboard.press('Enter');
    await editor.getByText('Preview link turned off', { exact: true }).waitFor();
    const create = panel.getByRole('button', { name: 'Create preview link' });
    await expect.poll(() => create.evaluate((el) => el === document.activeElement)).toBe(true);

    // The reader's next visit is the site's not-found page, kept by nobody.
    const gone = (await reader.goto(url))!;
    expect(gone.status()).toBe(404);
    expect(gone.headers()['cache-control']).toBe('private, no-store');
    await reader.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
    await reader.getByText(HEADLINE).waitFor({ state: 'detached' });
  });

  it('an editor writes entries on a draft live blog; the preview shows them as the published page will, static', async () => {
    const id = await newDraft('Badger Blocks Bypass: Live', 'The badger has not moved since dawn.');
    const editor = await web.newPage();
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/${id}`);

    // Coverage of the draft starts; two entries are written in the console, the second a key event.
    const coverage = editor.getByRole('region', { name: 'Live coverage' });
    await coverage.getByRole('button', { name: 'Start live coverage' }).click();
    await coverage.getByRole('link', { name: 'Open live console' }).click();
    const composer = editor.getByRole('textbox', { name: 'Entry', exact: true });
    const written = editor
      .getByRole('list', { name: 'Entries, newest first' })
      .locator(':scope > li .admin-live-entry__body');
    await composer.click();
    await editor.keyboard.type(FIRST_ENTRY);
    await editor.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => written.allInnerTexts()).toEqual([FIRST_ENTRY]);
    await composer.click();
    await editor.keyboard.type(KEY_ENTRY);
    await editor.getByRole('checkbox', { name: 'Key event' }).check();
    await editor.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => written.allInnerTexts()).toEqual([KEY_ENTRY, FIRST_ENTRY]);

    // Back on the article's screen, the editor makes the preview link.
    await editor.goto(`${running.baseUrl}/admin/articles/${id}`);
    const panel = editor.getByRole('region', { name: 'Preview link' });
    await panel.getByRole('button', { name: 'Create preview link' }).click();
    const url = await panel.getByRole('textbox', { name: /Preview address/ }).inputValue();
    expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);

    // Someone who is not signed in, in a browser of their own, reads the entries under the story.
    const readerContext = await web.newContext(PHONE);
    const net = await guardNetwork(readerContext);
    const reader = await readerContext.newPage();
    const res = (await reader.goto(url))!;
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers()['x-robots-tag']).toContain('noindex');
    await reader.getByText('Preview — not published yet').waitFor();
    const blog = reader.getByRole('region', { name: 'Live updates' });
    // Coverage runs, but the story is not out: the reader of the link is not told it is live.
    expect(await blog.getByTestId('live-status').innerText()).toMatch(/^live once published$/i);
    expect(await blog.locator('.live-status__dot').count()).toBe(0);
    const shown = blog.getByRole('list', { name: 'Updates, newest first' }).locator(':scope > li');
    expect(await shown.locator('.live-entry__body').allInnerTexts()).toEqual([KEY_ENTRY, FIRST_ENTRY]);
    await shown.first().getByText('Key event', { exact: true }).waitFor();
    expect(await shown.nth(1).getByText('Key event', { exact: true }).count()).toBe(0);
    await blog
      .getByRole('navigation', { name: 'Key events' })
      .getByRole('link', { name: new RegExp(KEY_ENTRY) })
      .waitFor();
    // Static: no script, no live stream, no API call; nothing wider than the phone.
    expect(net.scripts()).toEqual([]);
    expect(net.requests.filter((u) => u.includes('/live/') || u.includes('/api/'))).toEqual([]);
    expect(net.external).toEqual([]);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(reader)).toEqual([]);
    await readerContext.close();
  });

  it('works at 390 px on the editor side: the panel fits, its controls reach by keyboard, axe finds nothing', async () => {
    const editor = await web.newPage(PHONE);
    const id = await newDraft('Otter Chairs Select Committee', 'Fish were tabled.');
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/${id}`);
    const panel = editor.getByRole('region', { name: 'Preview link' });
    const create = panel.getByRole('button', { name: 'Create preview link' });
    await create.focus();
    await editor.keyboard.press('Enter');
    const address = panel.getByRole('textbox', { name: /Preview address/ });
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    await fits(editor, panel);
    expect(await axeViolations(editor)).toEqual([]);
  });

  /** A draft in Politics, made through the API; answers its id. */
  async function newDraft(headline: string, content: string): Promise<number> {
    const res = await running.app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: {
        authorization: await running.bearer({ sub: '1', name: 'E2E Editor' }),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ headline, content, category: 'Politics' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }
});

/** The panel lies within the phone's width, and so does the page. */
async function fits(page: Page, panel: Locator) {
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
