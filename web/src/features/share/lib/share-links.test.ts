import { describe, expect, it } from 'vitest';
import { buildMailtoLink, buildShareLinks } from './share-links';

const url = 'http://127.0.0.1:3000/article/pms-caf-crisis?x=1&y=2';

describe('buildShareLinks', () => {
  it('builds the Facebook sharer, X tweet intent and mailto links with encoded parts', () => {
    const links = buildShareLinks({ url, title: 'PM & Café: "Crisis"', description: 'It is bad.' });
    expect(links.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(links.facebook).toContain('u=http%3A%2F%2F127.0.0.1%3A3000%2Farticle%2Fpms-caf-crisis%3Fx%3D1%26y%3D2');
    expect(links.twitter).toBe(
      'https://twitter.com/intent/tweet?url=http%3A%2F%2F127.0.0.1%3A3000%2Farticle%2Fpms-caf-crisis%3Fx%3D1%26y%3D2&text=PM%20%26%20Caf%C3%A9%3A%20%22Crisis%22',
    );
    expect(links.email).toBe(buildMailtoLink({ url, title: 'PM & Café: "Crisis"', description: 'It is bad.' }));
    const parsed = new URL(links.twitter);
    expect(parsed.searchParams.get('url')).toBe(url);
    expect(parsed.searchParams.get('text')).toBe('PM & Café: "Crisis"');
  });
});

describe('buildMailtoLink', () => {
  it('uses the text as subject and the second text, a blank line and the URL as body', () => {
    const link = buildMailtoLink({ url: 'https://x.test/a', title: 'Big News', description: 'Small summary' });
    expect(link).toBe('mailto:?subject=Big%20News&body=Small%20summary%0D%0A%0D%0Ahttps%3A%2F%2Fx.test%2Fa');
  });

  it('falls back to the text for the body when the second text is missing or blank', () => {
    for (const description of [undefined, null, '', '   ']) {
      const link = buildMailtoLink({ url: 'https://x.test/a', title: 'Big News', description });
      expect(link).toBe('mailto:?subject=Big%20News&body=Big%20News%0D%0A%0D%0Ahttps%3A%2F%2Fx.test%2Fa');
    }
  });

  it('encodes reserved characters so they cannot break the link', () => {
    const link = buildMailtoLink({ url: 'https://x.test/?a=1&b=2', title: 'A&B = C? #1', description: 'x+y%z' });
    const query = link.slice('mailto:?'.length);
    const params = new URLSearchParams(query);
    expect([...params.keys()]).toEqual(['subject', 'body']);
    expect(decodeURIComponent(query.split('&')[0]!.slice('subject='.length))).toBe('A&B = C? #1');
    expect(decodeURIComponent(query.split('&')[1]!.slice('body='.length))).toBe('x+y%z\r\n\r\nhttps://x.test/?a=1&b=2');
    expect(link).not.toMatch(/[ +#]/);
  });
});
