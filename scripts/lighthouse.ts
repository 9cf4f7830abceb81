// `npm run lighthouse -- [BASE_URL=http://127.0.0.1:3000] [--runs N=1] [--path /article/slug ...]`:
// Lighthouse (mobile preset, default simulated throttling) on the home page and an article of a running
// server (the newest, or the pages given with --path), with Debian's chromium (CHROME_PATH, default
// /usr/bin/chromium). Prints performance, LCP, TBT and CLS per page.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    path: { type: 'string', multiple: true },
  },
});
const base = (positionals[0] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

async function articleUrl(): Promise<string> {
  const res = await fetch(`${base}/News?count=15`);
  if (!res.ok) throw new Error(`${base}/News answered ${res.status}: is the server running?`);
  const list = (await res.json()) as { breakingNews: Array<{ slug: string }>; allArticles: Array<{ slug: string }> };
  const first = list.allArticles[0] ?? list.breakingNews[0];
  if (!first) throw new Error('no published article to measure');
  return `${base}/article/${encodeURIComponent(first.slug)}`;
}

interface Figures {
  url: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    url,
    performance: lhr.categories.performance?.score ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const urls = [`${base}/`, ...(values.path?.length ? values.path.map((p) => `${base}${p}`) : [await articleUrl()])];
  const all: Figures[] = [];
  for (const url of urls) {
    for (let i = 0; i < Number(values.runs); i++) {
      const f = await measure(url, chrome.port);
      all.push(f);
      if (!values.json)
        console.log(
          `${f.url}: performance ${f.performance.toFixed(2)}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, ` +
            `TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}`,
        );
    }
  }
  if (values.json) console.log(JSON.stringify({ date: new Date().toISOString(), results: all }, null, 2));
} finally {
  await chrome.kill();
}
