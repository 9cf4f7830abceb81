import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminArticle } from '../common/admin-contract.ts';
import type { BodyDoc } from '../common/body/types.ts';
import type { AdminLiveEntry } from '../common/live-contract.ts';
import { slugify } from '../common/slug.ts';
import { DEMO_ARTICLES, demoPictureAlt } from '../server/src/seed/demo-articles.ts';
import { adminRequest } from './support/admin-request.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { EDITOR } from './support/sign-in.ts';
import { exactName, fetchNews } from './support/public-site.ts';

// Printing a public page (docs/product.md, Public article page and Home and category listing): what a
// reader gets from Print or Save as PDF, read from the page with print media emulated, and the PDF
// Chromium makes of it. The screen is unchanged once the page is back on screen media.

const web = useBrowser();
let running: RunningApp;
const authorization = () => running.bearer({ sub: '1', name: 'Print Desk', preferred_username: EDITOR.username });
const api = <T>(method: string, path: string, payload?: unknown) =>
  adminRequest<T>(running.baseUrl, authorization, method, path, payload);

/** The demo's lead story: a picture, a rich body (subheadings, a picture, a list, a pull quote, a link, an X post). */
const LEAD = DEMO_ARTICLES[0]!;
const LEAD_SLUG = slugify(LEAD.headline);
const TRANSCRIPT_URL = 'https://associated-pressure.example.org/politics/reshuffle-musical-chairs';
const CORRECTION = 'An earlier version of this article said there were five chairs left; there were four.';
/** An address with no place to break a line. */
const LONG_URL = `https://minutes.example.org/${'0123456789'.repeat(8)}`;
const AGENDA_URL = 'https://council.example.org/agendas/pond-vote/a-very-long-address-that-has-to-wrap-somewhere';

/** Pages in a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** The text the page puts after an element (its ::after `content`), as the browser computed it. */
const afterContent = (el: Locator) => el.evaluate((e) => getComputedStyle(e, '::after').content);

/** Whether every line box of an element (its ::after's text included) ends within the main column. */
const fitsMain = (el: Locator) =>
  el.evaluate((e) => {
    const main = document.querySelector('main')!.getBoundingClientRect();
    return [...e.getClientRects()].every((r) => r.right <= main.right + 1);
  });

/** The chrome of every public page, as a reader finds it. */
function chrome(page: Page) {
  return {
    nav: page.getByRole('navigation', { name: 'Main' }),
    search: page.getByRole('banner').getByRole('searchbox', { name: 'Search stories' }),
    admin: page.getByRole('banner').getByRole('link', { name: 'ADMIN' }),
    strip: page.getByRole('region', { name: 'Breaking news' }),
    footerLinks: page.getByRole('contentinfo').getByRole('list'),
  };
}

async function visible(locators: Record<string, Locator>): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const [name, l] of Object.entries(locators)) out[name] = await l.first().isVisible();
  return out;
}

const all = (names: Record<string, unknown>, value: boolean) =>
  Object.fromEntries(Object.keys(names).map((k) => [k, value]));

