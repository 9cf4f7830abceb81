import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAppInsightsCollector,
  type AppInsightsCollector,
  type Envelope,
} from '../server/src/fakes/appinsights-collector.ts';
import { RELOAD_STORAGE_KEY } from '../web/src/app/chunk-reload.ts';
import { NOT_CONFIGURED_WARNING } from '../web/src/lib/telemetry/constants.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import { articleHref, categoryLink, fetchNews } from './support/public-site.ts';

// Browser telemetry in real chromium, sent to a local stand-in for the ingestion endpoint
// (the connection string points at it), as docs/product.md describes.

const FLUSH_TIMEOUT_MS = 20_000;

/**
 * True once the collector has received the page view of the page's current address, or the SDK holds it
 * in its session-storage buffer of items not yet sent (which it sends as the page unloads). An item in its
 * buffer of sends under way is not enough: leaving the page would cut that send short. With `exception`,
 * the same for an exception reported on the page (a page whose app did not start sends no page view).
 */
async function pageViewTaken(page: Page, collector: AppInsightsCollector, exception = false): Promise<boolean> {
  const uri = page.url().split('#')[0]!;
  if (exception) {
    const route = new URL(uri).pathname;
    if (collector.ofType('ExceptionData').some((e) => (baseData(e).properties as { route?: string })?.route === route))
      return true;
  } else if (collector.ofType('PageviewData').some((e) => baseData(e).url === uri)) return true;
  const type = exception ? 'ExceptionData' : 'PageviewData';
  return page.evaluate(
    ([href, baseType]) => {
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i) ?? '';
        if (!/AI_[Bb]uffer/.test(key)) continue;
        let items: unknown;
        try {
          items = JSON.parse(sessionStorage.getItem(key) ?? '[]');
        } catch {
          continue;
        }
        if (!Array.isArray(items)) continue;
        for (const item of items) {
          // Items are the serialized envelopes, or (newer SDKs) objects holding one in `item`.
          const payload: unknown = typeof item === 'string' ? item : (item as { item?: unknown } | null)?.item;
          if (typeof payload !== 'string' || !payload.includes(baseType!)) continue;
          const envelope = JSON.parse(payload) as {
            data?: { baseData?: { url?: string; properties?: { route?: string } } };
          };
          const data = envelope.data?.baseData;
          if (baseType === 'PageviewData' ? data?.url === href : data?.properties?.route === new URL(href!).pathname)
            return true;
        }
      }
      return false;
    },
    [uri, type],
  );
}

/**
 * How many items the SDK has in its buffer of sends under way (session storage, AI_sentBuffer): a send
 * it started (its batch timer, 15 s) that has not been answered yet. Leaving the page cuts such a send
 * short, and the unload flush sends only the buffer of items not yet sent.
 */
function sendsUnderWay(page: Page): Promise<number> {
  return page.evaluate(() => {
    let count = 0;
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (!/AI_[Ss]entBuffer/.test(key)) continue;
      try {
        const items: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
        if (Array.isArray(items)) count += items.length;
      } catch {
        // Not the SDK's.
      }
    }
    return count;
  });
}

/**
 * The SDK sends a page's items when it unloads (fetch keepalive); close the page the way a reader leaves it,
 * once the page view of the last route change (taken 500 ms after it) is in the SDK's buffer and no send
 * of its is under way (the items of a batch sent a moment ago would be lost with it). Without a collector
 * (no SDK on the page) the page is closed at once.
 */
async function leave(page: Page, collector?: AppInsightsCollector, exception = false): Promise<void> {
  if (collector)
    await expect
      .poll(async () => (await pageViewTaken(page, collector, exception)) && (await sendsUnderWay(page)) === 0, {
        timeout: FLUSH_TIMEOUT_MS,
      })
      .toBe(true);
  // Away first, in a live page: the SDK's unload handlers have run (and handed their last batch to
  // the browser) once the next document has loaded; closing at once could end the page before them.
  await page.goto('about:blank');
  await page.close({ runBeforeUnload: true });
}

function pathOf(uri: unknown): string {
  return new URL(String(uri)).pathname;
}

function baseData(e: Envelope): Record<string, unknown> {
  return e.data.baseData ?? {};
}

