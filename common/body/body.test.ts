import { describe, expect, it } from 'vitest';
import { legacyTextToBody } from './legacy.ts';
import { markdownToBody } from './markdown.ts';
import { renderBodyHtml } from './render.ts';
import { bodyPlainText, bodyWordCount, readingDuration, readingMinutes, readingTimeText } from './text.ts';
import { BODY_MAX_BYTES, type BodyDoc } from './types.ts';
import { bodyImageIds, validateBody } from './validate.ts';

const IMG = 'a'.repeat(32);
const THUMB = 'b'.repeat(32);

/** A body with every node and mark. */
export const EVERY_NODE: BodyDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Sub' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
        { type: 'hardBreak' },
        {
          type: 'text',
          text: 'link',
          marks: [{ type: 'link', attrs: { href: 'https://example.com/x' } }, { type: 'italic' }],
        },
      ],
    },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Small' }] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'two' }] },
            {
              type: 'orderedList',
              attrs: { start: 3 },
              content: [
                { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'three' }] }] },
              ],
            },
          ],
        },
      ],
    },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted' }] }] },
    { type: 'pullQuote', content: [{ type: 'text', text: 'pulled' }] },
    { type: 'horizontalRule' },
    { type: 'image', attrs: { imageId: IMG, alt: 'A cat', caption: 'The cat', credit: 'Ann' } },
    {
      type: 'embed',
      attrs: { provider: 'x', url: 'https://x.com/smear/status/1', text: 'A post', thumbnailImageId: THUMB },
    },
  ],
};

describe('legacy plain-text bodies', () => {
  it.each([
    '',
    'One paragraph.',
    'First.\n\nSecond.',
    'Line one\nline two\n\nNext',
    'a\n\n\nb',
    'a\n\n\n\nb',
    '\n\nleading and trailing\n\n',
    '  spaced  \n\n\ttabbed',
    'x\n',
  ])('converts %j without loss', (text) => {
    const doc = legacyTextToBody(text);
    expect(validateBody(doc).ok).toBe(true);
    expect(bodyPlainText(doc)).toBe(text);
  });

  it('makes blank-line paragraphs and single newlines line breaks', () => {
    expect(legacyTextToBody('a\nb\n\nc')).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'a' }, { type: 'hardBreak' }, { type: 'text', text: 'b' }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'c' }] },
      ],
    });
    expect(renderBodyHtml(legacyTextToBody('a <b>\nc'))).toBe('<p>a &lt;b&gt;<br>c</p>');
  });
});

