// `npm run bench:body`: what a rich body costs the server to render. Two published articles of
// 5,000 words each: one plain (paragraphs, as bodies were before the rich format), one rich (20
// pictures with captions and credits, subheadings, lists, quotes, links). For each, the median and
// p95 time of
//   1. the one renderer alone (common/body/render.ts: stored JSON text parsed, HTML written), and
//   2. the whole article page as the server renders it (dist/ssr, React's renderToString, with the
//      article's public JSON as its data),
// over `--runs` renders after a warm-up. Needs the front end built (`npm run build:web`).
// Prints the machine's load average: figures from a loaded machine are not comparable.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { legacyTextToBody } from '../common/body/legacy.ts';
import { renderBodyHtml } from '../common/body/render.ts';
import { parseStoredBody } from '../common/body/stored.ts';
import { bodyPlainText, bodyWordCount } from '../common/body/text.ts';
import type { BodyBlock, BodyDoc } from '../common/body/types.ts';
import { validateBody } from '../common/body/validate.ts';
import { loadSsrBundle } from '../server/src/rendering/ssr-bundle.ts';
import type { PublicArticle } from '../common/news-contract.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '300' }, 'web-dist': { type: 'string', default: 'dist/web' } },
});
const RUNS = Number(values.runs);
const WORDS = [
  'minister',
  'chair',
  'biscuit',
  'reshuffle',
  'music',
  'lawyer',
  'the',
  'a',
  'of',
  'and',
  'nobody',
  'sits',
];

/** `n` words of text, deterministic. */
function words(n: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(i * 7 + seed * 13) % WORDS.length]!);
  return `${out.join(' ')}.`;
}

function plainBody(): BodyDoc {
  const paragraphs: string[] = [];
  for (let i = 0; i < 60; i++) paragraphs.push(words(5000 / 60, i));
  return legacyTextToBody(paragraphs.join('\n\n'));
}

function richBody(): BodyDoc {
  const content: BodyBlock[] = [];
  for (let i = 0; i < 20; i++) {
    content.push({ type: 'heading', attrs: { level: i % 2 ? 3 : 2 }, content: [{ type: 'text', text: words(5, i) }] });
    content.push({
      type: 'paragraph',
      content: [
        { type: 'text', text: words(100, i) },
        { type: 'text', text: words(10, i + 1), marks: [{ type: 'bold' }] },
        {
          type: 'text',
          text: words(10, i + 2),
          marks: [{ type: 'link', attrs: { href: `https://example.com/${i}` } }],
        },
        { type: 'text', text: words(60, i + 3) },
      ],
    });
    content.push({
      type: 'image',
      attrs: {
        imageId: (i + 1).toString(16).padStart(32, 'a'),
        alt: words(8, i),
        caption: words(15, i),
        credit: 'Picture Desk',
      },
    });
    content.push({
      type: 'bulletList',
      content: [0, 1, 2].map((j) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: words(8, i + j) }] }],
      })),
    });
    content.push({
      type: 'blockquote',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: words(20, i) }] }],
    });
    content.push({ type: 'paragraph', content: [{ type: 'text', text: words(10, i + 5) }] });
  }
  return { type: 'doc', content };
}

function article(id: number, slug: string, body: BodyDoc): { stored: string; json: PublicArticle } {
  const stored = JSON.stringify(body);
  return {
    stored,
    json: {
      id,
      slug,
      headline: `Bench ${slug}`,
      summary: 'A benchmark article.',
      content: bodyPlainText(body),
      bodyHtml: renderBodyHtml(body),
      author: 'Bench',
      category: 'Politics',
      source: 'Bench',
      imageUrl: null,
      imageAlt: '',
      imageCaption: '',
      imageCredit: '',
      imageFocalX: 0.5,
      imageFocalY: 0.5,
      originalUrl: null,
      publishedAt: '2026-11-27T12:00:00.000Z',
      modifiedAt: null,
      isBreaking: false,
    },
  };
}

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

async function time(fn: () => unknown | Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < Math.min(50, RUNS); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

const ssr = await loadSsrBundle(path.resolve(values['web-dist']!));
if (!ssr) {
  console.error('build the front end first: npm run build:web');
  process.exit(1);
}
const cases = [
  ['plain (60 paragraphs)', article(1, 'plain', plainBody())],
  ['rich (20 pictures, headings, lists, quotes, links)', article(2, 'rich', richBody())],
] as const;

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
console.log('| article | words | body JSON | body HTML | renderer median / p95 | page SSR median / p95 |');
console.log('|---|---|---|---|---|---|');
for (const [name, a] of cases) {
  const body = parseStoredBody(a.stored, '');
  if (!validateBody(body).ok) throw new Error(`${name}: the bench body is not valid`);
  const renderer = await time(() => renderBodyHtml(parseStoredBody(a.stored, '')));
  const page = await time(() =>
    ssr.render({
      url: `/article/${a.json.slug}`,
      origin: 'http://localhost:3000',
      now: Date.now(),
      appConfig: { siteName: 'The Daily Smear' },
      data: { news: async () => ({ breakingNews: [], allArticles: [] }), article: async () => a.json },
    }),
  );
  const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KB`;
  console.log(
    `| ${name} | ${bodyWordCount(body)} | ${kb(a.stored)} | ${kb(a.json.bodyHtml!)} | ${renderer.median.toFixed(2)} / ${renderer.p95.toFixed(2)} ms | ${page.median.toFixed(2)} / ${page.p95.toFixed(2)} ms |`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
