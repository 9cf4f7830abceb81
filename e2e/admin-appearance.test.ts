import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { testImage } from '../server/src/test-support/test-images.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { insertArticles } from './support/articles.ts';
import { ACTION_TIMEOUT_MS, DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// The newsroom's appearance (docs/product.md, Appearance; decision 050): it follows the system's colour
// scheme, an editor's explicit choice wins and is in force from the first paint of the next page, and
// every main screen in the dark theme passes axe-core (colour contrast included).

const PHONE = { width: 390, height: 844 };

/** The page's computed background behind the newsroom, as [r, g, b]. */
async function newsroomBackground(page: Page): Promise<number[]> {
  const colour = await page.locator('.admin-app').evaluate((el) => getComputedStyle(el).backgroundColor);
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}
const isDark = (rgb: number[]) => rgb.length === 3 && rgb.every((c) => c < 60);
const isLight = (rgb: number[]) => rgb.length === 3 && rgb.every((c) => c > 200);

describe('newsroom appearance', () => {
  let running: RunningApp;
  const web = useBrowser();
  const ids = { draft: 0, published: 0, trashed: 0, live: 0 };

  beforeAll(async () => {
    running = await startApp({ env: { ...EDITOR_ENV } });
    const [draft, published, , trashed, live] = await insertArticles(running.database, running.app, [
      { headline: 'Dark Draft About A Mole', published_at: null, comments: 'Check the mole.' },
      { headline: 'Dark Published About A Bat', share_to_x: 0, share_to_facebook: 0 },
      { headline: 'Dark Scheduled About An Owl', published_at: null, publish_at: '2099-01-01T08:00:00.000Z' },
      { headline: 'Dark Trashed About A Badger', published_at: null },
      { headline: 'Dark Live About A Fox', share_to_x: 0, share_to_facebook: 0 },
    ]);
    await running.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString(), updated_by: 'Erin Editor' })
      .where('id', '=', trashed!.id)
      .execute();
    Object.assign(ids, { draft: draft!.id, published: published!.id, trashed: trashed!.id, live: live!.id });
    const authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
    // Two edits of the draft: its history compares them word by word.
    for (const [version, summary] of [
      [1, 'Edited at dusk.'],
      [2, 'Edited at night.'],
    ] as const) {
      await fetch(`${running.baseUrl}/api/admin/articles/${draft!.id}`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json', 'if-match': `"${version}"` },
        body: JSON.stringify({
          headline: version === 1 ? 'Dark Draft About A Vole' : 'Dark Draft About A Mole',
          category: 'Politics',
          summary,
        }),
      });
    }
    // A live blog with a key event.
    await fetch(`${running.baseUrl}/api/admin/articles/${live!.id}/live/start`, {
      method: 'POST',
      headers: { authorization },
    });
    await fetch(`${running.baseUrl}/api/admin/articles/${live!.id}/live/entries`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The fox is out.' }] }] },
        keyEvent: true,
      }),
    });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await testImage('jpeg', 640, 480))], { type: 'image/jpeg' }), 'p.jpg');
    await fetch(`${running.baseUrl}/api/admin/images`, { method: 'POST', headers: { authorization }, body: form });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('follows a dark system at once, and the chosen Light wins from the first paint of a reload', async () => {
    const context = await web.newContext({ ...DESKTOP, colorScheme: 'dark' });
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    expect(await page.evaluate(() => document.documentElement.dataset.adminTheme)).toBe('dark');
    expect(isDark(await newsroomBackground(page))).toBe(true);
    const appearance = page.getByRole('group', { name: 'Appearance' });
    await expect.poll(() => appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    // The operating system turns light while 'System' is chosen: the newsroom follows without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => isLight(await newsroomBackground(page))).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => isDark(await newsroomBackground(page))).toBe(true);

    // By keyboard: the chosen radio button, then the arrow keys.
    await appearance.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await expect.poll(async () => isLight(await newsroomBackground(page))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('tabloid.admin.appearance'))).toBe('light');

    // The served page sets the theme in its <head>, and the policy allows that one script (no error).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const html = await (await page.request.get(`${running.baseUrl}/admin/articles`)).text();
    expect(html).toMatch(/<head>[\s\S]*<script>[^<]*data-admin-theme[^<]*<\/script>[\s\S]*<\/head>/);
    // At DOMContentLoaded (before the newsroom's scripts have run), <html> already names the theme.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { themeAtLoad: unknown }).themeAtLoad = document.documentElement.dataset.adminTheme;
      });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad)).toBe('light');
    expect(isLight(await newsroomBackground(page))).toBe(true);
    await expect.poll(() => appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // Dark chosen, then a reload: dark at DOMContentLoaded even with a light system.
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad)).toBe('dark');
    expect(isDark(await newsroomBackground(page))).toBe(true);
  });

  it('a public page has no theme and keeps its white paper in a dark system', async () => {
    const page = await web.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await page.goto(`${running.baseUrl}/`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-admin-theme'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
  });

  /** The main screens, each checked once it has loaded. */
  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: 'dashboard', path: () => '/admin', ready: (p) => p.getByText('Recent Articles').first().waitFor() },
    {
      name: 'all articles, rows selected with the bulk bar',
      path: () => '/admin/articles?page=1&pageSize=20&status=all&search=dark',
      ready: async (p) => {
        await p.getByRole('checkbox', { name: 'Select Dark Draft About A Mole' }).check();
        await p.getByRole('group', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
      },
    },
    {
      name: 'trash',
      path: () => '/admin/articles?page=1&pageSize=20&status=trash',
      ready: (p) => p.locator('.admin-row').first().waitFor(),
    },
    {
      name: 'article with its history compared',
      path: () => `/admin/articles/${ids.draft}`,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Show history' }).click();
        await p
          .getByRole('button', { name: /^Show version \d+$/ })
          .first()
          .click();
        await p.locator('.admin-history__snapshot').waitFor();
        await p.getByRole('button', { name: 'Compare', exact: true }).click();
        await p.locator('.admin-diff ins').first().waitFor();
      },
    },
    {
      name: 'edit article, body editor and Search and social open',
      path: () => `/admin/articles/${ids.published}?edit=1`,
      ready: async (p) => {
        await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
        await p.locator('summary', { hasText: 'Search and social' }).click();
        await p.getByRole('region', { name: 'Search result preview' }).waitFor();
      },
    },
    {
      name: 'new article, link dialog open',
      path: () => '/admin/articles/new',
      ready: async (p) => {
        await p.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }).click();
        await p.getByRole('dialog', { name: 'Add a link' }).waitFor();
      },
    },
    {
      name: 'live console',
      path: () => `/admin/articles/${ids.live}/live`,
      ready: async (p) => {
        await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
        await p.getByText('The fox is out.').waitFor();
      },
    },
    {
      name: 'preview',
      path: () => `/admin/articles/${ids.draft}/preview`,
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Dark Draft About A Mole' }).waitFor(),
    },
    {
      name: 'trashed article',
      path: () => `/admin/articles/${ids.trashed}`,
      ready: (p) => p.getByRole('heading', { name: 'This article was deleted' }).waitFor(),
    },
    {
      name: 'pictures, the edit dialog open',
      path: () => '/admin/pictures',
      ready: async (p) => {
        await p
          .getByRole('button', { name: /^Edit the picture/ })
          .first()
          .click();
        await p
          .getByRole('dialog', { name: 'Edit the picture' })
          .getByRole('button', { name: /^Focal point/ })
          .waitFor();
      },
    },
    {
      name: 'pictures, a description saved with its toast',
      path: () => '/admin/pictures',
      ready: async (p) => {
        await p
          .getByRole('button', { name: /^Edit the picture/ })
          .first()
          .click();
        const dialog = p.getByRole('dialog', { name: 'Edit the picture' });
        await dialog.getByLabel('Description (alt text)').fill('A mole at night');
        await dialog.getByRole('button', { name: 'Save picture' }).click();
        await p.getByText('Picture saved').waitFor();
        await dialog.waitFor({ state: 'hidden' });
        // The toast has slid in (no longer fading): its colours are the ones read.
        await p.waitForFunction(() =>
          [...document.querySelectorAll('[data-sonner-toast]')].every(
            (t) => t.getAttribute('data-mounted') === 'true' && getComputedStyle(t).opacity === '1',
          ),
        );
      },
    },
    {
      name: 'authors',
      path: () => '/admin/authors',
      ready: (p) => p.getByRole('heading', { name: 'Authors' }).waitFor(),
    },
    { name: 'tags', path: () => '/admin/tags', ready: (p) => p.getByRole('heading', { name: 'Tags' }).waitFor() },
    { name: 'audit', path: () => '/admin/audit', ready: (p) => p.getByRole('table').waitFor() },
    { name: 'social', path: () => '/admin/social', ready: (p) => p.getByRole('tab', { name: 'Facebook' }).waitFor() },
    {
      name: 'test publish',
      path: () => '/admin/social/test',
      ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
    },
    {
      name: 'not found',
      path: () => '/admin/no-such-screen',
      ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
    },
  ];

  describe('in the dark theme, at 390 and 1280 px', () => {
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      context = await web.browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await guardNetwork(context);
      page = await context.newPage();
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const screen of screens) {
      it(`${screen.name}: no axe violation`, async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`${running.baseUrl}${screen.path()}`);
        await screen.ready(page);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        expect(isDark(await newsroomBackground(page))).toBe(true);
        const found: string[] = [];
        for (const size of [DESKTOP, PHONE]) {
          await page.setViewportSize(size);
          found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px: ${v}`));
        }
        expect(found).toEqual([]);
      });
    }

    it('the sign-in gate: no axe violation', async () => {
      const gate = await web.newPage({ ...DESKTOP, colorScheme: 'dark' });
      await gate.goto(`${running.baseUrl}/admin`);
      await gate
        .getByRole('button', { name: /sign in/i })
        .first()
        .waitFor();
      expect(isDark(await newsroomBackground(gate))).toBe(true);
      expect(await axeViolations(gate)).toEqual([]);
    });
  });
});