describe('Markdown to the stored format to HTML', () => {
  const html = (markdown: string) => {
    const doc = markdownToBody(markdown);
    const check = validateBody(doc);
    expect(check.ok ? [] : check.problems).toEqual([]);
    return renderBodyHtml(doc);
  };

  it('maps each Markdown construct to an allowed node', () => {
    expect(html('Plain text.')).toBe('<p>Plain text.</p>');
    expect(html('# Top\n\n## Sub\n\n### Small\n\n#### Smaller')).toBe(
      '<h2>Top</h2><h2>Sub</h2><h3>Small</h3><h3>Smaller</h3>',
    );
    expect(html('**bold** and *italic* and ***both***')).toBe(
      '<p><strong>bold</strong> and <em>italic</em> and <strong><em>both</em></strong></p>',
    );
    expect(html('- a\n- b\n  - c')).toBe('<ul><li><p>a</p></li><li><p>b</p><ul><li><p>c</p></li></ul></li></ul>');
    expect(html('3. three\n4. four')).toBe('<ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>');
    expect(html('> quoted\n>\n> more')).toBe('<blockquote><p>quoted</p><p>more</p></blockquote>');
    expect(html('---')).toBe('<hr>');
    expect(html('line one\nline two')).toBe('<p>line one<br>line two</p>');
    expect(html('[site](https://example.com) [other](/article/some-slug) [mail](mailto:a@b.example)')).toBe(
      '<p><a href="https://example.com" rel="external nofollow noopener noreferrer">site</a> ' +
        '<a href="/article/some-slug">other</a> <a href="mailto:a@b.example">mail</a></p>',
    );
  });

  it('degrades what the format lacks to text, and raw HTML is text', () => {
    expect(html('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html('a <img src=x onerror=alert(1)> b')).toBe('<p>a &lt;img src=x onerror=alert(1)&gt; b</p>');
    expect(html('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(html('[x](data:text/html,hi) [y](/elsewhere)')).toBe('<p>[x](data:text/html,hi) y</p>');
    expect(html('![a cat](https://evil.example/cat.png)')).toBe('<p>a cat</p>');
    expect(html('`code` and\n\n    block\n    two')).toBe('<p>code and</p><p>block<br>two</p>');
    expect(html('> # head\n> - item')).toBe('<blockquote><p>head</p><p>item</p></blockquote>');
  });

  it('keeps plain paragraphs as they were', () => {
    expect(bodyPlainText(markdownToBody('First.\n\nSecond\nline.'))).toBe('First.\n\nSecond\nline.');
  });
});

describe('the renderer', () => {
  it('renders every node', () => {
    const html = renderBodyHtml(EVERY_NODE, {
      imageSize: (id) => (id === IMG ? { width: 1600, height: 900 } : undefined),
    });
    expect(html).toContain('<h2>Sub</h2>');
    expect(html).toContain('<h3>Small</h3>');
    expect(html).toContain(
      '<strong>bold</strong><br><a href="https://example.com/x" rel="external nofollow noopener noreferrer"><em>link</em></a>',
    );
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<blockquote class="pull-quote"><p>pulled</p></blockquote>');
    expect(html).toContain('<hr>');
    expect(html).toContain(
      `<figure class="body-image"><img src="/images/${IMG}-960.webp" srcset="/images/${IMG}-480.webp 480w, /images/${IMG}-960.webp 960w, /images/${IMG}-1600.webp 1600w"`,
    );
    expect(html).toContain('alt="A cat" width="1600" height="900" loading="lazy"');
    expect(html).toContain(
      '<figcaption><span class="caption">The cat</span> <span class="credit">Ann</span></figcaption>',
    );
    expect(html).toMatch(
      /<a href="https:\/\/x\.com\/smear\/status\/1" rel="external nofollow noopener noreferrer"><img src="\/images\/b{32}-960\.webp"[^>]*alt=""/,
    );
    expect(html).toContain('View on X</span><span class="embed-text">A post</span>');
    expect(html).not.toMatch(/<script|<iframe/);
  });

  it('loads a picture near the top at once and later ones lazily', () => {
    const image = EVERY_NODE.content[7]!;
    expect(renderBodyHtml({ type: 'doc', content: [image] })).not.toContain('loading=');
  });

  it('makes pictures and article links absolute with an origin', () => {
    const doc = markdownToBody('[other](/article/x)');
    doc.content.push(EVERY_NODE.content[7]!);
    const html = renderBodyHtml(doc, { origin: 'https://smear.example/' });
    expect(html).toContain('<a href="https://smear.example/article/x">');
    expect(html).toContain(`src="https://smear.example/images/${IMG}-960.webp"`);
    expect(html).toContain(`https://smear.example/images/${IMG}-480.webp 480w`);
  });

  it('escapes every text and attribute', () => {
    const evil = '"><script>alert(1)</script>\'';
    const doc: BodyDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: evil, marks: [{ type: 'link', attrs: { href: 'https://e.example/?q="><script>' } }] },
          ],
        },
        { type: 'image', attrs: { imageId: IMG, alt: evil, caption: evil, credit: evil } },
        {
          type: 'embed',
          attrs: {
            provider: 'youtube',
            url: 'https://youtube.com/watch?v="onload=',
            text: evil,
            thumbnailImageId: null,
          },
        },
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: evil }] },
        { type: 'pullQuote', content: [{ type: 'text', text: evil }] },
      ],
    };
    const html = renderBodyHtml(doc);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/"\s*onload=/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;');
  });
});

