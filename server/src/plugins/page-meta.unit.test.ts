import { describe, expect, it } from 'vitest';
import { ContentSecurityPolicy } from './content-security-policy.ts';
import { escapeHtml, jsonForScript } from './html-escape.ts';
import { ifNoneMatchHits } from './http-cache.ts';
import { absoluteUrl, normalizePath, resolvePage } from './page-meta.ts';
import { SpaShell } from './spa-shell.ts';

describe('escaping', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('makes JSON safe inside a script element and keeps its value', () => {
    const value = { s: '</script><!-- & \u2028' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('ContentSecurityPolicy', () => {
  it('starts self-only for scripts and can be extended', () => {
    const csp = new ContentSecurityPolicy();
    expect(csp.toString()).toContain("script-src 'self';");
    csp.add('connect-src', 'https://ingest.example', 'https://ingest.example');
    expect(csp.sources('connect-src')).toEqual(["'self'", 'https://ingest.example']);
    expect(csp.toString()).toContain("connect-src 'self' https://ingest.example;");
    csp.add('frame-ancestors', 'https://partner.example');
    expect(csp.sources('frame-ancestors')).toEqual(['https://partner.example']);
    expect(() => csp.add('img-src', 'https://a; script-src *')).toThrow();
  });
});

describe('If-None-Match', () => {
  it('uses weak comparison over a list and accepts *', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
  });
});

describe('page resolution', () => {
  const none = async () => null;
  it('normalizes trailing slashes', () => {
    expect(normalizePath('/politics/')).toBe('/politics');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
  it('looks up only well-formed slugs', async () => {
    const asked: string[] = [];
    const find = async (slug: string) => (asked.push(slug), null);
    await resolvePage('/article/good-slug', 'S', find);
    await resolvePage('/article/Bad_Slug', 'S', find);
    await resolvePage(`/article/${'a'.repeat(201)}`, 'S', find);
    expect(asked).toEqual(['good-slug']);
  });
  it('knows every public route', async () => {
    for (const [path, kind] of [
      ['/', 'home'],
      ['/uk', 'category'],
      ['/contact', 'contact'],
      ['/privacy', 'privacy'],
      ['/admin/social', 'admin'],
      ['/nope', 'not-found'],
      ['/article/x', 'article-not-found'],
    ] as const) {
      expect((await resolvePage(path, 'S', none)).kind).toBe(kind);
    }
  });
  it('makes image URLs absolute and drops unsafe schemes', () => {
    expect(absoluteUrl('https://s.example', '/images/a.webp')).toBe('https://s.example/images/a.webp');
    expect(absoluteUrl('https://s.example', 'images/a.webp')).toBe('https://s.example/images/a.webp');
    expect(absoluteUrl('https://s.example', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(absoluteUrl('https://s.example', 'javascript:alert(1)')).toBeUndefined();
    expect(absoluteUrl('https://s.example', '//evil.example/a.jpg')).toBeUndefined();
  });
});

describe('SpaShell', () => {
  it('fills both markers', () => {
    const shell = new SpaShell(
      '<html><head><!--app-head--><title>x</title><!--/app-head--><!--app-config--></head><body></body></html>',
    );
    expect(shell.render('<title>T</title>', '{"a":1}')).toBe(
      '<html><head><title>T</title><script id="app-config" type="application/json">{"a":1}</script></head><body></body></html>',
    );
  });
  it('tolerates missing markers', () => {
    const shell = new SpaShell('<html><head><title>x</title></head><body></body></html>');
    const html = shell.render('<meta name="a" />', '{}');
    expect(html).toContain('<meta name="a" /><script id="app-config" type="application/json">{}</script></head>');
  });
  it('treats $ in values literally', () => {
    const shell = new SpaShell('<head><!--app-head--><!--/app-head--><!--app-config--></head>');
    expect(shell.render("<title>$& $' $1</title>", '{}')).toContain("<title>$& $' $1</title>");
  });
});
