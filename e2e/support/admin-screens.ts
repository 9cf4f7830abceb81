import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeFacebook, type FakeFacebook } from '../../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../../server/src/fakes/x.ts';
import { connectBothAccounts } from '../../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../../server/src/test-support/test-app.ts';
import { testImage } from '../../server/src/test-support/test-images.ts';
import { startApp, type RunningApp } from './app.ts';
import { insertArticles } from './articles.ts';
import { EDITOR_ENV } from './sign-in.ts';

// The newsroom's screens and the data they show, written once for the sweeps that check each of
// them: axe-core in the light theme (admin-axe.test.ts, every screen) and in the dark one
// (admin-appearance.test.ts, the screens marked `dark`).

/** The articles the screens show. */
export interface ScreenIds {
  draft: number;
  published: number;
  scheduled: number;
  trashed: number;
  posted: number;
  live: number;
}

/** A screen and what to wait for on it: it is checked once it has loaded. */
export interface AdminScreen {
  name: string;
  path: (ids: ScreenIds) => string;
  ready: (page: Page) => Promise<unknown>;
  /**
   * Checked in the dark theme too. The dark sweep takes one screen of each kind (lists, an article's
   * screens, the forms and body editor, the live console, dialogs, a toast, the other pages): its
   * colours are the same tokens on every screen, and checking all of them at both widths (about 3 s a
   * screen) would double that file's time for no other finding.
   */
  dark?: true;
}

export interface AdminScreensApp {
  running: RunningApp;
  ids: ScreenIds;
  close(): Promise<void>;
}

/**
 * The app with the screens' data: the fake X and Facebook connected (the screens show posts, Post now,
 * Delete post and share audit rows), a draft with two earlier versions, a published article with a
 * search and social title near its limit, one scheduled, one in the Trash, one posted to both networks,
 * a live blog with two entries (a key event posted to X), a described picture and one without a
 * description used by an article, a note on the published article, and an audit trail.
 */
