import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A strict checker of the published feed rules, for tests: it answers every broken rule, not just
 * whether a parser copes. XML documents must be well-formed and hold only characters XML 1.0
 * allows; then
 * - RSS 2.0 (rssboard.org/rss-specification): `rss version="2.0"` with one `channel`; the channel's
 *   title, link and description; only the elements the specification lists (or elements of a declared
 *   namespace); each item a title or a description; absolute URLs; `author` an e-mail address;
 *   `guid` with `isPermaLink` true or false (true: a URL); `enclosure` with url, a whole-number
 *   length and a type; RFC 822 dates.
 * - Atom 1.0 (RFC 4287): the Atom namespace; a feed's id, title and updated exactly once, an author
 *   for the feed or for every entry, a self link; each entry's id, title and updated exactly once, a
 *   content or an alternate link; `category` with `term`; links with `href`; text constructs of type
 *   text, html or xhtml; RFC 3339 dates; entry ids unique.
 * - JSON Feed 1.1 (jsonfeed.org/version/1.1): the version URL, title, home_page_url and feed_url,
 *   items with a non-empty unique string id and content_html or content_text, RFC 3339 dates,
 *   `authors` objects with a name, url or avatar (not the 1.0 `author`), string tags, attachments with
 *   url and mime_type.
 * Returns the broken rules, [] when there are none.
 */

const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CHAR_REF = /&#(x[0-9a-fA-F]+|[0-9]+);/g;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RFC822 =
  /^((Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{2}|\d{4}) \d{2}:\d{2}(:\d{2})? (UT|GMT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|[A-IK-Z]|[+-]\d{4})$/;
const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+( \([^()]*\))?$/;
const ATOM_NS = 'http://www.w3.org/2005/Atom';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  textNodeName: '#text',
  alwaysCreateTextNode: true,
});

function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  if (NOT_XML_CHAR.test(xml)) problems.push('the document holds a character XML 1.0 forbids');
  for (const m of xml.matchAll(CHAR_REF)) {
    const code = m[1]!.startsWith('x') ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10);
    const ok =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!ok) problems.push(`character reference ${m[0]} is not an XML character`);
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) problems.push(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return problems;
}

const children = (node: Node | undefined, name: string): Node[] => (node?.[name] as Node[] | undefined) ?? [];
const text = (node: Node | undefined): string => String(node?.['#text'] ?? '');
const attr = (node: Node | undefined, name: string): string | undefined => node?.[`@${name}`] as string | undefined;
const elementNames = (node: Node) => Object.keys(node).filter((k) => !k.startsWith('@') && k !== '#text');

function isAbsoluteUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
function isAbsoluteIri(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);
}

const RSS_CHANNEL = new Set([
  'title',
  'link',
  'description',
  'language',
  'copyright',
  'managingEditor',
  'webMaster',
  'pubDate',
  'lastBuildDate',
  'category',
  'generator',
  'docs',
  'cloud',
  'ttl',
  'image',
  'rating',
  'textInput',
  'skipHours',
  'skipDays',
  'item',
]);
const RSS_ITEM = new Set([
  'title',
  'link',
  'description',
  'author',
  'category',
  'comments',
  'enclosure',
  'guid',
  'pubDate',
  'source',
]);

function declaredPrefixes(root: Node): Set<string> {
  return new Set(
    Object.keys(root)
      .filter((k) => k.startsWith('@xmlns:'))
      .map((k) => k.slice('@xmlns:'.length)),
  );
}

function checkKnownElements(node: Node, known: Set<string>, prefixes: Set<string>, where: string, out: string[]) {
  for (const name of elementNames(node)) {
    const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : undefined;
    if (prefix !== undefined) {
      if (!prefixes.has(prefix)) out.push(`${where}: <${name}> uses an undeclared namespace prefix`);
    } else if (!known.has(name)) out.push(`${where}: <${name}> is not an RSS 2.0 element`);
  }
}

function rfc822Date(value: string, where: string, out: string[]) {
  if (!RFC822.test(value) || Number.isNaN(Date.parse(value))) out.push(`${where}: '${value}' is not an RFC 822 date`);
}

