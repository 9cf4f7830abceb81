import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';

/** Debian's chromium (no browser download); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const RESULTS_DIR = path.resolve(import.meta.dirname, '../../test-results');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

/** Launches headless chromium; playwright gives each launch a fresh profile. `extraArgs` are appended to the flags. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/** How long a locator action or wait may take before the test fails (playwright's default is 30 s). */
export const ACTION_TIMEOUT_MS = 10_000;

export interface NewPageOptions extends Omit<BrowserContextOptions, 'viewport'> {
  width?: number;
  height?: number;
}

/** A page in its own fresh browser context (own cookies, storage, permissions) at the given size. */
export async function newPage(browser: Browser, opts: NewPageOptions = {}): Promise<Page> {
  const { width = DESKTOP.width, height = DESKTOP.height, ...contextOptions } = opts;
  const context = await browser.newContext({ viewport: { width, height }, ...contextOptions });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context.newPage();
}

function fileSafe(s: string): string {
  return (
    s
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120) || 'test'
  );
}

/** Saves a full-page screenshot of every open page of the given contexts under test-results/. */
export async function screenshotContexts(contexts: Iterable<BrowserContext>, name: string): Promise<string[]> {
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const saved: string[] = [];
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      n += 1;
      const file = path.join(RESULTS_DIR, `${fileSafe(name)}-${n}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
        saved.push(file);
      } catch {
        // A page that crashed or closed cannot be captured; the test's own error says why.
      }
    }
  }
  return saved;
}

export interface BrowserFixture {
  /** The browser of this test file (launched in beforeAll). */
  readonly browser: Browser;
  /** A page in a fresh context; closed after the test, screenshotted first if the test failed. */
  newPage(opts?: NewPageOptions): Promise<Page>;
  /** A fresh context (for tests that need several pages or context-level routes/permissions). */
  newContext(opts?: NewPageOptions): Promise<BrowserContext>;
}

/**
 * Registers the hooks of one browser per test file: launch in beforeAll, close in afterAll,
 * and after each test close the contexts it opened, saving screenshots under test-results/
 * first when the test failed. Call it at the top level of a test file (or a describe block).
 *
 *   const web = useBrowser();
 *   it('...', async () => { const page = await web.newPage({ width: 375, height: 740 }); ... });
 */
export function useBrowser(opts: { args?: readonly string[] } = {}): BrowserFixture {
  let browser: Browser | undefined;
  const open = new Set<BrowserContext>();

  beforeAll(async () => {
    browser = await launchBrowser(opts.args);
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterEach(async (ctx: TestContext) => {
    const task = ctx.task;
    if (task.result?.state === 'fail') {
      const file = path.basename(task.file?.name ?? 'e2e', '.test.ts');
      const saved = await screenshotContexts(open, `${file}-${task.name}`);
      if (saved.length) console.error(`screenshots of the failed test "${task.name}":\n  ${saved.join('\n  ')}`);
    }
    await Promise.all([...open].map((c) => c.close().catch(() => {})));
    open.clear();
  });

  const fixture: BrowserFixture = {
    get browser() {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (use it inside tests or hooks)');
      return browser;
    },
    async newContext(opts: NewPageOptions = {}) {
      const { width = DESKTOP.width, height = DESKTOP.height, ...contextOptions } = opts;
      const context = await fixture.browser.newContext({ viewport: { width, height }, ...contextOptions });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      open.add(context);
      context.on('close', () => open.delete(context));
      return context;
    },
    async newPage(opts: NewPageOptions = {}) {
      const context = await fixture.newContext(opts);
      return context.newPage();
    },
  };
  return fixture;
}
