import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleRow } from '../server/src/db/schema.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork, type NetworkLog } from './support/network.ts';
import { exactName } from './support/public-site.ts';

declare global {
  interface Window {
    __opened?: { url: string; target: string; features: string }[];
    __shareSheet?: { share: ShareData[]; canShare: ShareData[] };
  }
}

/** Gives the page a share sheet (as a phone's browser has) that records what it is asked. */
function defineShareSheet(context: BrowserContext) {
  return context.addInitScript(() => {
    const calls: { share: ShareData[]; canShare: ShareData[] } = { share: [], canShare: [] };
    window.__shareSheet = calls;
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => (calls.canShare.push(data), true),
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void calls.share.push(data),
    });
  });
}

/** Records window.open calls (and still opens the window) so the popup size can be checked. */
function recordWindowOpen(context: BrowserContext) {
  return context.addInitScript(() => {
    const original = window.open.bind(window);
    window.__opened = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      window.__opened!.push({ url: String(url ?? ''), target: target ?? '', features: features ?? '' });
      return original(url, target, features);
    };
  });
}

function sizeOf(features: string): { width: number; height: number } {
  const get = (k: string) => Number(new RegExp(`(?:^|,)\\s*${k}\\s*=\\s*(\\d+)`).exec(features)?.[1]);
  return { width: get('width'), height: get('height') };
}

describe("share dialog 'Share This Scandal'", () => {
  let running: RunningApp;
  let article: ArticleRow;
  let articleUrl: string;

  beforeAll(async () => {
    running = await startApp();
    [article] = await insertArticles(running.database, running.app, [
      {
        headline: "Duke's Corgi Appointed Chancellor & Nobody Notices",
        summary: 'Treasury officials say the budget has never been so well chewed.',
        content: 'Woof.\n\nWoof woof.',
        category: 'UK',
      },
    ]);
    articleUrl = `${running.baseUrl}/article/${article!.slug}`;
  });
  afterAll(async () => {
    await running?.close();
  });

  async function openDialog(page: Page) {
    await page.goto(articleUrl);
    await page.getByRole('button', { name: exactName('Share on Social') }).click();
    const dialog = page.getByRole('dialog', { name: /share this scandal/i });
    await dialog.waitFor();
    await dialog.getByText('Share This Scandal', { exact: true }).waitFor();
    return dialog;
  }

  async function setup(width?: number): Promise<{ context: BrowserContext; page: Page; net: NetworkLog }> {
    const context = await web.newContext({ width });
    const net = await guardNetwork(context);
    await recordWindowOpen(context);
    const page = await context.newPage();
    return { context, page, net };
  }

  const web = useBrowser();

  it('Facebook opens a 600x400 popup on the sharer with the article URL encoded', async () => {
    const { page, net } = await setup();
    const dialog = await openDialog(page);
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: /facebook/i }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/facebook\.com/);
    const url = new URL(popup.url());
    expect(url.hostname).toMatch(/(^|\.)facebook\.com$/);
    expect(url.pathname).toBe('/sharer/sharer.php');
    expect(url.searchParams.get('u')).toBe(articleUrl);
    expect(popup.url()).toContain(`u=${encodeURIComponent(articleUrl)}`);
    const opened = await page.evaluate(() => window.__opened ?? []);
    expect(opened).toHaveLength(1);
    expect(sizeOf(opened[0]!.features)).toEqual({ width: 600, height: 400 });
    // The only request that tried to leave the machine was the popup's, and it was stubbed.
    expect(net.external.every((u) => new URL(u).hostname.endsWith('facebook.com'))).toBe(true);
  });

  it('X opens a 600x400 popup on the tweet intent with the article URL encoded', async () => {
    const { page, net } = await setup();
    const dialog = await openDialog(page);
    const popupPromise = page.waitForEvent('popup');
    await dialog
      .getByRole('button', { name: /^\s*(x|twitter|x \/ twitter|share on x|x \(twitter\))\b/i })
      .first()
      .click();
    const popup = await popupPromise;
    await popup.waitForURL(/(twitter|x)\.com/);
    const url = new URL(popup.url());
    expect(['twitter.com', 'www.twitter.com', 'x.com', 'www.x.com']).toContain(url.hostname);
    expect(url.pathname).toMatch(/^\/intent\/(tweet|post)$/);
    expect(url.searchParams.get('url')).toBe(articleUrl);
    expect(popup.url()).toContain(`url=${encodeURIComponent(articleUrl)}`);
    expect(url.searchParams.get('text')).toContain(article.headline);
    const opened = await page.evaluate(() => window.__opened ?? []);
    expect(sizeOf(opened[0]!.features)).toEqual({ width: 600, height: 400 });
    expect(net.external.every((u) => /(^|\.)(twitter|x)\.com$/.test(new URL(u).hostname))).toBe(true);
  });

  it("'Email This Story' is a mailto with the headline as subject and summary, blank line, URL as body", async () => {
    const { page } = await setup();
    const dialog = await openDialog(page);
    const email = dialog
      .getByRole('link', { name: exactName('Email This Story') })
      .or(dialog.getByRole('button', { name: exactName('Email This Story') }));
    await email.first().waitFor();
    let href = await email.first().getAttribute('href');
    if (!href) {
      // A button: it navigates or opens the mailto; catch the URL without handing it to the OS.
      await page.evaluate(() => {
        window.__opened = [];
        document.addEventListener(
          'click',
          (e) => {
            const a = (e.target as Element).closest('a');
            if (a?.href.startsWith('mailto:')) {
              e.preventDefault();
              window.__opened!.push({ url: a.href, target: '', features: '' });
            }
          },
          true,
        );
      });
      await email.first().click();
      await expect.poll(() => page.evaluate(() => window.__opened?.[0]?.url ?? null)).not.toBeNull();
      href = await page.evaluate(() => window.__opened![0]!.url);
    }
    expect(href).toMatch(/^mailto:/);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1).replace(/\+/g, '%2B'));
    expect(query.get('subject')).toBe(article.headline);
    expect(query.get('body')).toMatch(/^Treasury officials say the budget has never been so well chewed\.\r?\n\r?\n/);
    expect(query.get('body')!.trimEnd().endsWith(articleUrl)).toBe(true);
  });

  it("Copy puts the URL on the clipboard (secure context), shows 'Copied!' for about 2 s, then 'Copy'", async () => {
    const { context, page } = await setup();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.baseUrl });
    // The page's clock is Playwright's fake: the 2-second state is checked to the millisecond, without waiting.
    const start = new Date('2026-01-05T09:00:00Z');
    await page.clock.install({ time: start });
    const dialog = await openDialog(page);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const field = dialog.getByRole('textbox');
    expect(await field.inputValue()).toBe(articleUrl);
    expect(await field.evaluate((e) => (e as HTMLInputElement).readOnly)).toBe(true);

    await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
    await dialog.getByRole('button', { name: exactName('Copy') }).click();
    await dialog.getByRole('button', { name: exactName('Copied!') }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(articleUrl);
    await page.clock.runFor(1_999);
    expect(await dialog.getByRole('button', { name: exactName('Copied!') }).count()).toBe(1);
    await page.clock.runFor(1);
    await dialog.getByRole('button', { name: exactName('Copy') }).waitFor();
    expect(await dialog.getByRole('button', { name: exactName('Copied!') }).count()).toBe(0);
  });

  it('Escape closes the dialog and focus returns to the Share on Social button', async () => {
    const { page } = await setup();
    const dialog = await openDialog(page);
    // Headless Chromium on Linux has no share sheet: 'More ways to share' is not offered.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    expect(await dialog.getByRole('button', { name: exactName('More ways to share') }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toMatch(/share on social/i);
  });

  it("on a phone with a share sheet, 'More ways to share' (after Copy) hands it the headline, summary and URL", async () => {
    const { context, page, net } = await setup(390);
    await defineShareSheet(context);
    const dialog = await openDialog(page);
    const more = dialog.getByRole('button', { name: exactName('More ways to share') });
    await dialog.getByRole('button', { name: exactName('Copy') }).focus();
    await page.keyboard.press('Tab');
    expect(await more.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const expected = { title: article.headline, text: article.summary, url: articleUrl };
    await expect.poll(() => page.evaluate(() => window.__shareSheet!.share)).toEqual([expected]);
    expect(await page.evaluate(() => window.__shareSheet!.canShare)).toContainEqual(expected);
    expect(await dialog.isVisible()).toBe(true);
    expect(net.external).toEqual([]);
  });
});