export function checkRss(xml: string): string[] {
  const out = xmlProblems(xml);
  if (out.length) return out;
  const doc = parser.parse(xml) as Node;
  const rss = children(doc, 'rss');
  if (rss.length !== 1) return ['the root element is not <rss>'];
  const root = rss[0]!;
  if (attr(root, 'version') !== '2.0') out.push('<rss> lacks version="2.0"');
  const prefixes = declaredPrefixes(root);
  const channels = children(root, 'channel');
  if (channels.length !== 1) return [...out, '<rss> must hold exactly one <channel>'];
  const channel = channels[0]!;
  checkKnownElements(channel, RSS_CHANNEL, prefixes, 'channel', out);
  for (const name of ['title', 'link', 'description']) {
    if (children(channel, name).length !== 1) out.push(`channel: exactly one <${name}> is required`);
  }
  for (const name of RSS_CHANNEL) {
    if (name !== 'item' && name !== 'category' && children(channel, name).length > 1) {
      out.push(`channel: <${name}> appears more than once`);
    }
  }
  const link = text(children(channel, 'link')[0]);
  if (link && !isAbsoluteUrl(link)) out.push(`channel: link '${link}' is not an absolute URL`);
  for (const name of ['pubDate', 'lastBuildDate']) {
    for (const d of children(channel, name)) rfc822Date(text(d), `channel ${name}`, out);
  }
  for (const name of ['managingEditor', 'webMaster']) {
    for (const e of children(channel, name)) {
      if (!EMAIL.test(text(e))) out.push(`channel: ${name} '${text(e)}' is not an e-mail address`);
    }
  }
  for (const image of children(channel, 'image')) {
    for (const name of ['url', 'title', 'link']) {
      if (children(image, name).length !== 1) out.push(`channel image: exactly one <${name}> is required`);
    }
    const url = text(children(image, 'url')[0]);
    if (url && !isAbsoluteUrl(url)) out.push(`channel image: url '${url}' is not an absolute URL`);
  }
  for (const self of children(channel, 'atom:link')) {
    if (!attr(self, 'href') || !isAbsoluteUrl(attr(self, 'href')!)) out.push('atom:link: href must be an absolute URL');
  }
  children(channel, 'item').forEach((item, i) => {
    const where = `item ${i + 1}`;
    checkKnownElements(item, RSS_ITEM, prefixes, where, out);
    for (const name of RSS_ITEM) {
      if (name !== 'category' && children(item, name).length > 1)
        out.push(`${where}: <${name}> appears more than once`);
    }
    if (!children(item, 'title').length && !children(item, 'description').length) {
      out.push(`${where}: a title or a description is required`);
    }
    for (const l of [...children(item, 'link'), ...children(item, 'comments')]) {
      if (!isAbsoluteUrl(text(l))) out.push(`${where}: '${text(l)}' is not an absolute URL`);
    }
    for (const a of children(item, 'author')) {
      if (!EMAIL.test(text(a))) out.push(`${where}: author '${text(a)}' is not an e-mail address`);
    }
    for (const g of children(item, 'guid')) {
      const permalink = attr(g, 'isPermaLink');
      if (permalink !== undefined && permalink !== 'true' && permalink !== 'false') {
        out.push(`${where}: guid isPermaLink must be true or false`);
      }
      if (permalink !== 'false' && !isAbsoluteUrl(text(g))) {
        out.push(`${where}: a permalink guid must be a URL ('${text(g)}')`);
      }
      if (!text(g)) out.push(`${where}: guid is empty`);
    }
    for (const e of children(item, 'enclosure')) {
      if (!attr(e, 'url') || !isAbsoluteUrl(attr(e, 'url')!))
        out.push(`${where}: enclosure url must be an absolute URL`);
      if (!/^\d+$/.test(attr(e, 'length') ?? '') || Number(attr(e, 'length')) === 0) {
        out.push(`${where}: enclosure length must be the file's size in bytes`);
      }
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(attr(e, 'type') ?? '')) out.push(`${where}: enclosure type must be a MIME type`);
    }
    for (const s of children(item, 'source')) {
      if (!attr(s, 'url')) out.push(`${where}: source needs a url`);
    }
    for (const d of children(item, 'pubDate')) rfc822Date(text(d), `${where} pubDate`, out);
  });
  return out;
}

