import { escapeHtml } from '../plugins/html-escape.ts';
import { xmlChars, xmlElement, xmlText } from './xml.ts';

/**
 * The site's feeds, written here rather than by a library so every rule strict readers apply is
 * ours to keep (docs/product.md, Feeds):
 * - an item's id never changes: a `tag:` URI of the article's id (RSS `guid isPermaLink="false"`,
 *   Atom `id`, JSON Feed `id`), while its link is the current URL, so a headline edit (a new slug)
 *   updates the item in a reader instead of adding a second one;
 * - the item's modification time is the article's real one, and the feed's own (`lastBuildDate`,
 *   `<updated>`) is the newest of its items';
 * - headline and summary are plain text (Atom `type="text"`, in RSS escaped twice so a reader that
 *   takes `<description>` for HTML shows the characters); only the rendered body is HTML;
 * - RSS names the author with `dc:creator` (its `<author>` must be an e-mail address), Atom
 *   categories carry `term`, and there is no RSS enclosure (its byte length is not known until the
 *   share card is drawn); the card is the JSON Feed item's `image`.
 * Every text goes through the one XML escaper (rendering/xml.ts).
 */

export interface FeedItem {
  /** Permanent id (a tag: URI). */
  id: string;
  /** The article's current URL. */
  url: string;
  title: string;
  summary: string;
  /** The body as HTML with absolute URLs (renderBodyHtml with the site's origin). */
  contentHtml: string;
  /** The author's name, or ''. */
  author: string;
  /** The section's name and URL path segment ('Politics', 'politics'), or empty strings. */
  category: { name: string; term: string };
  /** ISO-8601 times: first publication, and the last change readers should know about. */
  published: string;
  modified: string;
  /** The share card (absolute URL). */
  image?: { url: string; type: string };
  /**
   * The article's own picture when it is uploaded here (absolute URL of its largest width, WebP) with its
   * description (alt), caption and credit ('' : none), decision 033.
   */
  photo?: { url: string; alt: string; caption: string; credit: string };
}

/** A live blog's entry in its feed item (decision 037). */
export interface FeedLiveEntry {
  id: number;
  postedAt: string;
  author: string;
  /** The entry rendered with absolute URLs. */
  html: string;
}

/**
 * A live blog item's content: its entries, newest first, each with its time, byline and a link to
 * it on the page (`#entry-{id}`), then the article's own body.
 */
export function liveItemHtml(url: string, entries: readonly FeedLiveEntry[], bodyHtml: string): string {
  const items = entries.map(
    (e) =>
      `<article id="entry-${e.id}"><p><a href="${escapeHtml(`${url}#entry-${e.id}`)}"><time datetime="${escapeHtml(e.postedAt)}">${escapeHtml(e.postedAt)}</time></a>${e.author ? ` · ${escapeHtml(e.author)}` : ''}</p>${e.html}</article>`,
  );
  return `${items.join('')}${items.length && bodyHtml ? '<hr>' : ''}${bodyHtml}`;
}

export interface FeedChannel {
  /** Permanent id of the feed (a tag: URI). */
  id: string;
  title: string;
  description: string;
  /** The page the feed follows (absolute). */
  home: string;
  /** The feed's own URL in each format (absolute). */
  self: { rss: string; atom: string; json: string };
  /** The site's name (the feed's author in Atom and JSON Feed). */
  publisher: string;
  /** Absolute URLs: a large image (the site card) and a small icon. */
  image: string;
  icon: string;
  language: string;
  copyright: string;
}

/** The RFC 4151 tag: URI of an article: `tag:{host},{date}:article:{id}`; `date` the day the host was the site's. */
export function tagUri(origin: string, date: string, specific: string): string {
  return `tag:${new URL(origin).hostname},${date}:${specific}`;
}

/** The newest modification among the items (epoch when there are none). */
function feedUpdated(items: FeedItem[]): string {
  let newest = 0;
  for (const i of items) newest = Math.max(newest, Date.parse(i.modified) || 0, Date.parse(i.published) || 0);
  return new Date(newest).toISOString();
}

