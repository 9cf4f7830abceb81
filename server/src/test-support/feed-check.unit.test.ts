import { describe, expect, it } from 'vitest';
import { checkAtom, checkJsonFeed, checkRss } from './feed-check.ts';

/**
 * The checker must refuse what strict readers refuse: the rules are checked on known-bad feeds here,
 * among them the site's feeds as the `feed` library used to write them (trimmed to one item).
 */
const OLD_RSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>The Daily Smear</title><link>http://news.test/</link><description></description>
<lastBuildDate>Fri, 20 Nov 2026 10:00:00 GMT</lastBuildDate>
<item><title><![CDATA[Headline]]></title><link>http://news.test/article/headline</link>
<guid isPermaLink="false">http://news.test/article/headline</guid><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>
<description><![CDATA[A summary.]]></description><author>Jane Doe</author><category>Politics</category>
<enclosure length="0" type="image/png" url="http://news.test/share-cards/1-abc.png"/></item></channel></rss>`;
const OLD_ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>http://news.test/</id><title>The Daily Smear</title>
<updated>2026-11-20T10:00:00.000Z</updated><link rel="alternate" href="http://news.test/"/><link rel="self" href="http://news.test/feeds/atom.xml"/>
<entry><title type="html"><![CDATA[Headline]]></title><id>http://news.test/article/headline</id><link href="http://news.test/article/headline"/>
<updated>2026-11-20T10:00:00.000Z</updated><summary type="html"><![CDATA[A summary.]]></summary><author><name>Jane Doe</name></author>
<category label="Politics"/></entry></feed>`;
const OLD_JSON = JSON.stringify({
  version: 'https://jsonfeed.org/version/1',
  title: 'The Daily Smear',
  home_page_url: 'http://news.test/',
  items: [
    {
      id: 'http://news.test/article/headline',
      content_html: 'A summary.',
      url: 'http://news.test/article/headline',
      title: 'Headline',
      date_modified: '2026-11-20T10:00:00.000Z',
      author: { name: 'Jane Doe' },
      tags: ['Politics'],
    },
  ],
});

describe('strict feed checker', () => {
  it('RSS: a name as <author> and a zero-length enclosure are errors', () => {
    const problems = checkRss(OLD_RSS);
    expect(problems.some((p) => /author 'Jane Doe' is not an e-mail address/.test(p))).toBe(true);
    expect(problems.some((p) => /enclosure length/.test(p))).toBe(true);
  });

  it('RSS: missing channel elements, unknown elements, bad dates and forbidden characters', () => {
    expect(checkRss('<rss version="2.0"><channel><title>t</title></channel></rss>')).toEqual([
      'channel: exactly one <link> is required',
      'channel: exactly one <description> is required',
    ]);
    const bad =
      '<rss version="2.0"><channel><title>t</title><link>http://a.test/</link><description>d</description>' +
      '<item><title>x</title><pubDate>2026-11-20</pubDate><creator>n</creator><guid>not a url</guid></item></channel></rss>';
    expect(checkRss(bad)).toEqual([
      'item 1: <creator> is not an RSS 2.0 element',
      "item 1: a permalink guid must be a URL ('not a url')",
      "item 1 pubDate: '2026-11-20' is not an RFC 822 date",
    ]);
    expect(checkRss('<rss version="2.0"><channel><title>a\u0000b</title></channel></rss>')).toContain(
      'the document holds a character XML 1.0 forbids',
    );
    expect(checkRss('<rss version="2.0"><channel><title>a&#0;b</title></channel></rss>')[0]).toMatch(
      /character reference &#0; is not an XML character/,
    );
    expect(checkRss('<rss version="2.0"><channel><title>a<![CDATA[b</title></channel></rss>')[0]).toMatch(
      /not well-formed/,
    );
  });

  it('Atom: a category without term is an error; required elements and dates', () => {
    const problems = checkAtom(OLD_ATOM);
    expect(problems).toContain('entry 1: <category> needs a term');
    expect(
      checkAtom(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><updated>yesterday</updated>' +
          '<entry><id>x</id><title>e</title><updated>2026-11-20T10:00:00Z</updated></entry></feed>',
      ),
    ).toEqual([
      'feed: exactly one <id> is required',
      "feed: <updated> 'yesterday' is not an RFC 3339 date",
      'feed: a rel="self" link is expected',
      "entry 1: id 'x' is not an absolute IRI",
      'entry 1: an author is required',
      'entry 1: without content, an alternate link is required',
    ]);
  });

  it('JSON Feed 1.1: version, required fields, unique ids, authors', () => {
    expect(checkJsonFeed(OLD_JSON)).toEqual([
      'version must be https://jsonfeed.org/version/1.1',
      'feed_url must be an absolute URL',
      "item 1: 'author' is JSON Feed 1.0; 1.1 uses 'authors'",
    ]);
    expect(
      checkJsonFeed(
        JSON.stringify({
          version: 'https://jsonfeed.org/version/1',
          title: 't',
          home_page_url: 'http://a.test/',
          items: [
            { id: 'a', content_text: 'x', author: { name: 'n' } },
            { id: 'a', date_published: '20 Nov 2026' },
          ],
        }),
      ),
    ).toEqual([
      'version must be https://jsonfeed.org/version/1.1',
      'feed_url must be an absolute URL',
      "item 1: 'author' is JSON Feed 1.0; 1.1 uses 'authors'",
      "item 2: id 'a' repeats another item's",
      'item 2: content_html or content_text is required',
      'item 2: date_published must be an RFC 3339 date',
    ]);
  });
});