const ATOM_FEED = new Set([
  'author',
  'category',
  'contributor',
  'generator',
  'icon',
  'id',
  'link',
  'logo',
  'rights',
  'subtitle',
  'title',
  'updated',
  'entry',
]);
const ATOM_ENTRY = new Set([
  'author',
  'category',
  'content',
  'contributor',
  'id',
  'link',
  'published',
  'rights',
  'source',
  'summary',
  'title',
  'updated',
]);

function atomContainer(node: Node, known: Set<string>, where: string, out: string[], once: string[], max1: string[]) {
  for (const name of elementNames(node)) {
    if (!name.includes(':') && !known.has(name)) out.push(`${where}: <${name}> is not an Atom element`);
  }
  for (const name of once) {
    if (children(node, name).length !== 1) out.push(`${where}: exactly one <${name}> is required`);
  }
  for (const name of max1) {
    if (children(node, name).length > 1) out.push(`${where}: at most one <${name}> is allowed`);
  }
  for (const name of ['title', 'subtitle', 'summary', 'rights']) {
    for (const t of children(node, name)) {
      const type = attr(t, 'type');
      if (type !== undefined && !['text', 'html', 'xhtml'].includes(type)) {
        out.push(`${where}: <${name}> type '${type}' is not text, html or xhtml`);
      }
    }
  }
  for (const name of ['updated', 'published']) {
    for (const d of children(node, name)) {
      if (!RFC3339.test(text(d))) out.push(`${where}: <${name}> '${text(d)}' is not an RFC 3339 date`);
    }
  }
  for (const id of children(node, 'id')) {
    if (!isAbsoluteIri(text(id))) out.push(`${where}: id '${text(id)}' is not an absolute IRI`);
  }
  for (const c of children(node, 'category')) {
    if (!attr(c, 'term')) out.push(`${where}: <category> needs a term`);
  }
  for (const l of children(node, 'link')) {
    if (!attr(l, 'href')) out.push(`${where}: <link> needs an href`);
  }
  const alternates = new Set<string>();
  for (const l of children(node, 'link')) {
    if ((attr(l, 'rel') ?? 'alternate') !== 'alternate') continue;
    const key = `${attr(l, 'type') ?? ''} ${attr(l, 'hreflang') ?? ''}`;
    if (alternates.has(key)) out.push(`${where}: two alternate links with the same type and hreflang`);
    alternates.add(key);
  }
  for (const name of ['author', 'contributor']) {
    for (const p of children(node, name)) {
      if (children(p, 'name').length !== 1) out.push(`${where}: <${name}> needs exactly one <name>`);
      for (const e of children(p, 'email')) {
        if (!EMAIL.test(text(e))) out.push(`${where}: <${name}> email '${text(e)}' is not an e-mail address`);
      }
    }
  }
}

