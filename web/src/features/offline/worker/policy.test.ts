import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ScriptlessPageContext } from '@/components/layout/scriptless-page';
import { SiteHeader } from '@/components/layout/site-header';
import { KEEP_STORY_AGAIN, type KeepStoryAgainMessage } from '@common/offline-contract';
import { ArticleShareActions } from '@/features/share/components/article-share-actions';
import { LiveBlogView } from '@/features/live/components/live-blog-view';
import { blog, entry } from '@/features/live/testing/entries';
import {
  MAX_PICTURES,
  MAX_PICTURES_PER_STORY,
  MAX_PICTURE_BYTES,
  MAX_STORIES,
  MAX_STORY_AGE_MS,
  dropsCopy,
  fontsOf,
  handlingOf,
  headlineOf,
  isFresh,
  isStorable,
  isStorablePicture,
  offlineCopy,
  pictureKey,
  picturesOf,
  picturesToKeep,
  storiesListHtml,
  storiesToDrop,
  storiesToList,
  SHARED_CACHE_DELAY_MS,
  storyKey,
  storyToKeepAgain,
  stylesheetsOf,
  textOf,
  withStories,
  type StoredStory,
} from './policy';
import { KEEP_AGAIN_EVERY_MS, liveCopyKeeper } from '../live-copy';
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

  it('a picture only when a copy answered offline names it (marked), on this site; kept under its own address', () => {
    expect(handlingOf(get('/images/abc-960.webp?offline-copy', 'no-cors'), ORIGIN)).toBe('picture');
    expect(handlingOf(get('/images/demo/cloud.svg?v=2&offline-copy', 'no-cors'), ORIGIN)).toBe('picture');
    expect(handlingOf(get('/images/abc-960.webp', 'no-cors'), ORIGIN)).toBe('pass');
    expect(
      handlingOf({ method: 'GET', url: 'https://cdn.example/images/a.webp?offline-copy', mode: 'no-cors' }, ORIGIN),
    ).toBe('pass');
    expect(handlingOf(get('/api/x.png?offline-copy', 'no-cors'), ORIGIN)).toBe('pass');
    expect(pictureKey(`${ORIGIN}/images/abc-960.webp?offline-copy`)).toBe('/images/abc-960.webp');
    expect(pictureKey(`${ORIGIN}/images/demo/cloud.svg?v=2&offline-copy`)).toBe('/images/demo/cloud.svg?v=2');
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

  it('a picture: a whole image anyone may store, not too large', () => {
    const image = (status: number, headers: Record<string, string> = {}) =>
      answer(status, { 'content-type': 'image/webp', ...headers });
    expect(isStorablePicture(image(200))).toBe(true);
    expect(isStorablePicture(image(200, { 'content-length': String(MAX_PICTURE_BYTES) }))).toBe(true);
    expect(isStorablePicture(image(200, { 'content-length': String(MAX_PICTURE_BYTES + 1) }))).toBe(false);
    expect(isStorablePicture(image(200, { 'cache-control': 'private' }))).toBe(false);
    expect(isStorablePicture(image(404))).toBe(false);
    expect(isStorablePicture(image(200, {}))).toBe(true);
    expect(isStorablePicture(answer(200))).toBe(false);
    expect(isStorablePicture(answer(200, { 'content-type': 'image/png' }, 'opaque'))).toBe(false);
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

  it('a story’s pictures go with it; in all at most MAX_PICTURES, the latest stories’ first', () => {
    const withPictures = (n: number, savedAt: number, count: number): StoredStory => ({
      ...story(n, savedAt),
      pictures: Array.from({ length: count }, (_, i) => `/images/s${n}-p${i}.webp`),
    });
    // Beyond the last 20 and older than 7 days: their pictures are not kept.
    const stories = Array.from({ length: MAX_STORIES + 1 }, (_, i) => withPictures(i, NOW - i * 60_000, 1));
    stories.push(withPictures(99, NOW - 8 * DAY, 1));
    // Shared by two stories: kept once.
    stories[1] = { ...stories[1]!, pictures: ['/images/s0-p0.webp', '/images/s1-p0.webp'] };
    const kept = picturesToKeep(stories, NOW);
    expect(kept.has('/images/s0-p0.webp')).toBe(true);
    expect(kept.has('/images/s19-p0.webp')).toBe(true);
    expect(kept.has('/images/s20-p0.webp')).toBe(false);
    expect(kept.has('/images/s99-p0.webp')).toBe(false);
    expect(kept.size).toBe(MAX_STORIES);
    // A story unpublished (its copy dropped): its pictures are no longer among those kept.
    expect(picturesToKeep(stories.slice(1), NOW).has('/images/s0-p0.webp')).toBe(true);
    expect(picturesToKeep(stories.slice(2), NOW).has('/images/s0-p0.webp')).toBe(false);

    const many = Array.from({ length: 10 }, (_, i) => withPictures(i, NOW - i * 60_000, MAX_PICTURES_PER_STORY));
    const bounded = picturesToKeep(many, NOW);
    expect(bounded.size).toBe(MAX_PICTURES);
    expect(bounded.has('/images/s0-p0.webp')).toBe(true);
    expect(bounded.has('/images/s9-p0.webp')).toBe(false);
  });
});

describe('the pictures kept with a story', () => {
  const id = (c: string) => c.repeat(32);
  const uploaded = (imageId: string, src: number, sizes: string) =>
    `<img srcSet="/images/${imageId}-480.webp 480w, /images/${imageId}-960.webp 960w, /images/${imageId}-1600.webp 1600w" ` +
    `sizes="${sizes}" src="/images/${imageId}-${src}.webp" alt="A picture" width="1280" height="720">`;
  const story =
    `<body><main><article class="mx-auto"><figure>${uploaded(id('a'), 1600, '(min-width: 50rem) 48rem')}</figure>` +
    `<div class="article-body"><p>x</p><figure>${uploaded(id('b'), 960, '100vw')}</figure>` +
    `<img src="https://cdn.example/c.webp" alt="elsewhere"><img src="/images/demo/cloud.svg?v=1&amp;x=2" alt="cloud">` +
    `<img src="${ORIGIN}/images/${id('d')}-480.webp" alt="absolute"></div></article>` +
    `<section><article><img src="/images/demo/teaser.svg" alt="a teaser"></article></section></main></body>`;

  it('the main picture and the body’s, on this site, at the width a phone or a desktop column loads; no teaser, nothing from another site', () => {
    expect(picturesOf(story, `${ORIGIN}/article/pigeon`)).toEqual([
      `/images/${id('a')}-960.webp`,
      `/images/${id('b')}-960.webp`,
      '/images/demo/cloud.svg?v=1&x=2',
      `/images/${id('d')}-480.webp`,
    ]);
    expect(picturesOf('<body><main><p>No article</p><img src="/x.png"></main></body>', `${ORIGIN}/article/x`)).toEqual(
      [],
    );
  });

  it('at most MAX_PICTURES_PER_STORY of a story, in page order', () => {
    const body = Array.from({ length: 12 }, (_, i) => `<img src="/images/p${i}.png" alt="">`).join('');
    const pictures = picturesOf(`<article>${body}</article>`, `${ORIGIN}/article/x`);
    expect(pictures).toHaveLength(MAX_PICTURES_PER_STORY);
    expect(pictures[0]).toBe('/images/p0.png');
  });

  it('offline, the copy’s kept pictures are asked for from the worker, that width only; the others are left as they were', () => {
    const kept = new Set([`/images/${id('a')}-960.webp`, '/images/demo/cloud.svg?v=1&x=2']);
    const html = offlineCopy(story, NOW, { pageUrl: `${ORIGIN}/article/pigeon`, kept });
    const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    expect(imgs[0]).toBe(
      `<img src="/images/${id('a')}-960.webp?offline-copy" alt="A picture" width="1280" height="720">`,
    );
    expect(imgs[1]).toContain(`srcSet="/images/${id('b')}-480.webp 480w`);
    expect(imgs[1]).toContain(`src="/images/${id('b')}-960.webp"`);
    expect(imgs[2]).toBe('<img src="https://cdn.example/c.webp" alt="elsewhere">');
    expect(imgs[3]).toBe('<img src="/images/demo/cloud.svg?v=1&amp;x=2&amp;offline-copy" alt="cloud">');
    expect(offlineCopy(story, NOW)).not.toContain('offline-copy"');
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
  });

  it('a stored story’s share buttons as on a page read without script: the plain links, no blank space for the dialog’s button', () => {
    const share = renderToString(
      createElement(ArticleShareActions, {
        share: { url: `${ORIGIN}/article/pigeon`, title: 'Pigeon', description: 'A pigeon.' },
      }),
    );
    // As served: the button that opens the dialog (hidden until the app runs, in its box), the links in <noscript>.
    expect(share).toMatch(/<button[^>]*>Share on Social<\/button>/);
    expect(share).toContain('<noscript>');
    const copy = offlineCopy(`<body><main><h1>Pigeon</h1>${share}</main></body>`, NOW);
    expect(copy).not.toContain('Share on Social');
    expect(copy).not.toContain('<noscript>');
    expect(copy).toMatch(
      /<a href="https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=[^"]+"[^>]*>Share on Facebook<\/a>/,
    );
    expect(copy).toMatch(/<a href="[^"]+"[^>]*>Share on X<\/a>/);
    expect(copy).toContain('Email This Scandal');
  });

  it('a live blog’s copy: its running status says “Paused offline” (no dot, as an ended one looks); an ended coverage’s status stays', () => {
    const live = (coverageEndTime: string | null) => {
      const view = createElement(LiveBlogView, {
        articleId: 7,
        slug: 'goose-live',
        blog: blog([entry(2, 10, 'Goose wins')], { coverageEndTime }),
      });
      const router = createMemoryRouter([{ path: '*', element: view }], { initialEntries: ['/article/goose-live'] });
      return renderToString(createElement(RouterProvider, { router }));
    };
    /** The status element as written: its class and its inner HTML. */
    const status = (html: string) => {
      const m = /<p class="([^"]*)" data-testid="live-status">([\s\S]*?)<\/p>/.exec(html)!;
      return { className: m[1], inner: m[2]!, text: textOf(m[2]!) };
    };
    const running = live(null);
    // As served: 'Live' with its red dot.
    expect(status(running)).toEqual({
      className: 'live-status',
      inner: '<span class="live-status__dot" aria-hidden="true"></span>Live',
      text: 'Live',
    });
    const copy = offlineCopy(`<body><main><h1>Goose</h1>${running}</main></body>`, NOW);
    expect(status(copy)).toEqual({
      className: 'live-status live-status--ended',
      inner: 'Paused offline',
      text: 'Paused offline',
    });
    expect(copy).not.toContain('live-status__dot');
    expect(copy).not.toMatch(/>Live</);
    expect(copy).toContain('<p>Goose wins</p>');
    // Coverage ended: its status says so, and stays as served.
    const ended = live('2026-11-27T13:00:00.000Z');
    expect(status(ended).text).toMatch(/^Coverage ended /);
    expect(status(offlineCopy(`<body><main><h1>Goose</h1>${ended}</main></body>`, NOW))).toEqual(status(ended));
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

describe('a live blog’s page asks the worker to keep its story again', () => {
  const ask = (over: Partial<KeepStoryAgainMessage> | Record<string, unknown> = {}) => ({
    type: KEEP_STORY_AGAIN,
    url: `${ORIGIN}/article/goose-live`,
    changedAt: NOW - 500,
    ...over,
  });

  it('a story of this site, under its key; fetched once the shared cache has the change, never later', () => {
    expect(storyToKeepAgain(ask(), ORIGIN, NOW)).toEqual({
      key: `${ORIGIN}/article/goose-live`,
      waitMs: SHARED_CACHE_DELAY_MS - 500,
    });
    // The query goes, as for a navigation's copy.
    expect(storyToKeepAgain(ask({ url: `${ORIGIN}/article/goose-live?utm_source=x` }), ORIGIN, NOW)?.key).toBe(
      `${ORIGIN}/article/goose-live`,
    );
    expect(storyToKeepAgain(ask({ changedAt: NOW - 60_000 }), ORIGIN, NOW)?.waitMs).toBe(0);
    // A time in the future or none: at most the shared cache's delay.
    expect(storyToKeepAgain(ask({ changedAt: NOW + 60_000 }), ORIGIN, NOW)?.waitMs).toBe(SHARED_CACHE_DELAY_MS);
    expect(storyToKeepAgain(ask({ changedAt: 'soon' }), ORIGIN, NOW)?.waitMs).toBe(SHARED_CACHE_DELAY_MS);
  });

  it('nothing for another site, a page that is not a story, older entries, or any other message', () => {
    for (const url of [
      'https://other.example/article/goose-live',
      `${ORIGIN}/`,
      `${ORIGIN}/politics`,
      `${ORIGIN}/admin/articles/7`,
      `${ORIGIN}/article/goose-live?before=12`,
      `${ORIGIN}/article/a/b`,
      'not a url',
      '/article/goose-live',
    ])
      expect(storyToKeepAgain(ask({ url }), ORIGIN, NOW), url).toBeNull();
    for (const data of [null, undefined, 'keep', 7, {}, ask({ type: 'other' }), ask({ url: 42 })])
      expect(storyToKeepAgain(data, ORIGIN, NOW)).toBeNull();
  });

  it('at once for the first change, then at most once a minute while changes keep coming, and when the page is hidden', () => {
    let now = NOW;
    let controlled = true;
    const posted: KeepStoryAgainMessage[] = [];
    let timer: { run: () => void; at: number } | null = null;
    const keeper = liveCopyKeeper({
      now: () => now,
      post: (message) => {
        if (controlled) posted.push(message);
        return controlled;
      },
      setTimer: (run, ms) => (timer = { run, at: now + ms }),
      clearTimer: (t) => {
        if (t === timer) timer = null;
      },
    });
    /** Time passes: the timer due runs. */
    const advance = (ms: number) => {
      now += ms;
      if (timer && timer.at <= now) {
        const { run } = timer;
        timer = null;
        run();
      }
    };
    const story = `${ORIGIN}/article/goose-live`;

    // Hidden with nothing changed: nothing asked.
    keeper.hidden();
    expect(posted).toEqual([]);
    keeper.changed(story);
    advance(0);
    expect(posted).toEqual([{ type: KEEP_STORY_AGAIN, url: story, changedAt: NOW }]);
    // More entries within the minute: one ask, a minute after the last.
    advance(10_000);
    keeper.changed(story);
    advance(20_000);
    keeper.changed(story);
    advance(29_999);
    expect(posted).toHaveLength(1);
    advance(1);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual({ type: KEEP_STORY_AGAIN, url: story, changedAt: NOW + 30_000 });
    expect(now - NOW).toBe(KEEP_AGAIN_EVERY_MS);
    // Hidden after a change: asked at once, and the minute's ask is not made again.
    advance(5_000);
    keeper.changed(story);
    keeper.hidden();
    expect(posted).toHaveLength(3);
    advance(KEEP_AGAIN_EVERY_MS);
    keeper.hidden();
    expect(posted).toHaveLength(3);
    // No worker controls the page: nothing posted; the change is asked for once one does.
    controlled = false;
    keeper.changed(story);
    advance(KEEP_AGAIN_EVERY_MS);
    keeper.hidden();
    expect(posted).toHaveLength(3);
    controlled = true;
    keeper.hidden();
    expect(posted).toHaveLength(4);
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
