// `npm run lighthouse:reach -- [BASE_URL=http://127.0.0.1:3000] [--json]`: Lighthouse SEO and
// accessibility (mobile preset) on the pages readers dig with: a search results page, the search page
// without a query, an older-stories page (the home page's rel="next" link) and the corrections page
// (/corrections), with Debian's chromium
// (CHROME_PATH, default /usr/bin/chromium). Prints each category's score and any audit that failed.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean', default: false }, q: { type: 'string', default: 'minister' } },
});
const base = (positionals[0] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The home page's rel="next": page 2 of the older stories. */
async function archiveUrl(): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const href = /<link rel="next" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the home page links no older stories (seed more than 15 articles)');
  const url = new URL(href.replace(/&amp;/g, '&'));
  return `${base}${url.pathname}${url.search}`;
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const urls = [
    `${base}/search?q=${encodeURIComponent(values.q!)}`,
    `${base}/search`,
    await archiveUrl(),
    `${base}/corrections`,
  ];
  const results = [];
  for (const url of urls) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['seo', 'accessibility'],
      logLevel: 'error',
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const failed = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
      )
      .map((a) => a.id);
    const figures = { url, seo: lhr.categories.seo?.score, accessibility: lhr.categories.accessibility?.score, failed };
    results.push(figures);
    if (!values.json)
      console.log(
        `${url}: SEO ${figures.seo}, accessibility ${figures.accessibility}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
      );
  }
  if (values.json) console.log(JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
} finally {
  await chrome.kill();
}