export function checkAtom(xml: string): string[] {
  const out = xmlProblems(xml);
  if (out.length) return out;
  const doc = parser.parse(xml) as Node;
  const feeds = children(doc, 'feed');
  if (feeds.length !== 1) return ['the root element is not <feed>'];
  const feed = feeds[0]!;
  if (attr(feed, 'xmlns') !== ATOM_NS) out.push(`<feed> is not in the Atom namespace ${ATOM_NS}`);
  atomContainer(
    feed,
    ATOM_FEED,
    'feed',
    out,
    ['id', 'title', 'updated'],
    ['generator', 'icon', 'logo', 'rights', 'subtitle'],
  );
  if (!children(feed, 'link').some((l) => attr(l, 'rel') === 'self')) out.push('feed: a rel="self" link is expected');
  const feedHasAuthor = children(feed, 'author').length > 0;
  const ids = new Set<string>();
  children(feed, 'entry').forEach((entry, i) => {
    const where = `entry ${i + 1}`;
    atomContainer(
      entry,
      ATOM_ENTRY,
      where,
      out,
      ['id', 'title', 'updated'],
      ['content', 'published', 'rights', 'source', 'summary'],
    );
    const id = text(children(entry, 'id')[0]);
    if (ids.has(id)) out.push(`${where}: id '${id}' repeats another entry's`);
    ids.add(id);
    if (!feedHasAuthor && !children(entry, 'author').length) out.push(`${where}: an author is required`);
    const content = children(entry, 'content')[0];
    if (!content && !children(entry, 'link').some((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate')) {
      out.push(`${where}: without content, an alternate link is required`);
    }
    if (content) {
      const type = attr(content, 'type') ?? 'text';
      const known = ['text', 'html', 'xhtml'].includes(type) || /^[\w.+-]+\/[\w.+-]+$/.test(type);
      if (!known) out.push(`${where}: content type '${type}' is not text, html, xhtml or a MIME type`);
      if (attr(content, 'src') && !children(entry, 'summary').length) {
        out.push(`${where}: content with src needs a summary`);
      }
    }
  });
  return out;
}

export function checkJsonFeed(body: string): string[] {
  const out: string[] = [];
  let feed: Record<string, unknown>;
  try {
    feed = JSON.parse(body) as Record<string, unknown>;
  } catch (err) {
    return [`not JSON: ${(err as Error).message}`];
  }
  const isString = (v: unknown): v is string => typeof v === 'string';
  if (feed.version !== 'https://jsonfeed.org/version/1.1') out.push('version must be https://jsonfeed.org/version/1.1');
  if (!isString(feed.title) || !feed.title) out.push('title is required');
  for (const name of ['home_page_url', 'feed_url']) {
    if (!isString(feed[name]) || !isAbsoluteUrl(feed[name] as string)) out.push(`${name} must be an absolute URL`);
  }
  for (const name of ['icon', 'favicon']) {
    if (feed[name] !== undefined && (!isString(feed[name]) || !isAbsoluteUrl(feed[name] as string))) {
      out.push(`${name} must be an absolute URL`);
    }
  }
  const authors = (where: string, value: Record<string, unknown>) => {
    if (value.author !== undefined) out.push(`${where}: 'author' is JSON Feed 1.0; 1.1 uses 'authors'`);
    if (value.authors === undefined) return;
    if (!Array.isArray(value.authors)) return out.push(`${where}: authors must be an array`);
    for (const a of value.authors as Record<string, unknown>[]) {
      if (typeof a !== 'object' || a === null || !['name', 'url', 'avatar'].some((k) => isString(a[k]))) {
        out.push(`${where}: an author needs a name, url or avatar`);
      }
    }
  };
  authors('feed', feed);
  if (!Array.isArray(feed.items)) return [...out, 'items must be an array'];
  const ids = new Set<string>();
  (feed.items as Record<string, unknown>[]).forEach((item, i) => {
    const where = `item ${i + 1}`;
    if (!isString(item.id) || item.id === '') out.push(`${where}: id must be a non-empty string`);
    else if (ids.has(item.id)) out.push(`${where}: id '${item.id}' repeats another item's`);
    else ids.add(item.id);
    if (!isString(item.content_html) && !isString(item.content_text)) {
      out.push(`${where}: content_html or content_text is required`);
    }
    for (const name of ['url', 'external_url', 'image', 'banner_image']) {
      if (item[name] !== undefined && (!isString(item[name]) || !isAbsoluteUrl(item[name] as string))) {
        out.push(`${where}: ${name} must be an absolute URL`);
      }
    }
    for (const name of ['title', 'summary', 'content_html', 'content_text', 'language']) {
      if (item[name] !== undefined && !isString(item[name])) out.push(`${where}: ${name} must be a string`);
    }
    for (const name of ['date_published', 'date_modified']) {
      if (item[name] !== undefined && (!isString(item[name]) || !RFC3339.test(item[name] as string))) {
        out.push(`${where}: ${name} must be an RFC 3339 date`);
      }
    }
    if (item.tags !== undefined && (!Array.isArray(item.tags) || !item.tags.every(isString))) {
      out.push(`${where}: tags must be an array of strings`);
    }
    if (item.attachments !== undefined) {
      for (const a of (item.attachments as Record<string, unknown>[]) ?? []) {
        if (!isString(a.url) || !isString(a.mime_type)) out.push(`${where}: an attachment needs url and mime_type`);
      }
    }
    authors(where, item);
  });
  return out;
}