describe('share dialog Copy outside a secure context (legacy fallback)', () => {
  // A host name that is not loopback-by-name, mapped to 127.0.0.1: http there is not a secure context.
  const HOST = 'tabloid-insecure.test';
  const web = useBrowser({ args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
  let running: RunningApp;
  let slug: string;

  beforeAll(async () => {
    running = await startApp();
    const [a] = await insertArticles(running.database, running.app, [
      { headline: 'Legacy Clipboard Found Alive In Museum', category: 'Business' },
    ]);
    slug = a!.slug;
  });
  afterAll(async () => {
    await running?.close();
  });

  it("copies with the legacy command and shows 'Copied!'", async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context, { localHosts: [HOST] });
    const page = await context.newPage();
    // The page's clock is Playwright's fake, as above: 'Copied!' and its 2 s are checked without waiting.
    const start = new Date('2026-01-05T09:00:00Z');
    await page.clock.install({ time: start });
    const origin = `http://${HOST}:${running.port}`;
    await page.goto(`${origin}/article/${slug}`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
    await page.getByRole('button', { name: exactName('Share on Social') }).click();
    const dialog = page.getByRole('dialog', { name: /share this scandal/i });
    const url = await dialog.getByRole('textbox').inputValue();
    expect(url).toMatch(new RegExp(`/article/${slug}$`));
    // Record what the legacy command copies: the selected text of the focused or selected field.
    await page.evaluate(() => {
      const w = window as unknown as { __copied: { text: string; ok: boolean }[] };
      w.__copied = [];
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: unknown[]) => {
        const fields = [...document.querySelectorAll('textarea, input')] as (HTMLTextAreaElement | HTMLInputElement)[];
        const field = fields.find(
          (f) => f.selectionStart !== null && f.selectionEnd !== null && f.selectionEnd > f.selectionStart,
        );
        const text = field
          ? field.value.slice(field.selectionStart!, field.selectionEnd!)
          : String(document.getSelection());
        const ok = (original as (...a: unknown[]) => boolean)(command, ...rest);
        if (command === 'copy') w.__copied.push({ text, ok });
        return ok;
      };
    });
    await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
    await dialog.getByRole('button', { name: exactName('Copy') }).click();
    await dialog.getByRole('button', { name: exactName('Copied!') }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __copied: unknown[] }).__copied)).toEqual([
      { text: url, ok: true },
    ]);
    await page.clock.runFor(1_999);
    expect(await dialog.getByRole('button', { name: exactName('Copied!') }).count()).toBe(1);
    await page.clock.runFor(1);
    await dialog.getByRole('button', { name: exactName('Copy') }).waitFor();
    expect(net.external).toEqual([]);
  });
});