const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function rss2(channel: FeedChannel, items: FeedItem[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    xmlElement('title', channel.title),
    xmlElement('link', channel.home),
    xmlElement('description', channel.description),
    `<atom:link href="${xmlText(channel.self.rss)}" rel="self" type="application/rss+xml"/>`,
    xmlElement('language', channel.language.toLowerCase()),
    xmlElement('copyright', channel.copyright),
    xmlElement('lastBuildDate', rfc822(feedUpdated(items))),
    `<image>${xmlElement('url', channel.image)}${xmlElement('title', channel.title)}${xmlElement('link', channel.home)}</image>`,
  ];
  for (const item of items) {
    out.push(
      [
        '<item>',
        xmlElement('title', item.title),
        xmlElement('link', item.url),
        xmlElement('guid', item.id, { isPermaLink: 'false' }),
        xmlElement('pubDate', rfc822(item.published)),
        item.author ? xmlElement('dc:creator', item.author) : '',
        item.category.name ? xmlElement('category', item.category.name) : '',
        // RSS readers take <description> for HTML: the plain-text summary is escaped as HTML first.
        item.summary ? xmlElement('description', escapeHtml(item.summary)) : '',
        xmlElement('content:encoded', item.contentHtml),
        // The picture with its text alternative and credit (Media RSS; RSS itself has no image per item).
        item.photo ? mediaContent(item.photo) : '',
        '</item>',
      ].join(''),
    );
  }
  out.push('</channel>', '</rss>', '');
  return out.join('\n');
}

export function atom1(channel: FeedChannel, items: FeedItem[]): string {
  const link = (rel: string, type: string, href: string) =>
    `<link rel="${rel}" type="${xmlText(type)}" href="${xmlText(href)}"/>`;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(channel.language)}">`,
    xmlElement('id', channel.id),
    xmlElement('title', channel.title, { type: 'text' }),
    xmlElement('subtitle', channel.description, { type: 'text' }),
    xmlElement('updated', feedUpdated(items)),
    link('alternate', 'text/html', channel.home),
    link('self', 'application/atom+xml', channel.self.atom),
    link('alternate', 'application/rss+xml', channel.self.rss),
    link('alternate', 'application/feed+json', channel.self.json),
    `<author>${xmlElement('name', channel.publisher)}${xmlElement('uri', channel.home)}</author>`,
    xmlElement('icon', channel.icon),
    xmlElement('logo', channel.image),
    xmlElement('rights', channel.copyright, { type: 'text' }),
  ];
  for (const item of items) {
    out.push(
      [
        '<entry>',
        xmlElement('id', item.id),
        xmlElement('title', item.title, { type: 'text' }),
        link('alternate', 'text/html', item.url),
        xmlElement('published', new Date(item.published).toISOString()),
        xmlElement('updated', new Date(item.modified).toISOString()),
        item.author ? `<author>${xmlElement('name', item.author)}</author>` : '',
        item.category.term
          ? `<category term="${xmlText(item.category.term)}" label="${xmlText(item.category.name)}"/>`
          : '',
        item.summary ? xmlElement('summary', item.summary, { type: 'text' }) : '',
        xmlElement('content', item.contentHtml, { type: 'html' }),
        // The picture, its description as the link's title (length unknown, so left out: RFC 4287 allows it).
        item.photo
          ? `<link rel="enclosure" type="image/webp" href="${xmlText(item.photo.url)}"${item.photo.alt ? ` title="${xmlText(item.photo.alt)}"` : ''}/>`
          : '',
        '</entry>',
      ].join(''),
    );
  }
  out.push('</feed>', '');
  return out.join('\n');
}

export function jsonFeed1(channel: FeedChannel, items: FeedItem[]): string {
  // JSON may carry any character, but readers store items as XML and HTML too: the same ones are dropped.
  const text = xmlChars;
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: text(channel.title),
    home_page_url: channel.home,
    feed_url: channel.self.json,
    description: text(channel.description),
    icon: channel.image,
    favicon: channel.icon,
    language: channel.language,
    authors: [{ name: text(channel.publisher), url: channel.home }],
    items: items.map((item) => ({
      id: item.id,
      url: item.url,
      title: text(item.title),
      ...(item.summary ? { summary: text(item.summary) } : {}),
      content_html: xmlChars(item.contentHtml),
      ...(item.image ? { image: item.image.url } : {}),
      // The picture, its description as the attachment's title.
      ...(item.photo
        ? {
            attachments: [
              {
                url: item.photo.url,
                mime_type: 'image/webp',
                ...(item.photo.alt ? { title: text(item.photo.alt) } : {}),
              },
            ],
          }
        : {}),
      date_published: new Date(item.published).toISOString(),
      date_modified: new Date(item.modified).toISOString(),
      ...(item.author ? { authors: [{ name: text(item.author) }] } : {}),
      ...(item.category.name ? { tags: [text(item.category.name)] } : {}),
    })),
  });
}

/** Media RSS for an item's picture: the text alternative as `media:description`, the credit, the caption as `media:title`. */
function mediaContent(photo: NonNullable<FeedItem['photo']>): string {
  return [
    `<media:content url="${xmlText(photo.url)}" medium="image" type="image/webp">`,
    photo.caption ? xmlElement('media:title', photo.caption, { type: 'plain' }) : '',
    photo.alt ? xmlElement('media:description', photo.alt, { type: 'plain' }) : '',
    photo.credit ? xmlElement('media:credit', photo.credit) : '',
    '</media:content>',
  ].join('');
}