describe('the validator', () => {
  const problems = (doc: unknown) => {
    const result = validateBody(doc);
    return result.ok ? [] : result.problems;
  };
  const withBlock = (block: unknown) => ({ type: 'doc', content: [{ type: 'paragraph' }, block] });
  const linked = (href: string) =>
    withBlock({
      type: 'paragraph',
      content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }, { type: 'link', attrs: { href } }] }],
    });

  it('accepts every node of the format', () => {
    expect(problems(EVERY_NODE)).toEqual([]);
    expect(bodyImageIds(EVERY_NODE)).toEqual([IMG, THUMB]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'ftp://e.example/',
    '//evil.example/',
    '/admin',
    '/article//evil.example',
    'https://user:pw@e.example/',
  ])('refuses the link %j and names where it is', (href) => {
    expect(problems(linked(href))).toEqual([
      { path: 'body.content[1].content[0].marks[1].attrs.href', message: expect.stringContaining('https:') },
    ]);
  });

  it('refuses an event-handler or other unknown attribute', () => {
    expect(problems(withBlock({ type: 'paragraph', attrs: { onclick: 'alert(1)' } }))[0]!.path).toBe(
      'body.content[1].attrs',
    );
    expect(
      problems(
        withBlock({ type: 'image', attrs: { imageId: IMG, alt: 'a', caption: '', credit: '', onerror: 'alert(1)' } }),
      ),
    ).toEqual([{ path: 'body.content[1].attrs.onerror', message: 'is not an attribute of image' }]);
    expect(problems(linked('https://e.example').content[1])).toEqual(expect.any(Array));
    const targeted = withBlock({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://e.example', target: '_blank' } }] },
      ],
    });
    expect(problems(targeted)[0]!.path).toBe('body.content[1].content[0].marks[0].attrs.target');
  });

  it('refuses an unknown node or mark', () => {
    expect(problems(withBlock({ type: 'script', text: 'alert(1)' }))).toEqual([
      { path: 'body.content[1].type', message: "'script' is not an allowed block" },
    ]);
    expect(
      problems(withBlock({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'code' }] }] }))[0]!
        .path,
    ).toBe('body.content[1].content[0].marks[0].type');
    expect(problems(withBlock({ type: 'heading', attrs: { level: 1 } }))[0]!.path).toBe('body.content[1].attrs.level');
    expect(problems({ type: 'doc', content: [], extra: 1 })[0]!.path).toBe('body.extra');
    expect(problems([])[0]!.path).toBe('body');
  });

  it('refuses an image or thumbnail that is not a library id', () => {
    expect(
      problems(
        withBlock({
          type: 'image',
          attrs: { imageId: 'https://evil.example/x.png', alt: 'a', caption: '', credit: '' },
        }),
      )[0]!.path,
    ).toBe('body.content[1].attrs.imageId');
    expect(
      problems(withBlock({ type: 'image', attrs: { imageId: IMG, alt: ' ', caption: '', credit: '' } }))[0]!.path,
    ).toBe('body.content[1].attrs.alt');
    expect(
      problems(
        withBlock({
          type: 'embed',
          attrs: { provider: 'x', url: 'https://x.com/a', text: '', thumbnailImageId: '../../etc' },
        }),
      )[0]!.path,
    ).toBe('body.content[1].attrs.thumbnailImageId');
  });

  it('refuses an embed off its provider or of another provider', () => {
    const embed = (provider: string, url: string) =>
      withBlock({ type: 'embed', attrs: { provider, url, text: '', thumbnailImageId: null } });
    expect(problems(embed('x', 'https://evil.example/x.com'))[0]!.path).toBe('body.content[1].attrs.url');
    expect(problems(embed('x', 'http://x.com/a'))[0]!.path).toBe('body.content[1].attrs.url');
    expect(problems(embed('youtube', 'javascript:alert(1)'))[0]!.path).toBe('body.content[1].attrs.url');
    expect(problems(embed('facebook', 'https://facebook.com/'))[0]!.path).toBe('body.content[1].attrs.provider');
    expect(problems(embed('youtube', 'https://youtu.be/abc'))).toEqual([]);
  });

  it('refuses a body over the size limit (10 MB) naming the body', () => {
    const huge = legacyTextToBody('word '.repeat(2_000_000));
    expect(problems(huge)).toEqual([{ path: 'body', message: expect.stringContaining(`${BODY_MAX_BYTES / 1000} KB`) }]);
  });

  it('refuses a value nested a million deep without overflowing the stack', () => {
    const n = 1_000_000;
    const deep = JSON.parse(`{"type":"doc","content":${'['.repeat(n)}${']'.repeat(n)}}`) as unknown;
    expect(problems(deep)).toEqual([{ path: 'body', message: 'must not be nested more than 100 levels deep' }]);
  });

  it('refuses lists nested too deep, and control characters', () => {
    let list: unknown = { type: 'paragraph' };
    for (let i = 0; i < 12; i++)
      list = { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }, list] }] };
    expect(problems({ type: 'doc', content: [list] })[0]!.message).toContain('nested');
    expect(problems(withBlock({ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000b' }] }))[0]!.path).toBe(
      'body.content[1].content[0].text',
    );
  });
});

describe('text helpers', () => {
  it('extracts plain text, counts words and reading time', () => {
    const text = bodyPlainText(EVERY_NODE);
    expect(text).toContain('Sub\n\nbold\nlink');
    expect(text).toContain('one\ntwo\nthree');
    expect(text).not.toContain('<');
    expect(bodyWordCount(legacyTextToBody('It’s a well-known fact, 42 times.'))).toBe(6);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(10)).toBe(1);
    expect(readingMinutes(5000)).toBe(22);
  });

  it('says the reading time at 230 words a minute, rounded, 1 min at least', () => {
    expect(readingTimeText(0)).toBe('');
    expect(readingTimeText(1)).toBe('1 min read');
    expect(readingTimeText(344)).toBe('1 min read');
    expect(readingTimeText(345)).toBe('2 min read');
    expect(readingTimeText(920)).toBe('4 min read');
    expect(readingDuration(0)).toBe('');
    expect(readingDuration(1)).toBe('PT1M');
    expect(readingDuration(920)).toBe('PT4M');
    expect(readingDuration(5000)).toBe('PT22M');
  });
});
