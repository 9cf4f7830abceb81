import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ScriptlessPageContext } from '@/components/layout/scriptless-page';
import { SiteHeader } from '@/components/layout/site-header';
import {
  MAX_STORIES,
  MAX_STORY_AGE_MS,
  dropsCopy,
  fontsOf,
  handlingOf,
  headlineOf,
  isFresh,
  isStorable,
  offlineCopy,
  storiesListHtml,
  storiesToDrop,
  storiesToList,
  storyKey,
  stylesheetsOf,
  withStories,
  type StoredStory,
} from './policy';
import { mayRegister } from '../register';

const ORIGIN = 'https://smear.example';
const get = (path: string, mode = 'navigate', method = 'GET') => ({ method, url: `${ORIGIN}${path}`, mode });
const answer = (status: number, headers: Record<string, string> = {}, type = 'basic') => ({
  status,
  type,
  headers: new Headers({ 'content-type': 'text/html; charset=utf-8', ...headers }),
});
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 1, 7, 45);

describe('which requests the worker answers', () => {
  it('navigations to public pages: network first, with a copy or the offline page as fallback', () => {
    for (const path of ['/', '/politics', '/article/pigeon-elected-mayor', '/search?q=x', '/offline', '/about'])
      expect(handlingOf(get(path), ORIGIN), path).toBe('page');
  });

  it('never the newsroom, the APIs, sign-in, preview links, the read counter, other methods or other sites', () => {
    for (const path of [
      '/admin',
      '/admin/articles/3',
      '/api/admin/articles',
      '/News',
      '/News/reads',
      '/news/slug/x',
      '/oidc/auth',
      '/preview/abc',
      '/live/stream',
      '/sw.js',
    ])
      expect(handlingOf(get(path), ORIGIN), path).toBe('pass');
    expect(handlingOf(get('/article/x', 'navigate', 'POST'), ORIGIN)).toBe('pass');
    expect(handlingOf(get('/article/x', 'navigate', 'HEAD'), ORIGIN)).toBe('pass');
    expect(handlingOf({ method: 'GET', url: 'https://other.example/article/x', mode: 'navigate' }, ORIGIN)).toBe(
      'pass',
    );
  });

  it('hashed stylesheets and fonts from the cache; scripts, images and other files from the network', () => {
    expect(handlingOf(get('/assets/index-oH02GmAC.css', 'cors'), ORIGIN)).toBe('asset');
    expect(handlingOf(get('/assets/anton-latin-400-normal-Byf51wtH.woff2', 'cors'), ORIGIN)).toBe('asset');
    for (const path of ['/assets/index-BsNd5OBb.js', '/favicon.svg', '/images/x.webp', '/manifest.webmanifest'])
      expect(handlingOf(get(path, 'no-cors'), ORIGIN), path).toBe('pass');
  });
});

