/**
 * What a reader's search means, read once for both databases (decision 021). The syntax is the one
 * PostgreSQL's `websearch_to_tsquery` reads, which search engines taught readers:
 *
 * - words are all required: `walrus herring`;
 * - a quoted phrase, or a word joined by hyphens or apostrophes (`well-known`, `o'brien`), is required as
 *   its words in that order: `"prime minister"`;
 * - `or` between two parts finds either: `walrus or narwhal herring` is walrus, or narwhal and herring;
 * - `-` before a word or a phrase leaves out the stories holding it: `walrus -herring`;
 * - English stop words ('the', 'of', the 's' of a possessive) are left out, as PostgreSQL's English
 *   configuration leaves them out of the index; inside a phrase they keep their place.
 *
 * A part of the query with nothing to find (only stop words, or only words left out: `-walrus`) finds
 * nothing, on either database. The parsed query is then written for each engine: FTS5's syntax for
 * SQLite, and the same syntax back for PostgreSQL, each part in the reader's own words.
 */

/** At most this many words of a query are searched; the rest are ignored. */
export const MAX_QUERY_TERMS = 16;

/** The words of a text: runs of letters, digits and combining marks, lowercased. */
function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/** The words of a query, at most MAX_QUERY_TERMS. */
export function queryTerms(q: string): string[] {
  return wordsOf(q).slice(0, MAX_QUERY_TERMS);
}

/**
 * The words PostgreSQL's English configuration leaves out of a query and a document (its `english.stop`,
 * Snowball's list). FTS5 indexes them and requires every word of a query: without this list, 'the
 * minister' on SQLite would miss a story without 'the', and "minister's" (the words minister and s) one
 * without a possessive anywhere, where PostgreSQL finds them.
 */
const STOP_WORDS = new Set(
  `
  i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own
  same so than too very s t can will just don should now
`
    .trim()
    .split(/\s+/),
);

/**
 * One part of a query: a word, or words that must follow each other. FTS5 gets its words; PostgreSQL its
 * text as the reader wrote it, which its parser reads itself ('covid-19' is covid and -19 there, 'U.S.'
 * one word), so a story is found as PostgreSQL indexed it.
 */
interface Phrase {
  words: string[];
  text: string;
}

/** Parts that must all be there, and parts that must not (one side of an `or`). */
interface Group {
  include: Phrase[];
  exclude: Phrase[];
}

/** A reader's query: any of its groups. */
export interface SearchQuery {
  groups: Group[];
}

/** The words without the stop words at their ends (those between keep the words' places). */
function trimStopWords(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && STOP_WORDS.has(words[start]!)) start++;
  while (end > start && STOP_WORDS.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

/** Control characters (NUL is not valid in a PostgreSQL text) and the snippets' private-use marks. */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u001f\u007f\uE000\uE001]/g;

/** The query's groups; undefined when it has nothing to find. */
export function parseSearchQuery(q: string): SearchQuery | undefined {
  const groups: Group[] = [];
  let group: Group = { include: [], exclude: [] };
  let words = 0;
  let negate = false;
  const add = (text: string) => {
    const all = trimStopWords(wordsOf(text));
    const room = MAX_QUERY_TERMS - words;
    // Past the word limit a part is cut, and then searched as its words on both databases.
    const kept = all.length <= room ? all : trimStopWords(all.slice(0, room));
    const phrase = { words: kept, text: kept === all ? text.replace(NOT_TEXT, ' ').trim() : kept.join(' ') };
    if (phrase.words.length) {
      (negate ? group.exclude : group.include).push(phrase);
      words += phrase.words.length;
    }
    negate = false;
  };
  const endGroup = () => {
    if (group.include.length) groups.push(group);
    group = { include: [], exclude: [] };
  };
  // A quoted phrase (to the next quote, or the end), or a run of anything but spaces and quotes.
  for (const [, quoted, chunk] of q.normalize('NFKC').matchAll(/"([^"]*)"?|([^\s"]+)/gu)) {
    if (quoted !== undefined) {
      add(quoted);
      continue;
    }
    const rest = chunk!.replace(/^-+/, (dashes) => {
      if (dashes.length % 2) negate = !negate;
      return '';
    });
    if (/^or$/i.test(rest) && rest === chunk) {
      if (group.include.length || group.exclude.length) endGroup();
      continue;
    }
    // Dashes alone leave out the next part ('walrus - herring'), as PostgreSQL reads them.
    if (wordsOf(rest).length) add(rest);
  }
  endGroup();
  return groups.length ? { groups } : undefined;
}

/** The query in FTS5's syntax: every word double-quoted, so nothing in it is FTS5 syntax of the reader's. */
export function fts5Query(query: SearchQuery): string {
  const phrase = (p: Phrase) => `"${p.words.join(' ')}"`;
  return query.groups
    .map((g) => `(${g.include.map(phrase).join(' AND ')})${g.exclude.map((p) => ` NOT ${phrase(p)}`).join('')}`)
    .map((g) => `(${g})`)
    .join(' OR ');
}

/**
 * The query as `websearch_to_tsquery` reads it: `"a" -"b c" or "d"`, each part the reader's own text
 * (`&` binds tighter than `or`).
 */
export function websearchText(query: SearchQuery): string {
  const phrase = (p: Phrase) => `"${p.text}"`;
  return query.groups
    .map((g) => [...g.include.map(phrase), ...g.exclude.map((p) => `-${phrase(p)}`)].join(' '))
    .join(' or ');
}
