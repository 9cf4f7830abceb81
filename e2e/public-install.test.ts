import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';

interface Loaded {
  manifest: { url: string; errors: unknown[]; data?: string };
  installability: string[];
  console: string[];
  violations: string[];
}

/** An address the page's policy refuses to fetch (connect-src 'self'): never asked for. */
const SENTINEL = 'https://csp-sentinel.invalid/';

/**
 * Opens the home page and has chromium fetch and parse its web app manifest as an install prompt
 * would (DevTools' Page.getAppManifest), keeping every console error or warning and every
 * Content-Security-Policy violation the page reported meanwhile.
 */
async function loadManifest(page: Page, url: string): Promise<Loaded> {
  const messages: string[] = [];
  page.on('console', (m) => {
    // Errors, and the warnings a manifest or an icon would cause (the telemetry client warns when unconfigured).
    if (m.type() === 'error' || (m.type() === 'warning' && /manifest|icon|security policy/i.test(m.text())))
      messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  // What keeps chromium from offering to install the site (a playwright context is always private).
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const installability = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  // A refused fetch is reported on the console and to the page a moment later. One refused on purpose
  // now (connect-src) is reported after whatever the manifest and its icons caused: once it is in,
  // so is everything before it.
  await page.evaluate(async (url) => {
    await fetch(url).catch(() => undefined);
  }, SENTINEL);
  await expect.poll(() => messages.some((m) => m.includes(SENTINEL))).toBe(true);
  await page.waitForFunction(
    (url) => (window as unknown as { violations: string[] }).violations.some((v) => v.includes(url)),
    SENTINEL,
  );
  const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  const notSentinel = (s: string) => !s.includes(SENTINEL);
  return {
    manifest,
    installability,
    console: messages.filter(notSentinel),
    violations: violations.filter(notSentinel),
  };
}

/** The natural size of each image, loaded as the page's own <img> would be (its CSP applies). */
async function imageSizes(page: Page, urls: string[]): Promise<Array<{ url: string; size: string }>> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (url) =>
            new Promise<{ url: string; size: string }>((resolve) => {
              const img = new Image();
              img.onload = () => resolve({ url, size: `${img.naturalWidth}x${img.naturalHeight}` });
              img.onerror = () => resolve({ url, size: 'failed' });
              img.src = url;
            }),
        ),
      ),
    urls,
  );
}

// Adding the site to a home screen: the manifest and the icons, in real chromium.
describe('the site on a home screen', () => {
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp({ seed: false });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('the home page links its manifest and icons; chromium loads them with no console or CSP error', async () => {
    const page = await web.newPage();
    const loaded = await loadManifest(page, `${running.baseUrl}/`);

    const head = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map(
        (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')} ${l.getAttribute('type') ?? ''}`.trim(),
      ),
    );
    expect(head).toEqual([
      'icon /favicon.ico',
      'icon /favicon.svg image/svg+xml',
      'apple-touch-icon /apple-touch-icon.png',
      'manifest /manifest.webmanifest',
    ]);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#D7000F');

    expect(loaded.manifest.url).toBe(`${running.baseUrl}/manifest.webmanifest`);
    expect(loaded.manifest.errors).toEqual([]);
    const manifest = JSON.parse(loaded.manifest.data ?? '{}') as {
      name: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.name).toBe(running.config.siteName);
    expect(loaded.installability).toEqual([]);
    expect(loaded.console).toEqual([]);
    expect(loaded.violations).toEqual([]);

    const sizes = await imageSizes(page, [
      ...manifest.icons.map((i) => i.src),
      '/apple-touch-icon.png',
      '/favicon.svg',
      '/favicon.ico',
    ]);
    expect(sizes.map((s) => s.size)).toEqual([
      ...manifest.icons.map((i) => i.sizes),
      '180x180',
      '32x32',
      expect.stringMatching(/^(32x32|48x48)$/),
    ]);
  });

  it('a policy that refused the manifest would be seen (the check can fail)', async () => {
    const page = await web.newPage();
    await page.route(`${running.baseUrl}/`, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      const policy = headers['content-security-policy'] ?? '';
      expect(policy).toContain("manifest-src 'self'");
      headers['content-security-policy'] = policy.replace("manifest-src 'self'", "manifest-src 'none'");
      await route.fulfill({ response, headers });
    });
    const loaded = await loadManifest(page, `${running.baseUrl}/`);
    expect([...loaded.console, ...loaded.violations].join('\n')).toMatch(/manifest/i);
    expect(loaded.installability).toContain('no-manifest');
  });

  it('the newsroom links no manifest (it is not what a reader installs)', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/admin`);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);
  });
});