/**
 * The SDK's session id of a browser context (cookie ai_session, "id|acquired|renewed"), once the SDK
 * is up. Every item a page sends carries it (tag ai.session.id): the items of one test's page, not
 * the late ones of an earlier test's page, which its unload flush may deliver after clear().
 */
async function sessionIdOf(context: BrowserContext): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => (id = (await context.cookies()).find((c) => c.name === 'ai_session')?.value.split('|')[0] ?? ''),
      { timeout: FLUSH_TIMEOUT_MS },
    )
    .not.toBe('');
  return id;
}

/** The full URL of a dependency (custom property `url`). */
function urlOf(d: Record<string, unknown>): string {
  return String((d.properties as Record<string, string> | undefined)?.url ?? '');
}

describe('browser telemetry with a connection string', () => {
  let collector: AppInsightsCollector;
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    collector = await startAppInsightsCollector();
    running = await startApp({ env: { APPLICATIONINSIGHTS_CONNECTION_STRING: collector.connectionString } });
  });
  afterAll(async () => {
    await running?.close();
    await collector?.close();
  });

  it('allows exactly the ingestion origin in connect-src', async () => {
    const res = await fetch(`${running.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src '));
    expect(connect).toBe(`connect-src 'self' ${collector.baseUrl}`);
  });

  it('sends one page view per route change and a dependency for GET /News with its status code', async () => {
    collector.clear();
    const politics =
      (await fetchNews(running.baseUrl, 'Politics')).allArticles[0] ??
      (await fetchNews(running.baseUrl, 'Politics')).breakingNews[0];
    expect(politics, 'the demo content has a Politics article').toBeDefined();

    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/`);
    await page.locator('a[href^="/article/"]').first().waitFor();
    const session = await sessionIdOf(context);
    const ours = (baseType: string) => collector.ofType(baseType).filter((e) => e.tags?.['ai.session.id'] === session);

    // client-side route changes, by clicking links
    await categoryLink(page, 'Politics').click();
    await page.waitForURL(`${running.baseUrl}/politics`);
    // the category page itself, not the home page still on screen while the new route renders
    // (the article is on both: clicking it there would skip the category page)
    await page.getByRole('heading', { level: 1, name: 'Politics', exact: true }).waitFor();
    const card = page.locator(`a[href="${articleHref(politics!)}"]`).first();
    await card.click();
    await page.waitForURL(`${running.baseUrl}${articleHref(politics!)}`);
    await page.getByRole('heading', { name: politics!.headline }).first().waitFor();
    const sdkScripts = net.scripts().filter((u) => /\/sdk-[^/]+\.js$/.test(u));
    await leave(page, collector);

    const expected = ['/', '/politics', articleHref(politics!)];
    const newsCalls = () => ours('RemoteDependencyData').map(baseData).map(urlOf);
    // everything the page sent has arrived (the SDK sends in several batches; the last at unload)
    await expect
      .poll(() => ours('PageviewData').map((e) => pathOf(baseData(e).url)), { timeout: FLUSH_TIMEOUT_MS })
      .toEqual(expect.arrayContaining(expected));
    await expect
      .poll(newsCalls, { timeout: FLUSH_TIMEOUT_MS })
      .toEqual(
        expect.arrayContaining([
          `${running.baseUrl}/News?category=Politics&count=15`,
          `${running.baseUrl}${articleHref(politics!).replace('/article/', '/News/slug/')}`,
        ]),
      );
    // exactly one page view per route change, in order, with the page's title as name
    const views = ours('PageviewData');
    expect(views.map((e) => pathOf(baseData(e).url))).toEqual(expected);
    expect(String(baseData(views[2]!).name)).toContain(politics!.headline);
    for (const e of collector.envelopes) expect(e.iKey).toBe(collector.instrumentationKey);

    const deps = ours('RemoteDependencyData').map(baseData);
    const politicsList = deps.find(
      (d) => d.name === 'GET /News' && urlOf(d) === `${running.baseUrl}/News?category=Politics&count=15`,
    );
    expect(politicsList, JSON.stringify(deps, null, 2)).toMatchObject({
      resultCode: '200',
      success: true,
      type: 'Fetch',
      target: new URL(running.baseUrl).host,
    });
    expect(String(politicsList!.duration)).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(deps.some((d) => String(d.name).startsWith('GET /News/slug/') && d.resultCode === '200')).toBe(true);
    // the SDK's own fetch tracking is off: nothing else is reported as a dependency (no config call, no duplicates)
    expect(deps.every((d) => String(d.name).startsWith('GET /News'))).toBe(true);
    expect(deps.filter((d) => urlOf(d).endsWith('/News?category=Politics&count=15'))).toHaveLength(1);
    // the home list arrived inside the server-rendered page: the browser never fetched it
    expect(deps.filter((d) => urlOf(d).endsWith('/News?count=15'))).toHaveLength(0);

    // nothing left the machine (no CDN configuration fetch), and the SDK came as its own, non-admin chunk
    expect(net.external).toEqual([]);
    expect(sdkScripts).toHaveLength(1);
    const admin = adminChunks(running.config.webDistDir);
    expect(admin.has(fileOf(sdkScripts[0]!))).toBe(false);
    expect(
      net
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)),
    ).toEqual([]);
  });

  it('logs an ArticleLoadError event (and a failed dependency) when the news list cannot be loaded', async () => {
    collector.clear();
    const context = await web.newContext();
    await guardNetwork(context);
    let asked = 0;
    await context.route(
      (url) => url.pathname === '/News',
      (route) => {
        asked += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Internal Server Error',
            status: 500,
            detail: 'test failure',
          }),
        });
      },
    );
    const page = await context.newPage();
    // The home page arrives rendered with its list; moving to a category makes the browser fetch one.
    await page.goto(`${running.baseUrl}/`);
    const session = await sessionIdOf(context);
    const ours = (baseType: string) => collector.ofType(baseType).filter((e) => e.tags?.['ai.session.id'] === session);
    // the list is retried (3 times, 1 s doubling) before it counts as failed and the page shows empty lists;
    // the page's clock is moved on past each wait rather than waited out
    await page.clock.install();
    await categoryLink(page, 'Politics').click();
    const empty = page.getByText('No articles found in the Politics category.');
    for (let n = 1; n <= 4 && !(await empty.isVisible()); n++) {
      await expect.poll(() => asked).toBeGreaterThanOrEqual(n);
      await page.clock.fastForward(4_000);
    }
    await empty.waitFor();
    await leave(page, collector);

    // the first try and its 3 retries are 4 failed calls; the event comes after the last one
    await expect
      .poll(
        () =>
          ours('RemoteDependencyData')
            .map(baseData)
            .filter((d) => d.name === 'GET /News').length,
        { timeout: FLUSH_TIMEOUT_MS },
      )
      .toBe(4);
    await expect
      .poll(() => ours('EventData').map((e) => baseData(e).name), { timeout: FLUSH_TIMEOUT_MS })
      .toContain('ArticleLoadError');
    const events = ours('EventData').filter((e) => baseData(e).name === 'ArticleLoadError');
    expect(events).toHaveLength(1);
    expect((baseData(events[0]!).properties as Record<string, string>).message).toBe('Failed to fetch news page');
    const failed = ours('RemoteDependencyData')
      .map(baseData)
      .filter((d) => d.name === 'GET /News');
    expect(failed).toHaveLength(4);
    for (const d of failed) expect(d).toMatchObject({ resultCode: '500', success: false });
  });

  it('reports the error page of a page whose code will not load as an exception with its path', async () => {
    collector.clear();
    const politics = (await fetchNews(running.baseUrl, 'Politics')).allArticles[0];
    expect(politics, 'the demo content has a Politics article').toBeDefined();
    const context = await web.newContext();
    await guardNetwork(context);
    // the article page's chunk fails, and this address was reloaded for it a moment ago: the error page shows
    await context.route(
      (url) => /^\/assets\/article-[A-Za-z0-9_-]{8}\.js$/.test(url.pathname),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const href = `${running.baseUrl}${articleHref(politics!)}`;
    await page.evaluate(
      ([key, value]) => sessionStorage.setItem(key!, value!),
      [RELOAD_STORAGE_KEY, JSON.stringify({ href, at: Date.now() })],
    );
    await page
      .locator(`a[href="${articleHref(politics!)}"]`)
      .first()
      .click();
    await page.waitForURL(href);
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    const session = await sessionIdOf(context);
    await leave(page, collector);

    const exceptions = () => collector.ofType('ExceptionData').filter((e) => e.tags?.['ai.session.id'] === session);
    await expect.poll(() => exceptions().length, { timeout: FLUSH_TIMEOUT_MS }).toBe(1);
    const data = baseData(exceptions()[0]!);
    expect(data.properties).toMatchObject({ route: articleHref(politics!), kind: 'chunk' });
    expect(data.exceptions).toEqual([
      expect.objectContaining({ typeName: 'TypeError', message: expect.stringContaining('dynamically imported') }),
    ]);
  });

  it('a story opened afresh whose page code will not load stays readable and is reported once, with its path', async () => {
    collector.clear();
    const politics = (await fetchNews(running.baseUrl, 'Politics')).allArticles[0];
    expect(politics, 'the demo content has a Politics article').toBeDefined();
    const context = await web.newContext();
    await guardNetwork(context);
    // The article page's chunk fails on a full page load: the app never starts.
    let aborted = 0;
    await context.route(
      (url) => /^\/assets\/article-[A-Za-z0-9_-]{8}\.js$/.test(url.pathname),
      (route) => {
        aborted += 1;
        return route.abort();
      },
    );
    const page = await context.newPage();
    const href = `${running.baseUrl}${articleHref(politics!)}?utm_source=x#comments`;
    expect((await page.goto(href))?.status()).toBe(200);
    // The server's page stays as it was, readable; it is neither hydrated nor reloaded.
    await page.getByRole('heading', { level: 1, name: politics!.headline }).waitFor();
    const session = await sessionIdOf(context);
    expect(aborted).toBeGreaterThan(0);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    expect(page.url()).toBe(href);
    await leave(page, collector, true);

    const exceptions = () => collector.ofType('ExceptionData').filter((e) => e.tags?.['ai.session.id'] === session);
    await expect.poll(() => exceptions().length, { timeout: FLUSH_TIMEOUT_MS }).toBe(1);
    const data = baseData(exceptions()[0]!);
    // The path only: no query, no fragment.
    expect(data.properties).toEqual(expect.objectContaining({ route: articleHref(politics!), kind: 'chunk' }));
    expect(data.exceptions).toEqual([
      expect.objectContaining({ typeName: 'TypeError', message: expect.stringContaining('dynamically imported') }),
    ]);
  });
});

