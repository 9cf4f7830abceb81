import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { connectBothAccounts } from '../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { testImage } from '../server/src/test-support/test-images.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { insertArticles } from './support/articles.ts';
import { ACTION_TIMEOUT_MS, DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// Every admin screen, checked by axe-core (the accessibility engine of browser tools) in headless
// Chromium at 390 and 1280 px: any violation, of any impact, fails the test with its rule, its nodes
// and axe's own explanation.

const PHONE = { width: 390, height: 844 };

describe('admin accessibility (axe-core)', () => {
  let running: RunningApp;
  let x: FakeX;
  let fb: FakeFacebook;
  const web = useBrowser();
  const ids = { draft: 0, published: 0, scheduled: 0, trashed: 0, posted: 0, live: 0 };

  beforeAll(async () => {
    // The fake X and Facebook connected: the screens show posts, Post now, Delete post and share audit rows.
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({
      env: { ...EDITOR_ENV, ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
    });
    await connectBothAccounts({ config: running.config, database: running.database, x, fb });
    const day = 24 * 60 * 60 * 1000;
    const [draft, published, scheduled, trashed, posted, live] = await insertArticles(running.database, running.app, [
      { headline: 'Axe Draft About A Goose', published_at: null, comments: 'Check the goose.' },
      { headline: 'Axe Published About A Duck', editor_name: 'Pat Editor', share_to_x: 0, share_to_facebook: 0 },
      { headline: 'Axe Scheduled About A Swan', published_at: null },
      { headline: 'Axe Trashed About A Heron', published_at: null },
      { headline: 'Axe Posted About A Coot', published_at: null },
      { headline: 'Axe Live About A Gull', share_to_x: 0, share_to_facebook: 0 },
    ]);
    await running.database.db
      .updateTable('articles')
      .set({ publish_at: new Date(Date.now() + day).toISOString() })
      .where('id', '=', scheduled!.id)
      .execute();
    // The published one has a search and social title near its limit and a description: its screen
    // shows them, and its edit form opens with the section open and the count announced.
    await running.database.db
      .updateTable('articles')
      .set({
        meta_title: 'Duck found running the pond council: the full story of a feathered',
        meta_description: 'How a duck came to chair the pond council, and what the geese say.',
      })
      .where('id', '=', published!.id)
      .execute();
    await running.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString(), updated_by: 'Erin Editor' })
      .where('id', '=', trashed!.id)
      .execute();
    Object.assign(ids, {
      draft: draft!.id,
      published: published!.id,
      scheduled: scheduled!.id,
      trashed: trashed!.id,
      posted: posted!.id,
      live: live!.id,
    });
    // A little history and an audit trail to look at.
    const authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
    // Two pictures for the Pictures screen: one described, one not (shown by an article published before alt texts).
    for (const [width, alt] of [
      [640, 'A goose on the pond'],
      [800, ''],
    ] as const) {
      const form = new FormData();
      form.set(
        'file',
        new Blob([new Uint8Array(await testImage('jpeg', width, 480))], { type: 'image/jpeg' }),
        'p.jpg',
      );
      const res = await fetch(`${running.baseUrl}/api/admin/images`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      const { id, url } = (await res.json()) as { id: string; url: string };
      if (alt) {
        await fetch(`${running.baseUrl}/api/admin/images/${id}`, {
          method: 'PATCH',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ alt }),
        });
      } else {
        await insertArticles(running.database, running.app, [
          { headline: 'Axe Picture Of A Grebe', image_url: url, image_alt: '', share_to_x: 0, share_to_facebook: 0 },
        ]);
      }
    }
    await fetch(`${running.baseUrl}/api/admin/articles/${draft!.id}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json', 'if-match': '"1"' },
      body: JSON.stringify({ headline: 'Axe Draft About A Goose', category: 'Politics', summary: 'Edited once.' }),
    });
    await fetch(`${running.baseUrl}/api/admin/articles/${published!.id}/unpublish`, {
      method: 'POST',
      headers: { authorization },
    });
    await fetch(`${running.baseUrl}/api/admin/articles/${published!.id}/publish`, {
      method: 'POST',
      headers: { authorization },
    });
    // A live blog with two entries, one a key event.
    await fetch(`${running.baseUrl}/api/admin/articles/${live!.id}/live/start`, {
      method: 'POST',
      headers: { authorization },
    });
    for (const [text, keyEvent] of [
      ['The gull lands.', false],
      ['The gull takes the chips.', true],
    ] as const) {
      await fetch(`${running.baseUrl}/api/admin/articles/${live!.id}/live/entries`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        // The key event posted to X: the console shows its post under it.
        body: JSON.stringify({
          body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
          keyEvent,
          shareToX: keyEvent,
        }),
      });
    }
    // Published with sharing on (the defaults): both posts go out (share rows in the audit trail).
    await fetch(`${running.baseUrl}/api/admin/articles/${posted!.id}/publish`, {
      method: 'POST',
      headers: { authorization },
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await fetch(`${running.baseUrl}/api/admin/articles/${posted!.id}/shares`, {
        headers: { authorization },
      });
      const body = (await res.json()) as { shares: { state: string | null }[] };
      if (body.shares.every((s) => s.state === 'posted')) break;
      if (Date.now() > deadline) throw new Error(`the posts did not go out: ${JSON.stringify(body.shares)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  /** The admin screens and what to wait for on each (a screen is checked once it has loaded). */
  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    {
      name: 'dashboard',
      path: () => '/admin',
      // The grebe's picture, among others in use, has no description: the Pictures panel is checked too.
      ready: async (p) => {
        await p.getByText('Recent Articles').first().waitFor();
        await p.getByRole('link', { name: /^Describe (them|it)$/ }).waitFor();
      },
    },
    ...['all', 'published', 'unpublished', 'scheduled', 'trash'].map((status) => ({
      name: `list (${status})`,
      path: () => `/admin/articles?page=1&pageSize=20&status=${status}`,
      ready: (p: Page) => p.locator('.admin-row').first().waitFor(),
    })),
    {
      name: 'list (a category, searched)',
      path: () => '/admin/articles?page=1&pageSize=20&status=all&categoryId=1&search=axe',
      ready: (p) => p.locator('.admin-row').first().waitFor(),
    },
    {
      name: 'list, the author suggestions open',
      path: () => '/admin/articles?page=1&pageSize=20&status=all',
      ready: async (p) => {
        const author = p.getByRole('combobox', { name: 'Author', exact: true });
        await author.pressSequentially('an');
        await p.getByRole('listbox', { name: 'Author suggestions' }).getByRole('option').nth(1).waitFor();
        await author.press('ArrowDown');
        await p.locator('[role="option"][aria-selected="true"]').waitFor();
      },
    },
    {
      name: 'list filtered by an author, the tag suggestions open',
      path: () => '/admin/articles?page=1&pageSize=20&status=all',
      ready: async (p) => {
        const author = p.getByRole('combobox', { name: 'Author', exact: true });
        await author.pressSequentially('clive');
        await p
          .getByRole('listbox', { name: 'Author suggestions' })
          .getByRole('option', { name: 'Clive Outrage' })
          .waitFor();
        await author.press('ArrowDown');
        await author.press('Enter');
        await p.locator('.admin-filter-note').getByText('Clive Outrage').waitFor();
        await p.getByRole('button', { name: 'Clear the author filter' }).waitFor();
        const tag = p.getByRole('combobox', { name: 'Tag', exact: true });
        await tag.pressSequentially('m');
        await p.getByRole('listbox', { name: 'Tag suggestions' }).getByRole('option').first().waitFor();
        await tag.press('ArrowDown');
        await p.locator('[role="option"][aria-selected="true"]').waitFor();
      },
    },
    {
      name: 'list, rows selected with the bulk actions bar',
      path: () => '/admin/articles?page=1&pageSize=20&status=all&search=axe',
      ready: async (p) => {
        await p.getByRole('checkbox', { name: 'Select Axe Draft About A Goose' }).check();
        await p.getByRole('checkbox', { name: 'Select Axe Published About A Duck' }).check();
        await p.getByRole('group', { name: 'Bulk actions' }).getByText('2 selected').waitFor();
      },
    },
    {
      name: 'list, the bulk confirmation open',
      path: () => '/admin/articles?page=1&pageSize=20&status=all&search=axe',
      ready: async (p) => {
        await p.getByRole('checkbox', { name: 'Select all on this page' }).check();
        await p
          .getByRole('group', { name: 'Bulk actions' })
          .getByRole('button', { name: 'Publish', exact: true })
          .click();
        // Publishing the drafts, with the published ones left out (the dialog says so).
        await p
          .getByRole('alertdialog', { name: /^Publish \d+ articles?\?$/ })
          .getByText(/already published/)
          .waitFor();
      },
    },
    {
      name: 'trash, a row selected with the bulk actions bar',
      path: () => '/admin/articles?page=1&pageSize=20&status=trash',
      ready: async (p) => {
        await p.getByRole('checkbox', { name: 'Select Axe Trashed About A Heron' }).check();
        await p.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Restore' }).waitFor();
      },
    },
    {
      name: 'detail (draft) with its history open',
      path: () => `/admin/articles/${ids.draft}`,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Show history' }).click();
        await p
          .getByRole('button', { name: /^Show version \d+$/ })
          .first()
          .click();
        await p.locator('.admin-history__snapshot').waitFor();
      },
    },
    {
      name: 'detail (published, never shared)',
      path: () => `/admin/articles/${ids.published}`,
      ready: (p) => p.getByRole('button', { name: 'Post now to X' }).waitFor(),
    },
    {
      name: 'detail (published), a correction added, the add form and a remove confirm open',
      path: () => `/admin/articles/${ids.published}`,
      ready: async (p) => {
        const panel = p.getByRole('region', { name: 'Corrections' });
        await panel.getByRole('button', { name: 'Add a correction' }).click();
        await panel.getByRole('textbox', { name: /Correction/ }).fill('An earlier version named the wrong duck.');
        await panel.getByRole('button', { name: 'Add correction' }).click();
        await panel.getByRole('listitem').first().waitFor();
        await panel.getByRole('button', { name: 'Add a correction' }).click();
        // Sent empty: the field shows why.
        await panel.getByRole('button', { name: 'Add correction' }).click();
        await panel.getByRole('alert').waitFor();
        await panel
          .getByRole('listitem')
          .first()
          .getByRole('button', { name: /^Remove/ })
          .click();
        await panel.getByRole('group', { name: 'Remove this correction?' }).waitFor();
      },
    },
    {
      name: 'detail (published, posted to X and Facebook)',
      path: () => `/admin/articles/${ids.posted}`,
      ready: (p) => p.getByRole('button', { name: 'Delete post on X' }).waitFor(),
    },
    {
      name: 'detail (scheduled)',
      path: () => `/admin/articles/${ids.scheduled}`,
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Axe Scheduled About A Swan' }).waitFor(),
    },
    {
      name: 'detail (trashed)',
      path: () => `/admin/articles/${ids.trashed}`,
      ready: (p) => p.getByRole('heading', { name: 'This article was deleted' }).waitFor(),
    },
    {
      name: 'detail (live coverage running)',
      path: () => `/admin/articles/${ids.live}`,
      ready: (p) => p.getByRole('link', { name: 'Open live console' }).waitFor(),
    },
    {
      name: 'live console',
      path: () => `/admin/articles/${ids.live}/live`,
      ready: async (p) => {
        await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
        await p.getByText('The gull takes the chips.').waitFor();
        await p.getByRole('link', { name: 'View post on X' }).waitFor();
      },
    },
    {
      name: 'live console, an entry with its history open',
      path: () => `/admin/articles/${ids.live}/live`,
      ready: async (p) => {
        const first = p.getByRole('list', { name: 'Entries, newest first' }).locator(':scope > li').first();
        await first.getByRole('button', { name: /^History of the entry/ }).click();
        await first.getByRole('list', { name: 'Versions of the entry' }).waitFor();
      },
    },
    {
      name: 'live console, an entry in edit',
      path: () => `/admin/articles/${ids.live}/live`,
      ready: async (p) => {
        const first = p.getByRole('list', { name: 'Entries, newest first' }).locator(':scope > li').first();
        await first.getByRole('button', { name: /^Edit the entry of/ }).click();
        await p.getByRole('textbox', { name: 'Entry text' }).waitFor();
        await p.getByRole('checkbox', { name: 'Key event' }).nth(1).waitFor();
      },
    },
    {
      name: 'new article',
      path: () => '/admin/articles/new',
      // The body editor loads in its own chunk: its toolbar is part of the screen checked.
      ready: (p) => p.getByRole('toolbar', { name: 'Formatting' }).waitFor(),
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
      name: 'new article, picture dialog open',
      path: () => '/admin/articles/new',
      ready: async (p) => {
        await p.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Picture…' }).click();
        await p.getByRole('dialog', { name: 'Insert a picture' }).waitFor();
      },
    },
    {
      name: 'edit article',
      path: () => `/admin/articles/${ids.published}?edit=1`,
      ready: async (p) => {
        await p.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
        await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
      },
    },
    {
      name: 'edit article (draft), Search and social opened by keyboard',
      path: () => `/admin/articles/${ids.draft}?edit=1`,
      ready: async (p) => {
        await p.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
        await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
        const toggle = p.locator('summary', { hasText: 'Search and social' });
        await toggle.focus();
        await p.keyboard.press('Enter');
        await p.getByRole('region', { name: 'Search result preview' }).waitFor();
        await p.getByLabel('Search and social title').waitFor();
      },
    },
    {
      name: 'preview',
      path: () => `/admin/articles/${ids.draft}/preview`,
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Axe Draft About A Goose' }).waitFor(),
    },
    {
      name: 'audit',
      path: () => '/admin/audit',
      ready: (p) => p.getByRole('table').waitFor(),
    },
    {
      name: 'calendar',
      path: () => '/admin/calendar',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor(),
    },
    {
      name: 'authors',
      path: () => '/admin/authors',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Authors' }).waitFor(),
    },
    {
      name: 'tags',
      path: () => '/admin/tags',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Tags' }).waitFor(),
    },
    {
      name: 'pictures',
      path: () => '/admin/pictures',
      ready: async (p) => {
        await p.getByRole('heading', { level: 1, name: 'Pictures' }).waitFor();
        await p.getByText('A goose on the pond').waitFor();
        await p.getByText('No description').first().waitFor();
        // A refused upload's line, with the server's reason.
        await p
          .getByLabel('Upload a picture…')
          .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
        await p.getByText('Not uploaded: The file is not a JPEG, PNG, WebP or AVIF image.').waitFor();
      },
    },
    {
      name: 'pictures without a description, the edit dialog open with a refusal',
      path: () => '/admin/pictures?described=no',
      ready: async (p) => {
        await p
          .getByRole('button', { name: /^Edit the picture uploaded .+, no description$/ })
          .first()
          .click();
        const dialog = p.getByRole('dialog', { name: 'Edit the picture' });
        await dialog.getByRole('button', { name: /^Focal point of the picture/ }).waitFor();
        // Longer than the server takes: its message shows by the field.
        await dialog.getByLabel('Description (alt text)').fill('x'.repeat(1001));
        await dialog.getByRole('button', { name: 'Save picture' }).click();
        await dialog.locator('.admin-field-error').first().waitFor();
      },
    },
    {
      name: 'social',
      path: () => '/admin/social',
      ready: (p) => p.getByRole('tab', { name: 'Facebook' }).waitFor(),
    },
    {
      name: 'test publish',
      path: () => '/admin/social/test',
      ready: (p) =>
        p
          .getByTestId('publish-account')
          .getByText(/connect one on Social Auth|Posts to/)
          .waitFor(),
    },
  ];

  describe('at 390 and 1280 px', () => {
    // One signed-in page goes through the screens in order (a test per screen). Each screen is loaded
    // at one width and checked there, then checked at the other after a resize: the admin's layout is
    // CSS alone (no script of its reads the width), so a resized screen is the one a load at that width
    // gives. The width a screen is loaded at alternates, so both widths' first loads are checked too.
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      context = await web.browser.newContext({ viewport: PHONE });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await guardNetwork(context);
      page = await context.newPage();
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const [i, screen] of screens.entries()) {
      const widths = i % 2 === 0 ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
      it(`${screen.name}: no violation (loaded at ${widths[0]!.width} px)`, async () => {
        await page.setViewportSize(widths[0]!);
        await page.goto(`${running.baseUrl}${screen.path()}`);
        await screen.ready(page);
        // Loading states settle before the check.
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        const found: string[] = [];
        for (const size of widths) {
          await page.setViewportSize(size);
          expect(await page.evaluate(() => window.innerWidth)).toBe(size.width);
          found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px: ${v}`));
        }
        expect(found).toEqual([]);
      });
    }
  });

  it('the dialogs (delete, leave without saving, merge a tag, delete for good) have no axe violation', async () => {
    const context = await web.newContext(DESKTOP);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${ids.draft}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Summary').fill('Changed, not saved.');
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.goto(`${running.baseUrl}/admin/tags`);
    await page
      .getByRole('button', { name: /^Merge .+ into another tag$/ })
      .first()
      .click();
    const merge = page.getByRole('alertdialog', { name: /^Merge .+ into another tag$/ });
    await merge.getByRole('button', { name: 'Merge tags' }).click();
    // With the refusal shown (nothing chosen).
    await merge.getByRole('alert').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Delete for good, from a Trash row and from the bar (opened and cancelled: nothing is deleted).
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=trash`);
    await page.getByRole('button', { name: 'Delete for good Axe Trashed About A Heron', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete “Axe Trashed About A Heron” for good?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: 'Select Axe Trashed About A Heron' }).check();
    await page
      .getByRole('group', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Delete for good', exact: true })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete 1 article for good?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
