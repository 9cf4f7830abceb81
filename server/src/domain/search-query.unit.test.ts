import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { fts5Query, MAX_QUERY_TERMS, parseSearchQuery, websearchText } from './search-query.ts';

/** The query written for each engine, or undefined when it has nothing to find. */
const both = (q: string) => {
  const query = parseSearchQuery(q);
  return query && { fts5: fts5Query(query), websearch: websearchText(query) };
};

describe("a reader's search, read once for both databases", () => {
  it('requires every word, lowercased, leaving out stop words and a possessive', () => {
    // PostgreSQL gets each part as the reader wrote it, and leaves out the same stop words itself.
    expect(both('Walrus HERRING')).toEqual({
      fts5: '(("walrus" AND "herring"))',
      websearch: '"Walrus" "HERRING"',
    });
    expect(both("the Walrus's tusk")).toEqual({ fts5: '(("walrus" AND "tusk"))', websearch: '"Walrus\'s" "tusk"' });
  });

  it('keeps a phrase, and words joined by a hyphen or an apostrophe, in their order, stop words inside kept', () => {
    expect(both('"the prime minister of Britain"')).toEqual({
      fts5: '(("prime minister of britain"))',
      websearch: '"the prime minister of Britain"',
    });
    expect(both("well-known o'brien")).toEqual({
      fts5: '(("well known" AND "o brien"))',
      websearch: '"well-known" "o\'brien"',
    });
    // PostgreSQL's parser reads these its own way ('-19', 'u.s'), as it indexed them.
    expect(both('covid-19 U.S.')).toEqual({ fts5: '(("covid 19" AND "u"))', websearch: '"covid-19" "U.S."' });
    // An unclosed quote runs to the end.
    expect(both('walrus "eats herring')).toEqual({
      fts5: '(("walrus" AND "eats herring"))',
      websearch: '"walrus" "eats herring"',
    });
    // Control characters never reach PostgreSQL (NUL is not valid in its text).
    expect(both('walrus\u0000herring')).toEqual({
      fts5: '(("walrus herring"))',
      websearch: '"walrus herring"',
    });
  });

  it('reads or between groups and a dash as leaving out, as websearch_to_tsquery does', () => {
    expect(both('walrus -herring or narwhal tusk')).toEqual({
      fts5: '(("walrus") NOT "herring") OR (("narwhal" AND "tusk"))',
      websearch: '"walrus" -"herring" or "narwhal" "tusk"',
    });
    expect(both('-"eats herring" walrus')).toEqual({
      fts5: '(("walrus") NOT "eats herring")',
      websearch: '"walrus" -"eats herring"',
    });
    // A dash alone leaves out what follows; two dashes cancel; 'or' at either end, or twice, is nothing.
    expect(both('walrus - herring')).toEqual(both('walrus -herring'));
    expect(both('--walrus')).toEqual(both('walrus'));
    expect(both('or walrus or or narwhal or')).toEqual(both('walrus or narwhal'));
    // A stop word left out leaves nothing out.
    expect(both('walrus -the')).toEqual(both('walrus'));
  });

  it('finds nothing when no part has a word to find', () => {
    for (const q of ['the of and', '"the of"', '-walrus', '-walrus -herring', 'or', '***', "don't"]) {
      expect(parseSearchQuery(q), q).toBeUndefined();
    }
    // A group that only leaves out is dropped, the rest stays.
    expect(both('walrus or -herring')).toEqual(both('walrus'));
  });

  it(`searches at most ${MAX_QUERY_TERMS} words`, () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const query = parseSearchQuery(words.join(' '))!;
    expect(query.groups[0]!.include.map((p) => p.text)).toEqual(words.slice(0, MAX_QUERY_TERMS));
    // A phrase longer than the limit, or across it, is cut, and searched as its words on both databases.
    const long = both(`"${words.join(' ')}"`)!;
    expect(long.websearch).toBe(`"${words.slice(0, MAX_QUERY_TERMS).join(' ')}"`);
    expect(long.fts5).toBe(`(("${words.slice(0, MAX_QUERY_TERMS).join(' ')}"))`);
    const cut = both(`${words.slice(0, 14).join(' ')} "Prime-Minister of Britain"`)!;
    expect(cut.fts5.endsWith('AND "prime minister"))')).toBe(true);
    expect(cut.websearch.endsWith('"w13" "prime minister"')).toBe(true);
  });

  describe('FTS5 accepts every query it is given', () => {
    const db = new Database(':memory:');
    db.exec("create virtual table t using fts5(body, tokenize='porter unicode61 remove_diacritics 2')");
    db.prepare('insert into t (body) values (?)').run('The walrus eats herring in a well-known bay');
    afterAll(() => db.close());
    const hostile = [
      'walrus AND (',
      'OR NOT NEAR walrus',
      'NEAR(walrus herring, 2)',
      'body:walrus',
      '"walrus" "" -"" or "herring',
      '^walrus* {herring}',
      "'; drop table t; --",
      'walrus -herring or -walrus or well-known',
    ];
    for (const q of hostile) {
      it(JSON.stringify(q), () => {
        const query = parseSearchQuery(q);
        expect(query).toBeDefined();
        expect(() => db.prepare('select count(*) as n from t where t match ?').get(fts5Query(query!))).not.toThrow();
      });
    }
  });
});