describe('browser telemetry without a connection string', () => {
  let collector: AppInsightsCollector;
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    collector = await startAppInsightsCollector();
    running = await startApp({ env: { APPLICATIONINSIGHTS_CONNECTION_STRING: '' } });
  });
  afterAll(async () => {
    await running?.close();
    await collector?.close();
  });

  it('sends nothing, loads no SDK, keeps connect-src to self and warns exactly once', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const res = await page.goto(`${running.baseUrl}/`);
    expect(res?.headers()['content-security-policy']).toContain("connect-src 'self';");
    await page.locator('a[href^="/article/"]').first().waitFor();
    await expect.poll(() => warnings.filter((w) => w === NOT_CONFIGURED_WARNING).length).toBe(1);

    // more route changes and news calls: still one warning, still nothing sent
    await categoryLink(page, 'Sport').click();
    await page.waitForURL(`${running.baseUrl}/sport`);
    await categoryLink(page, 'Business').click();
    await page.waitForURL(`${running.baseUrl}/business`);
    // No SDK, so no buffer to wait for: a pending page view is taken when the page hides, i.e. now.
    await leave(page);

    expect(warnings.filter((w) => w === NOT_CONFIGURED_WARNING)).toHaveLength(1);
    expect(net.requests.filter((u) => u.includes('/api/config/appinsights'))).toHaveLength(1);
    expect(net.scripts().filter((u) => /\/sdk-[^/]+\.js$/.test(u))).toEqual([]);
    expect(net.requests.filter((u) => /\/v2(\.1)?\/track/.test(u))).toEqual([]);
    expect(net.external).toEqual([]);
    expect(collector.requests).toEqual([]);
  });
});