export async function startAdminScreensApp(): Promise<AdminScreensApp> {
  const x: FakeX = await startFakeX();
  const fb: FakeFacebook = await startFakeFacebook();
  const running = await startApp({
    env: { ...EDITOR_ENV, ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
  });
  const close = async () => {
    await running.close();
    await x.close();
    await fb.close();
  };
  try {
    return { running, ids: await seed(running, x, fb), close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function seed(running: RunningApp, x: FakeX, fb: FakeFacebook): Promise<ScreenIds> {
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
  const ids: ScreenIds = {
    draft: draft!.id,
    published: published!.id,
    scheduled: scheduled!.id,
    trashed: trashed!.id,
    posted: posted!.id,
    live: live!.id,
  };
  await running.database.db
    .updateTable('articles')
    .set({ publish_at: new Date(Date.now() + day).toISOString() })
    .where('id', '=', ids.scheduled)
    .execute();
  // The published one has a search and social title near its limit and a description: its screen
  // shows them, and its edit form opens with the section open and the count announced.
  await running.database.db
    .updateTable('articles')
    .set({
      meta_title: 'Duck found running the pond council: the full story of a feathered',
      meta_description: 'How a duck came to chair the pond council, and what the geese say.',
    })
    .where('id', '=', ids.published)
    .execute();
  await running.database.db
    .updateTable('articles')
    .set({ deleted_at: new Date().toISOString(), updated_by: 'Erin Editor' })
    .where('id', '=', ids.trashed)
    .execute();
  const authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${running.baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  // Two pictures for the Pictures screen: one described, one not (shown by an article published before alt texts).
  for (const [width, alt] of [
    [640, 'A goose on the pond'],
    [800, ''],
  ] as const) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await testImage('jpeg', width, 480))], { type: 'image/jpeg' }), 'p.jpg');
    const res = await fetch(`${running.baseUrl}/api/admin/images`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const { id, url } = (await res.json()) as { id: string; url: string };
    if (alt) await call('PATCH', `/api/admin/images/${id}`, { alt });
    else
      await insertArticles(running.database, running.app, [
        { headline: 'Axe Picture Of A Grebe', image_url: url, image_alt: '', share_to_x: 0, share_to_facebook: 0 },
      ]);
  }
  // Two edits of the draft: its history shows versions, and compares them word by word.
  for (const [version, headline, summary] of [
    [1, 'Axe Draft About A Gander', 'Edited once.'],
    [2, 'Axe Draft About A Goose', 'Edited twice.'],
  ] as const) {
    const res = await fetch(`${running.baseUrl}/api/admin/articles/${ids.draft}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json', 'if-match': `"${version}"` },
      body: JSON.stringify({ headline, category: 'Politics', summary }),
    });
    if (!res.ok) throw new Error(`the draft's edit ${version} was refused: ${res.status}`);
  }
  // A note on the published article: its screen shows a filled Notes panel, the Dashboard its Latest notes.
  const note = await call('POST', `/api/admin/articles/${ids.published}/notes`, {
    text: 'Check the duck’s quote with legal before 6pm.\nThe pond council has not confirmed the vote.',
  });
  if (!note.ok) throw new Error(`the note was refused: ${note.status}`);
  // An audit trail to look at.
  await call('POST', `/api/admin/articles/${ids.published}/unpublish`);
  await call('POST', `/api/admin/articles/${ids.published}/publish`);
  // A live blog with two entries, one a key event.
  await call('POST', `/api/admin/articles/${ids.live}/live/start`);
  for (const [text, keyEvent] of [
    ['The gull lands.', false],
    ['The gull takes the chips.', true],
  ] as const) {
    // The key event posted to X: the console shows its post under it.
    await call('POST', `/api/admin/articles/${ids.live}/live/entries`, {
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      keyEvent,
      shareToX: keyEvent,
    });
  }
  // Published with sharing on (the defaults): both posts go out (share rows in the audit trail).
  await call('POST', `/api/admin/articles/${ids.posted}/publish`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await call('GET', `/api/admin/articles/${ids.posted}/shares`);
    const body = (await res.json()) as { shares: { state: string | null }[] };
    if (body.shares.every((s) => s.state === 'posted')) break;
    if (Date.now() > deadline) throw new Error(`the posts did not go out: ${JSON.stringify(body.shares)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ids;
}

/** Every newsroom screen, in the order the sweeps go through them (a screen may change what a later one shows). */
export const ADMIN_SCREENS: AdminScreen[] = [
  {
    name: 'dashboard',
    path: () => '/admin',
    dark: true,
    // The grebe's picture, among others in use, has no description: the Pictures panel is checked too;
    // the duck's note fills Latest notes.
    ready: async (p) => {
      await p.getByText('Recent Articles').first().waitFor();
      await p.getByRole('link', { name: /^Describe (them|it)$/ }).waitFor();
      await p
        .getByRole('region', { name: 'Latest notes' })
        .getByRole('link', { name: 'Axe Published About A Duck' })
        .waitFor();
    },
  },
  ...['all', 'published', 'unpublished', 'scheduled', 'trash'].map((status): AdminScreen => ({
    name: `list (${status})`,
    path: () => `/admin/articles?page=1&pageSize=20&status=${status}`,
    ready: (p: Page) => p.locator('.admin-row').first().waitFor(),
    ...(status === 'trash' ? { dark: true as const } : {}),
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
      // The suggestions for 'an', not those for 'a' shown while they load: a highlight set on those
      // would go with them (it follows its name, and 'an' may not find it).
      const list = p.getByRole('listbox', { name: 'Author suggestions' });
      await expect
        .poll(async () => {
          const names = await list.getByRole('option').allInnerTexts();
          const busy = await list.getAttribute('aria-busy');
          return busy === 'false' && names.length > 1 && names.every((name) => /an/i.test(name));
        })
        .toBe(true);
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
    dark: true,
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
    path: (ids) => `/admin/articles/${ids.draft}`,
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
    name: 'detail (draft), two versions compared',
    path: (ids) => `/admin/articles/${ids.draft}`,
    dark: true,
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
    name: 'detail (published, never shared)',
    path: (ids) => `/admin/articles/${ids.published}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Post now to X' }).waitFor();
      await p
        .getByRole('region', { name: 'Notes (1)' })
        .getByText('Check the duck’s quote', { exact: false })
        .waitFor();
    },
  },
  {
    name: 'detail (published), a correction added, the add form and a remove confirm open',
    path: (ids) => `/admin/articles/${ids.published}`,
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
    path: (ids) => `/admin/articles/${ids.posted}`,
    ready: (p) => p.getByRole('button', { name: 'Delete post on X' }).waitFor(),
  },
  {
    name: 'detail (scheduled)',
    path: (ids) => `/admin/articles/${ids.scheduled}`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Axe Scheduled About A Swan' }).waitFor(),
  },
  {
    name: 'detail (trashed)',
    path: (ids) => `/admin/articles/${ids.trashed}`,
    dark: true,
    ready: (p) => p.getByRole('heading', { name: 'This article was deleted' }).waitFor(),
  },
  {
    name: 'detail (live coverage running)',
    path: (ids) => `/admin/articles/${ids.live}`,
    ready: (p) => p.getByRole('link', { name: 'Open live console' }).waitFor(),
  },
  {
    name: 'live console',
    path: (ids) => `/admin/articles/${ids.live}/live`,
    dark: true,
    ready: async (p) => {
      await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
      await p.getByText('The gull takes the chips.').waitFor();
      await p.getByRole('link', { name: 'View post on X' }).waitFor();
    },
  },
  {
    name: 'live console, an entry with its history open',
    path: (ids) => `/admin/articles/${ids.live}/live`,
    ready: async (p) => {
      const first = p.getByRole('list', { name: 'Entries, newest first' }).locator(':scope > li').first();
      await first.getByRole('button', { name: /^History of the entry/ }).click();
      await first.getByRole('list', { name: 'Versions of the entry' }).waitFor();
    },
  },
  {
    name: 'live console, an entry in edit',
    path: (ids) => `/admin/articles/${ids.live}/live`,
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
    dark: true,
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
    path: (ids) => `/admin/articles/${ids.published}?edit=1`,
    ready: async (p) => {
      await p.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
      await p.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    },
  },
  {
    name: 'edit article (draft), Search and social opened by keyboard',
    path: (ids) => `/admin/articles/${ids.draft}?edit=1`,
    dark: true,
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
    path: (ids) => `/admin/articles/${ids.draft}/preview`,
    dark: true,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Axe Draft About A Goose' }).waitFor(),
  },
  {
    name: 'audit',
    path: () => '/admin/audit',
    dark: true,
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
    dark: true,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Authors' }).waitFor(),
  },
  {
    name: 'tags',
    path: () => '/admin/tags',
    dark: true,
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
    dark: true,
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
    // After the screens that need a picture without a description: this one describes it.
    name: 'pictures, a description saved with its toast',
    path: () => '/admin/pictures?described=no',
    dark: true,
    ready: async (p) => {
      await p
        .getByRole('button', { name: /^Edit the picture/ })
        .first()
        .click();
      const dialog = p.getByRole('dialog', { name: 'Edit the picture' });
      await dialog.getByLabel('Description (alt text)').fill('A grebe at night');
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
    name: 'social',
    path: () => '/admin/social',
    dark: true,
    ready: (p) => p.getByRole('tab', { name: 'Facebook' }).waitFor(),
  },
  {
    name: 'test publish',
    path: () => '/admin/social/test',
    dark: true,
    ready: (p) =>
      p
        .getByTestId('publish-account')
        .getByText(/connect one on Social Auth|Posts to/)
        .waitFor(),
  },
  {
    name: 'not found',
    path: () => '/admin/no-such-screen',
    dark: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
  },
];
