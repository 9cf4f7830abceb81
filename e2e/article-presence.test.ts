import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

// Editing presence (decision 047), in headless Chromium against the real app: two editors, each in their
// own browser, open the same article; the second is told, above the article and before editing, that the
// first has it open; the first closes the page, and the second's notice goes at the next heartbeat. All
// Articles names who has each article open, on that article's row.

const HEADLINE = 'Badger Sworn In As Parish Treasurer';
const OTHER = 'Heron Appointed Harbour Master';
const SAM = { username: 'sam.editor', name: 'Sam Editor', subject: 'editor-sam' };
const ALEX = { username: 'alex.writer', name: 'Alex Writer', subject: 'editor-alex' };

/** The notice's live region (the screen's only polite status while nothing is being saved). */
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'also editing this article' });

/** What the page does when the editor comes back to its tab: a heartbeat at once. */
const comeBack = (page: Page) =>
  page.evaluate(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

describe('who else has an article open', () => {
  let running: RunningApp;
  let id = 0;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
    const [row] = await insertArticles(running.database, running.app, [{ headline: HEADLINE }, { headline: OTHER }]);
    id = row!.id;
  });
  afterAll(async () => {
    await running?.close();
  });

  const rowsOf = async (subject: string) =>
    (
      await running.database.db
        .selectFrom('article_presence')
        .select('tab_id')
        .where('article_id', '=', id)
        .where('editor_subject', '=', subject)
        .execute()
    ).length;

  it('the second editor is told the first has it open, above the article; the notice goes once the first closes the page', async () => {
    const url = `${running.baseUrl}/admin/articles/${id}`;
    const sam = await (await web.newContext()).newPage();
    await openSignedIn(sam, running, url, SAM);
    await sam.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await expect.poll(() => rowsOf(SAM.subject)).toBe(1);
    expect(await notice(sam).count()).toBe(0);

    const alex = await (await web.newContext()).newPage();
    await openSignedIn(alex, running, url, ALEX);
    const headline = alex.getByRole('heading', { level: 1, name: HEADLINE });
    await headline.waitFor();
    await notice(alex).waitFor();
    expect(await notice(alex).innerText()).toMatch(
      /^Sam Editor is also editing this article \(opened \d\d:\d\d\)\. Changes you both save are checked against each other\.$/,
    );
    // Above the headline and the Edit button: read before editing starts.
    const noticeBox = (await notice(alex).boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual((await headline.boundingBox())!.y);
    expect(await axeViolations(alex)).toEqual([]);

    // Sam's next heartbeat names Alex (coming back to the tab sends it at once), in the edit form too.
    await sam.getByRole('button', { name: 'Edit', exact: true }).click();
    await sam.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    await comeBack(sam);
    await notice(sam).waitFor();
    expect(await notice(sam).innerText()).toMatch(/^Alex Writer is also editing this article \(opened \d\d:\d\d\)\./);

    // Sam closes the page: the tab says it left as the page goes (keepalive), and Alex's next heartbeat
    // has nobody else.
    await sam.getByRole('button', { name: 'Cancel' }).click();
    await sam.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await sam.close();
    await expect.poll(() => rowsOf(SAM.subject)).toBe(0);
    await expect
      .poll(
        async () => {
          await comeBack(alex);
          return notice(alex).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(0);
    expect(await alex.getByRole('status').filter({ hasText: 'also editing' }).count()).toBe(0);
    // Alex is still there, as far as the server knows.
    expect(await rowsOf(ALEX.subject)).toBe(1);
  });

  it("All Articles shows 'Sam Editor is editing' on the row of the article Sam has open, and on no other row", async () => {
    const sam = await (await web.newContext()).newPage();
    await openSignedIn(sam, running, `${running.baseUrl}/admin/articles/${id}`, SAM);
    await sam.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await expect.poll(() => rowsOf(SAM.subject)).toBe(1);

    const alex = await (await web.newContext()).newPage();
    await openSignedIn(alex, running, `${running.baseUrl}/admin/articles`, ALEX);
    const rowOf = (headline: string) =>
      alex.getByRole('listitem').filter({ has: alex.getByRole('link', { name: headline, exact: true }) });
    await rowOf(OTHER).waitFor();
    await rowOf(HEADLINE).getByText('Sam Editor is editing', { exact: true }).waitFor();
    expect(await alex.getByText(/is editing|are editing/).count()).toBe(1);
    const other = rowOf(OTHER);
    expect(await other.getByText(/editing/).count()).toBe(0);
    expect(await axeViolations(alex)).toEqual([]);
    await sam.close();
  });
});
