import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticles } from '../../test-support/articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertArticles(t.database.db, [
    { headline: 'Minister caught napping', summary: 'Zzz in parliament.', published_at: daysAgo(1) },
    {
      headline: 'Quiet day at the office',
      summary: 'Nothing happened.',
      content: 'Deep in the body the word aardvark hides, <b>bold</b> & "quoted".',
      published_at: daysAgo(2),
    },
    { headline: 'Aardvark secret draft', summary: 'Aardvark aardvark.', content: 'aardvark', published_at: null },
    { headline: 'Aardvark in the headline', summary: 'An animal.', published_at: daysAgo(3) },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string, extra = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/News/search?q=${encodeURIComponent(q)}${extra}`, headers });

/** The headlines a query finds, best first (asserting a 200). */
const headlines = async (q: string): Promise<string[]> => {
  const res = await search(q);
  expect(res.statusCode).toBe(200);
  return res.json().results.map((r: { headline: string }) => r.headline);
};

describe('GET /News/search', () => {
  it('finds a word only in a body, ranks a headline hit first, never returns drafts', async () => {
    const res = await search('aardvark');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const headlines = body.results.map((r: { headline: string }) => r.headline);
    expect(headlines).toEqual(['Aardvark in the headline', 'Quiet day at the office']);
    expect(body.hasMore).toBe(false);
    expect(body.page).toBe(1);
    const bodyHit = body.results[1];
    expect(bodyHit.snippet).toContain('<mark>aardvark</mark>');
    // The article text is escaped: its own markup never reaches the snippet as markup.
    expect(bodyHit.snippet).not.toMatch(/<b>|<\/b>/);
    expect(bodyHit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    // The headline comes marked; the snippet is the summary's and body's, never the headline again: a story
    // found by its headline alone shows its summary unmarked (on both databases).
    expect(body.results[0].markedHeadline).toBe('<mark>Aardvark</mark> in the headline');
    expect(body.results[0].snippet).toMatch(/^An animal\./);
    expect(body.results[0].snippet).not.toMatch(/mark|headline/i);
    expect(bodyHit.markedHeadline).toBe('Quiet day at the office');
  });

  it('marks every matching word of the headline, stemmed, and escapes the rest', async () => {
    await insertArticles(t.database.db, [
      {
        headline: 'Kettles & <Spoons>: kettle boils twice',
        summary: 'A summary about kettles.',
        content: 'Nothing about it here.',
        published_at: daysAgo(4),
      },
    ]);
    t.app.newsCache.clear();
    const [hit] = (await search('kettle')).json().results;
    expect(hit.markedHeadline).toBe('<mark>Kettles</mark> &amp; &lt;Spoons&gt;: <mark>kettle</mark> boils twice');
    // The summary matches, so the snippet holds it, marked, and not the headline.
    expect(hit.snippet).toContain('summary about <mark>kettles</mark>.');
    expect(hit.snippet).not.toMatch(/Kettles|Spoons|boils/);
  });

  it('stems and ignores case', async () => {
    const body = (await search('NAPPING minister')).json();
    expect(body.results.map((r: { headline: string }) => r.headline)).toEqual(['Minister caught napping']);
  });

  it('sees an edit and a publication of a draft once the news cache is cleared (as every writer of the app does)', async () => {
    expect((await search('aardvark secret')).json().results).toEqual([]);
    await t.database.db
      .updateTable('articles')
      .set({ published_at: daysAgo(0.5) })
      .where('headline', '=', 'Aardvark secret draft')
      .execute();
    t.app.newsCache.clear();
    const body = (await search('aardvark secret')).json();
    expect(body.results.map((r: { headline: string }) => r.headline)).toEqual(['Aardvark secret draft']);
    await t.database.db
      .updateTable('articles')
      .set({ published_at: null })
      .where('headline', '=', 'Aardvark secret draft')
      .execute();
    t.app.newsCache.clear();
    expect((await search('aardvark secret')).json().results).toEqual([]);
  });

  const hostile = [
    '"',
    '"unbalanced quote',
    'aardvark AND (',
    'AND',
    'OR NOT NEAR',
    '*',
    'aard*',
    'headline:aardvark',
    '-aardvark',
    '^aardvark',
    "'; drop table articles; --",
    'aardvark) OR 1=1 --',
    '😀 aardvark 🦄',
    '\u0000aardvark',
    'a'.repeat(199),
    'NEAR(aardvark office, 2)',
    '{aardvark}',
    '\\',
    'ﬀ ﬁ',
  ];
  for (const q of hostile) {
    it(`answers 200 or a 400 problem for ${JSON.stringify(q.slice(0, 30))}`, async () => {
      const res = await search(q);
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400) expectProblem(res, 400);
      else expect(Array.isArray(res.json().results)).toBe(true);
    });
  }

  it('finds with English stop words and a possessive what the other words find, on both databases', async () => {
    await insertArticles(t.database.db, [
      // No 'the', 'of' and no possessive anywhere in its text.
      { headline: 'Walrus resigns', summary: 'Walrus quits.', content: 'Walrus gone.', published_at: daysAgo(5) },
      { headline: "The walrus's tusk", summary: 'A walrus story.', content: 'Tusks.', published_at: daysAgo(6) },
    ]);
    t.app.newsCache.clear();
    const both = ['Walrus resigns', "The walrus's tusk"];
    expect(await headlines('walrus')).toEqual(both);
    expect(await headlines("Walrus's")).toEqual(both);
    expect(await headlines('the walrus of')).toEqual(both);
    // The words themselves still count: a word that is not a stop word narrows the search.
    expect(await headlines("the walrus's tusk")).toEqual(["The walrus's tusk"]);
    // Only stop words: nothing to look for, so nothing found (not every story, not a 400).
    expect(await headlines('the of and')).toEqual([]);
  });

  it('reads phrases, or and a dash alike on both databases', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Grebe eats herring', summary: 'A grebe story.', content: 'Fish.', published_at: daysAgo(7) },
      { headline: 'Herring eats grebe', summary: 'A herring story.', content: 'Birds.', published_at: daysAgo(8) },
      { headline: 'Grebe naps', summary: 'A quiet grebe.', content: 'Sleep.', published_at: daysAgo(9) },
      { headline: 'Puffin sings', summary: 'A well-known puffin.', content: 'Song.', published_at: daysAgo(10) },
      {
        headline: 'Covid-19 cases fall',
        summary: 'Good news from the U.S.',
        content: 'Fewer.',
        published_at: daysAgo(11),
      },
    ]);
    t.app.newsCache.clear();
    const sorted = async (q: string) => (await headlines(q)).sort();
    expect(await sorted('grebe')).toEqual(['Grebe eats herring', 'Grebe naps', 'Herring eats grebe']);
    // A phrase: its words in that order.
    expect(await headlines('"grebe eats"')).toEqual(['Grebe eats herring']);
    // A dash leaves out; a phrase can be left out too.
    expect(await headlines('grebe -herring')).toEqual(['Grebe naps']);
    expect(await sorted('grebe -"grebe eats"')).toEqual(['Grebe naps', 'Herring eats grebe']);
    // or: either side, each side's words all required.
    expect(await sorted('grebe naps or puffin')).toEqual(['Grebe naps', 'Puffin sings']);
    // A hyphenated word is its words in order, not a word left out.
    expect(await headlines('well-known')).toEqual(['Puffin sings']);
    // Numbers and abbreviations are found as each database indexed them ('-19' and 'u.s' on PostgreSQL).
    expect(await headlines('covid-19')).toEqual(['Covid-19 cases fall']);
    expect(await headlines('U.S. covid')).toEqual(['Covid-19 cases fall']);
    // Nothing to find: only left out, or an or-side that only leaves out.
    expect(await headlines('-grebe')).toEqual([]);
    expect(await headlines('puffin or -grebe')).toEqual(['Puffin sings']);
  });

  it('finds with emoji and stray operators around the word', async () => {
    const emoji = (await search('😀 aardvark 🦄')).json();
    expect(emoji.results).toHaveLength(2);
    const star = (await search('aardvark*')).json();
    expect(star.results).toHaveLength(2);
  });

  it('answers 400 problems for empty, wordless, over-long queries and bad pages', async () => {
    for (const url of [
      '/News/search',
      '/News/search?q=',
      '/News/search?q=%22%20*%20(%20)',
      `/News/search?q=${'a'.repeat(10_000)}`,
      '/News/search?q=x&page=0',
      '/News/search?q=x&page=101',
      '/News/search?q=x&page=abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectProblem(res, 400);
    }
  });

  it('finds published articles ranked below many drafts, and answers a repeated query from its cache', async () => {
    // 150 drafts with the word in the headline outrank the published body-only hits.
    await insertArticles(t.database.db, [
      ...Array.from({ length: 150 }, (_, i) => ({ headline: `Platypus draft ${i}`, published_at: null })),
      ...Array.from({ length: 3 }, (_, i) => ({
        headline: `Plain story ${i}`,
        content: `A platypus appears in the body of story ${i}.`,
        published_at: daysAgo(1 + i),
      })),
    ]);
    t.app.newsCache.clear();
    const first = await search('platypus');
    expect(
      first
        .json()
        .results.map((r: { headline: string }) => r.headline)
        .sort(),
    ).toEqual(['Plain story 0', 'Plain story 1', 'Plain story 2']);
    const again = await search('platypus', '', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('pages by 10 with hasMore', async () => {
    await insertArticles(
      t.database.db,
      Array.from({ length: 12 }, (_, i) => ({ headline: `Wombat story ${i}`, published_at: daysAgo(4 + i) })),
    );
    const first = (await search('wombat')).json();
    expect(first.results).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = (await search('wombat', '&page=2')).json();
    expect(second.results).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    const ids = new Set([...first.results, ...second.results].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(12);
  });
});