describe('which answers are kept, and under which key', () => {
  it('a story page is kept under its address without the query; a live blog’s older entries are not', () => {
    expect(storyKey(`${ORIGIN}/article/pigeon`)).toBe(`${ORIGIN}/article/pigeon`);
    expect(storyKey(`${ORIGIN}/article/pigeon?utm_source=x`)).toBe(`${ORIGIN}/article/pigeon`);
    expect(storyKey(`${ORIGIN}/article/pigeon?before=12`)).toBeNull();
    for (const path of ['/', '/politics', '/article', '/article/a/b', '/offline'])
      expect(storyKey(ORIGIN + path)).toBeNull();
  });

  it('only a whole HTML page that anyone may store', () => {
    expect(isStorable(answer(200, { 'cache-control': 'public, max-age=0, s-maxage=1' }))).toBe(true);
    expect(isStorable(answer(200))).toBe(true);
    expect(isStorable(answer(200, { 'cache-control': 'private, no-store' }))).toBe(false);
    expect(isStorable(answer(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(isStorable(answer(200, { 'cache-control': 'Private' }))).toBe(false);
    expect(isStorable(answer(404))).toBe(false);
    expect(isStorable(answer(503))).toBe(false);
    expect(isStorable(answer(0, {}, 'opaqueredirect'))).toBe(false);
    expect(isStorable(answer(200, { 'content-type': 'application/json' }))).toBe(false);
  });

  it('a 404 or 410 drops the copy (unpublished, deleted); other errors leave it', () => {
    expect([404, 410].map(dropsCopy)).toEqual([true, true]);
    expect([200, 301, 400, 500, 502, 503].map(dropsCopy)).toEqual([false, false, false, false, false, false]);
  });
});

describe('how many copies, and how old', () => {
  const story = (n: number, savedAt: number): StoredStory => ({
    url: `${ORIGIN}/article/s${n}`,
    headline: `S${n}`,
    savedAt,
  });

  it('a copy is answered for 7 days', () => {
    expect(isFresh(NOW - MAX_STORY_AGE_MS, NOW)).toBe(true);
    expect(isFresh(NOW - MAX_STORY_AGE_MS - 1, NOW)).toBe(false);
    expect(isFresh(Number.NaN, NOW)).toBe(false);
    expect(isFresh(NOW + DAY, NOW)).toBe(false);
  });

  it('the last 20 stories are kept: the oldest and those older than 7 days are dropped', () => {
    const stories = Array.from({ length: MAX_STORIES + 2 }, (_, i) => story(i, NOW - i * 60_000));
    stories.push(story(99, NOW - 8 * DAY));
    expect(storiesToDrop(stories, NOW).sort()).toEqual([
      `${ORIGIN}/article/s20`,
      `${ORIGIN}/article/s21`,
      `${ORIGIN}/article/s99`,
    ]);
    expect(
      storiesToList(stories, NOW)
        .map((s) => s.headline)
        .slice(0, 3),
    ).toEqual(['S0', 'S1', 'S2']);
    expect(storiesToList(stories, NOW)).toHaveLength(MAX_STORIES);
  });
});

describe('the HTML the worker writes', () => {
  const page = `<!doctype html><html><head><title>Pigeon &amp; Mayor | The Daily Smear</title>
    <link rel="stylesheet" crossorigin href="/assets/index-oH02GmAC.css">
    <link rel="modulepreload" crossorigin href="/assets/react-AbCdEf12.js">
    <script type="module" crossorigin src="/assets/index-BsNd5OBb.js"></script>
  </head><body class="x"><div id="root"><header>Smear</header><main id="main-content" tabindex="-1"><h1 class="big">Pigeon &amp; <em>Mayor</em></h1></main></div>
  <script id="app-state" type="application/json">{}</script></body></html>`;

  it('a stored story answered offline: the notice first in its main content, the app’s script gone', () => {
    const html = offlineCopy(page, NOW);
    expect(html).toMatch(
      /<header>Smear<\/header><main id="main-content" tabindex="-1"><p id="offline-copy-notice" role="status"[^>]*>You&#39;re offline: this is the copy saved on 1 December 2026 at \d\d:45\.<\/p><h1/,
    );
    expect(offlineCopy('<body><p>x</p></body>', NOW)).toMatch(/^<body><p id="offline-copy-notice"/);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-oH02GmAC.css">');
  });

  it('a stored story’s header works as a scriptless page’s: the MENU link shown, the category bar it opens linked', () => {
    // The header as the server renders a story (the app's MENU button, the no-script link inside
    // <noscript>), and as it renders a page sent without script (preview and offline pages).
    const header = (scriptless: boolean) => {
      const router = createMemoryRouter([{ path: '*', element: createElement(SiteHeader) }], {
        initialEntries: ['/article/pigeon-elected-mayor'],
      });
      return renderToString(
        createElement(ScriptlessPageContext.Provider, { value: scriptless }, createElement(RouterProvider, { router })),
      );
    };
    const served = header(false);
    expect(served).toMatch(/<noscript><a href="#site-nav"[^>]*>MENU<\/a><\/noscript>/);
    const copy = offlineCopy(`<body><div id="root">${served}<main><h1>Pigeon</h1></main></div></body>`, NOW);

    // Offline the browser runs script, so a <noscript> would stay hidden: the link is out of it.
    expect(copy).not.toContain('<noscript>');
    expect(copy).toMatch(/<a href="#site-nav" class="[^"]*"[^>]*>MENU<\/a>/);
    // The bar carries the same classes as on a page rendered without script (CSS :target opens it).
    const navClasses = (html: string) =>
      /<nav\b[^>]*\bid="site-nav"[^>]*\bclass="([^"]*)"/.exec(html)![1]!.split(/\s+/).sort();
    expect(navClasses(copy)).toEqual(navClasses(header(true)));
    expect(navClasses(copy)).toContain('site-nav--linked');
    // The MENU button that needs the app is still there, hidden until the app runs (which it never does).
    expect(copy).toMatch(
      /<button type="button" class="[^"]*\bjs-only\b[^"]*" aria-expanded="false"[^>]*>MENU<\/button>/,
    );
    // A page without the header is left as it was (but for its script and the notice).
    expect(offlineCopy('<body><noscript><a href="/x">x</a></noscript></body>', NOW)).toContain('<noscript>');
  });

  it('a story’s headline: its <h1>, else its title without the site name', () => {
    expect(headlineOf(page)).toBe('Pigeon & Mayor');
    expect(headlineOf('<title>Cats &#x26; Dogs &#8212; Again | Site</title>')).toBe('Cats & Dogs — Again');
  });

  it('the offline page lists the stories as links, escaped, or says none is kept', () => {
    const offline = '<main><div><!--offline-stories--><p>server text</p><!--/offline-stories--></div></main>';
    const listed = withStories(offline, [{ url: `${ORIGIN}/article/a-b`, headline: 'Cats <b>& Dogs', savedAt: NOW }]);
    expect(listed).toMatch(
      /^<main><div><!--offline-stories--><h2>Stories you have read on this device are still here:<\/h2><ul><li><a href="\/article\/a-b">Cats &lt;b&gt;&amp; Dogs<\/a><span>Saved 1 December 2026 at \d\d:45<\/span><\/li><\/ul><!--\/offline-stories--><\/div><\/main>$/,
    );
    expect(withStories(offline, [])).toBe(
      `<main><div><!--offline-stories-->${storiesListHtml([])}<!--/offline-stories--></div></main>`,
    );
    expect(storiesListHtml([])).toBe('<p>Nothing saved yet: stories you open are kept here for reading offline.</p>');
  });

  it('what a page needs to look right: its hashed stylesheets and their fonts', () => {
    expect(stylesheetsOf(page)).toEqual(['/assets/index-oH02GmAC.css']);
    const css =
      '@font-face{src:url(/assets/anton-latin-400-normal-Byf51wtH.woff2) format("woff2")}' +
      '@font-face{src:url("/assets/source-serif-4-latin-400-normal-DJ5YJwmz.woff2")}.x{background:url(/images/a.png)}';
    expect(fontsOf(css)).toEqual([
      '/assets/anton-latin-400-normal-Byf51wtH.woff2',
      '/assets/source-serif-4-latin-400-normal-DJ5YJwmz.woff2',
    ]);
  });
});

describe('where the worker is registered', () => {
  it('public pages over https or on this machine; never the newsroom, never plain http elsewhere', () => {
    expect(mayRegister({ protocol: 'https:', hostname: 'smear.example', pathname: '/' })).toBe(true);
    expect(mayRegister({ protocol: 'http:', hostname: 'localhost', pathname: '/article/x' })).toBe(true);
    expect(mayRegister({ protocol: 'http:', hostname: '127.0.0.1', pathname: '/' })).toBe(true);
    expect(mayRegister({ protocol: 'http:', hostname: 'smear.example', pathname: '/' })).toBe(false);
    expect(mayRegister({ protocol: 'https:', hostname: 'smear.example', pathname: '/admin' })).toBe(false);
    expect(mayRegister({ protocol: 'https:', hostname: 'smear.example', pathname: '/admin/articles' })).toBe(false);
    expect(mayRegister({ protocol: 'https:', hostname: 'smear.example', pathname: '/administrators' })).toBe(true);
  });
});
