// Generates and inserts the benchmark's articles: realistic sizes, all six categories,
// ~5% breaking, ~10% drafts, published over the last two years. Deterministic (seeded PRNG),
// inserted through Kysely in batches of 500 rows, one transaction per batch.
import { CATEGORIES } from '../common/categories.ts';
import { slugify } from '../common/slug.ts';
import type { Db } from '../server/src/db/index.ts';
import type { NewArticleRow } from '../server/src/db/schema.ts';

export const BATCH_SIZE = 500;
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/** mulberry32: a small, fast, seeded PRNG so every run builds the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WHO = [
  'Prime Minister',
  'Tech Billionaire',
  'Premier League Striker',
  'Hedge Fund Boss',
  'Senator',
  'Royal Butler',
  'Celebrity Chef',
  'Council Leader',
  'Crypto Guru',
  'Reality TV Star',
  'Pop Idol',
  'Union Boss',
  'Lord Mayor',
  'Start-up Founder',
  'Weather Presenter',
];
const DID = [
  'Caught Feeding Secret Documents To',
  'Blames Heatwave On',
  'Launches Inquiry Into',
  'Sues',
  'Secretly Replaced By',
  'Declares War On',
  'Sells Naming Rights To',
  'Found Hiding Inside',
  'Demands Refund From',
  'Knighted For Services To',
  'Banned From',
  'Accidentally Elected Head Of',
];
const WHAT = [
  'Pet Goose',
  'Office Photocopier',
  'Village Fete',
  'Own Reflection',
  'Parliament Canteen',
  'Self-Driving Lawnmower',
  'Loch Ness Monster',
  'Motorway Service Station',
  'Seagull Union',
  'Smart Fridge',
  'Marmite Shortage',
  'Traffic Cone',
  'Pension Fund',
  'Rival Pub Quiz Team',
];
const WORDS = (
  'the a of and to in that is was for on with as by at from this it an be are were has have had not but or which their said insiders ' +
  'sources close claimed allegedly officials spokesperson refused comment leaked memo shocking scandal furious ' +
  'neighbours witnesses denied everything bizarre statement week council tax public money expenses inquiry ' +
  'committee minister chief executive board shares market investors fans stadium referee goal penalty tribunal ' +
  'cabinet reshuffle budget crisis emergency meeting late night blurry photographs exclusive revealed tonight'
).split(' ');
const AUTHORS = [
  'Gideon Spleen',
  'Marjorie Blunt',
  'Rex Tattle',
  'Priya Scoop',
  'Des Grubb',
  'Hattie Snoop',
  'Bo Gussett',
  'Fenella Fibb',
];
const SOURCES = [
  'Unnamed Insider',
  'Leaked WhatsApp',
  'Pub Landlord',
  'Anonymous Pigeon',
  'Freedom of Information',
  'A Bloke Called Dave',
];
const EDITORS = ['Night Desk', 'Sub-Editor Sid', 'Vera Redline', 'The Managing Editor'];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

function sentence(r: () => number, min: number, max: number): string {
  const n = min + Math.floor(r() * (max - min + 1));
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(pick(r, WORDS));
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

function paragraph(r: () => number): string {
  const n = 3 + Math.floor(r() * 4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(sentence(r, 10, 24));
  return out.join(' ');
}

/** One article row (index i makes the headline, and so the slug, unique). */
export function makeArticle(r: () => number, i: number, now: number): NewArticleRow {
  const headline = `${pick(r, WHO)} ${pick(r, DID)} ${pick(r, WHAT)} In Scandal No. ${i + 1}`;
  const paragraphs = 4 + Math.floor(r() * 4);
  const content: string[] = [];
  for (let p = 0; p < paragraphs; p++) content.push(paragraph(r));
  const created = now - Math.floor(r() * TWO_YEARS_MS);
  const draft = r() < 0.1;
  const category = CATEGORIES[i % CATEGORIES.length]!;
  return {
    headline,
    slug: slugify(headline),
    summary: `${sentence(r, 18, 30)} ${sentence(r, 8, 16)}`,
    content: content.join('\n\n'),
    author: pick(r, AUTHORS),
    category_id: category.id,
    source: pick(r, SOURCES),
    editor_name: pick(r, EDITORS),
    rating: Math.floor(r() * 11),
    comments: r() < 0.5 ? sentence(r, 6, 20) : '',
    image_url: r() < 0.6 ? `/images/bench/${(i % 24) + 1}.webp` : '',
    original_url: r() < 0.5 ? `https://example.com/original/${i + 1}` : '',
    is_breaking: r() < 0.05 ? 1 : 0,
    published_at: draft ? null : new Date(created + 3600_000).toISOString(),
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created + 3600_000).toISOString(),
  };
}

export interface SeedResult {
  inserted: number;
  ms: number;
}

/** Inserts `count` generated articles; `onProgress` is called after each batch with the running total. */
export async function seedBenchArticles(
  database: Db,
  count: number,
  onProgress?: (done: number) => void,
  seed = 20260101,
): Promise<SeedResult> {
  const r = prng(seed);
  const now = Date.now();
  const started = performance.now();
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH_SIZE, count - done);
    const rows: NewArticleRow[] = [];
    for (let k = 0; k < size; k++) rows.push(makeArticle(r, done + k, now));
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('articles').values(rows).execute();
    });
    done += size;
    onProgress?.(done);
  }
  return { inserted: done, ms: Math.round(performance.now() - started) };
}