describe('printing a public page', () => {
  beforeAll(async () => {
    running = await startApp();
    const lead = await running.database.db
      .selectFrom('articles')
      .select('id')
      .where('slug', '=', LEAD_SLUG)
      .executeTakeFirstOrThrow();
    await api('POST', `/api/admin/articles/${lead.id}/corrections`, { text: CORRECTION });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('a story prints its masthead, headline, byline, picture, body and corrections, without the chrome; the screen is unchanged', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/article/${LEAD_SLUG}`);
    const headline = page.getByRole('heading', { level: 1, name: exactName(LEAD.headline) });
    await headline.waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

    const story = {
      masthead: page.getByRole('banner').getByRole('link', { name: exactName(running.config.siteName) }),
      headline,
      standfirst: page.getByText(LEAD.summary, { exact: true }),
      byline: page.getByRole('link', { name: 'Clive Outrage' }),
      picture: page.getByRole('img', { name: demoPictureAlt(LEAD.imageUrl) }),
      body: page.getByText(LEAD.paragraphs[0]!, { exact: true }),
      subheading: page.getByRole('heading', { level: 2, name: 'How it started' }),
      bodyPicture: page.getByText('The four remaining chairs, photographed during a rare moment of silence.'),
      list: page.getByText('Chairs: down from twenty-two to four.', { exact: true }),
      pullQuote: page.locator('.pull-quote'),
      corrections: page.getByRole('region', { name: 'Corrections' }).getByText(CORRECTION),
      source: page.getByText('Source: Associated Pressure', { exact: true }),
      satire: page.getByRole('contentinfo').getByText(/Every story on this site is satire/),
    };
    const left = {
      ...chrome(page),
      share: page.getByRole('button', { name: 'Share on Social' }),
      email: page.getByRole('button', { name: 'Email This Scandal' }),
      related: page.getByRole('heading', { name: 'MORE QUESTIONABLE JOURNALISM' }),
      tags: page.getByRole('navigation', { name: 'Tags' }),
      allCorrections: page.getByRole('link', { name: 'All corrections' }),
    };
    // On screen, everything is there.
    expect(await visible({ ...story, ...left })).toEqual(all({ ...story, ...left }, true));

    await page.emulateMedia({ media: 'print' });
    expect(await visible(story)).toEqual(all(story, true));
    expect(await visible(left)).toEqual(all(left, false));
    // Nothing to press on paper.
    expect(await page.locator('button:visible, input:visible, [role="button"]:visible').count()).toBe(0);

    // Black on white: no red masthead, the headline and labels in black, no solid label blocks.
    const looks = await page.evaluate(() => {
      const style = (el: Element | null) => (el ? getComputedStyle(el) : undefined);
      const badge = [...document.querySelectorAll('main span')].find((e) => e.textContent === 'EXCLUSIVE') ?? null;
      const body = style(document.querySelector('.article-body p'));
      return {
        masthead: style(document.querySelector('header > div'))?.backgroundColor,
        headline: style(document.querySelector('h1'))?.color,
        badge: [style(badge)?.backgroundColor, style(badge)?.color],
        bodyFont: body?.fontFamily.split(',')[0],
        bodyPt: Math.round(((parseFloat(body?.fontSize ?? '0') * 72) / 96) * 2) / 2,
        heroBreak: style(document.querySelector('main article figure'))?.breakInside,
      };
    });
    expect(looks).toEqual({
      masthead: 'rgba(0, 0, 0, 0)',
      headline: 'rgb(0, 0, 0)',
      badge: ['rgba(0, 0, 0, 0)', 'rgb(0, 0, 0)'],
      bodyFont: '"Source Serif 4"',
      bodyPt: 11.5,
      heroBreak: 'avoid',
    });
    // The picture across the page's width.
    const widths = await story.picture.first().evaluate((img) => ({
      picture: img.getBoundingClientRect().width,
      main: document.querySelector('main')!.getBoundingClientRect().width,
    }));
    expect(widths.picture).toBeCloseTo(widths.main, 0);

    // A link to another site prints its address after it; a link within the site does not.
    const transcript = page.getByRole('link', { name: 'Read the full transcript' });
    expect(await transcript.getAttribute('href')).toBe(TRANSCRIPT_URL);
    expect(await afterContent(transcript)).toBe(`" (${TRANSCRIPT_URL})"`);
    expect(await afterContent(page.getByRole('link', { name: /View on X/ }))).toBe(
      '" (https://x.com/dailysmear/status/1000000000000000001)"',
    );
    expect(await afterContent(story.byline)).toBe('none');

    // The PDF Chromium makes of it: a few pages, not a dozen.
    const pages = pdfPageCount(await page.pdf({ format: 'A4' }));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(4);

    // Back on screen: as before.
    await page.emulateMedia({ media: 'screen' });
    expect(await visible({ ...story, ...left })).toEqual(all({ ...story, ...left }, true));
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('header > div')!).backgroundColor)).toBe(
      'rgb(215, 0, 15)',
    );
    expect(await afterContent(transcript)).toBe('none');
  });

  it('a live story prints its entries as listed, newest first, with the key events and the addresses of their links', async () => {
    const created = await api<AdminArticle>('POST', '/api/admin/articles', {
      headline: 'Council Debates Pond Plan Live',
      content: 'The council meets to decide whether potholes become ponds.',
      category: 'Politics',
      author: 'Live Desk',
    });
    await api('POST', `/api/admin/articles/${created.id}/publish`);
    const live = await api<AdminArticle>('POST', `/api/admin/articles/${created.id}/live/start`);
    const texts = ['The doors open; the public gallery is full.', 'A councillor arrives in waders.'];
    const linked: BodyDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The vote passes. ' },
            { type: 'text', text: 'Read the agenda', marks: [{ type: 'link', attrs: { href: AGENDA_URL } }] },
          ],
        },
      ],
    };
    const paragraph = (t: string): BodyDoc => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
    });
    await api<AdminLiveEntry>('POST', `/api/admin/articles/${live.id}/live/entries`, { body: paragraph(texts[0]!) });
    await api<AdminLiveEntry>('POST', `/api/admin/articles/${live.id}/live/entries`, {
      body: paragraph(texts[1]!),
      keyEvent: true,
    });
    await api<AdminLiveEntry>('POST', `/api/admin/articles/${live.id}/live/entries`, { body: linked });

    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/article/${live.slug}`);
    await page.getByRole('heading', { level: 2, name: 'Live updates' }).waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    const entries = page.getByRole('list', { name: 'Updates, newest first' }).getByRole('listitem');
    const onScreen = await entries.allInnerTexts();
    expect(onScreen).toHaveLength(3);

    await page.emulateMedia({ media: 'print' });
    const printed = await entries.evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => (e as HTMLElement).innerText),
    );
    expect(printed).toEqual(onScreen);
    expect(printed.map((t) => t.split('\n').pop())).toEqual(['The vote passes. Read the agenda', texts[1], texts[0]]);
    expect(await page.getByRole('navigation', { name: 'Key events' }).isVisible()).toBe(true);
    expect(await page.getByTestId('live-status').isVisible()).toBe(true);
    expect(await visible(chrome(page))).toEqual(all(chrome(page), false));

    const agenda = page.getByRole('link', { name: 'Read the agenda' });
    expect(await afterContent(agenda)).toBe(`" (${AGENDA_URL})"`);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(pdfPageCount(pdf)).toBeLessThanOrEqual(2);
  });

  it('a long address breaks within the width of the page instead of running off it', async () => {
    const body: BodyDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The minutes are online: ' },
            { type: 'text', text: 'the minutes', marks: [{ type: 'link', attrs: { href: LONG_URL } }] },
            { type: 'text', text: '.' },
          ],
        },
      ],
    };
    const [row] = await insertArticles(running.database, running.app, [
      { headline: 'Council Minutes Run To Nine Hundred Pages', body: JSON.stringify(body) },
    ]);
    const page = await web.newPage({ width: 360, height: 800 });
    await page.goto(`${running.baseUrl}/article/${row!.slug}`);
    const link = page.getByRole('link', { name: 'the minutes' });
    await link.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await afterContent(link)).toBe(`" (${LONG_URL})"`);
    expect(await fitsMain(link)).toBe(true);
  });

  it('the home page prints as a list of headlines: no pictures, banner, strip, pagers or footer links; the screen is unchanged', async () => {
    const news = await fetchNews(running.baseUrl);
    const first = news.breakingNews[0]!;
    const lastListed = news.allArticles[news.allArticles.length - 1]!;
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    const firstHeadline = page.getByRole('heading', { level: 2, name: exactName(first.headline) });
    await firstHeadline.waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

    const kept = {
      masthead: page.getByRole('banner').getByRole('link', { name: exactName(running.config.siteName) }),
      firstHeadline,
      lastHeadline: page.getByRole('link', { name: exactName(lastListed.headline) }),
      moreTrash: page.getByRole('heading', { name: 'MORE TRASH' }),
      satire: page.getByRole('contentinfo').getByText(/Every story on this site is satire/),
    };
    const left = {
      ...chrome(page),
      banner: page.locator('.breaking-banner'),
      pictures: page.getByRole('main').getByRole('img'),
      older: page.getByRole('link', { name: 'Older stories' }),
    };
    expect(await visible({ ...kept, ...left })).toEqual(all({ ...kept, ...left }, true));

    await page.emulateMedia({ media: 'print' });
    expect(await visible(kept)).toEqual(all(kept, true));
    expect(await visible(left)).toEqual(all(left, false));
    expect(await page.locator('main img:visible').count()).toBe(0);
    // One column: every card starts at the left edge of the page.
    const lefts = await page
      .locator('main article')
      .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(1);
    const pages = pdfPageCount(await page.pdf({ format: 'A4' }));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(8);

    await page.emulateMedia({ media: 'screen' });
    expect(await visible({ ...kept, ...left })).toEqual(all({ ...kept, ...left }, true));
  });
});
