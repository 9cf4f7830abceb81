import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { adminApi, settledShares, shareOf, connectBothAccounts } from '../test-support/shares.ts';

// The share choice in the article body (GET, POST, PUT) and the ingestion API's publish (POST with
// `published: true`), against the X and Facebook fakes over real HTTP (SQLite, and PostgreSQL in api-pg).
let env: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    // A provider call cut off by a slow, busy machine would be retried and refused as a duplicate.
    env: {
      JOBS_POLL_MS: '20',
      SHARE_RETRY_BASE_MS: '40',
      SOCIAL_HTTP_TIMEOUT_MS: '5000',
      PUBLIC_URL: 'https://dailysmear.example.com',
    },
  });
  api = adminApi(env.baseUrl, await env.bearer());
  await connectBothAccounts(env);
});
afterAll(async () => {
  await env?.close();
});

const article = (headline: string, extra: Record<string, unknown> = {}) => ({
  headline,
  category: 'Politics',
  summary: 'A summary.',
  content: 'Body.',
  ...extra,
});

describe('the share choice in the article body', () => {
  it('an ingested article published on creation is shared as its body chose, with its message', async () => {
    const res = await api(
      'POST',
      '/api/admin/articles',
      article('Ingested and shared at once', {
        published: true,
        shareToFacebook: false,
        shareMessage: '  Words for the posts  ',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shareToX: null, shareToFacebook: false, shareMessage: 'Words for the posts' });
    const shares = await settledShares(api, res.body.id);
    const link = `https://dailysmear.example.com/article/${res.body.slug}`;
    expect(shareOf(shares, 'x')).toMatchObject({ state: 'posted', message: `Words for the posts ${link}` });
    expect(shareOf(shares, 'facebook').state).toBeNull();
    expect(env.x.posts.filter((p) => p.text.includes(link))).toHaveLength(1);
    expect(env.fb.posts.some((p) => p.link === link)).toBe(false);
    // GET sends the stored choice.
    const got = await api('GET', `/api/admin/articles/${res.body.id}`);
    expect(got.body).toMatchObject({ shareToX: null, shareToFacebook: false, shareMessage: 'Words for the posts' });
  });

  it('a created draft queues nothing; PUT sets the choice, and a PUT without it leaves it alone', async () => {
    const created = await api('POST', '/api/admin/articles', article('Draft with a share choice', { shareToX: false }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({ shareToX: false, shareToFacebook: null, shareMessage: null });
    expect(
      (await api('GET', `/api/admin/articles/${id}/shares`)).body.shares.map((s: { state: unknown }) => s.state),
    ).toEqual([null, null]);

    const put = await api('PUT', `/api/admin/articles/${id}`, {
      ...article('Draft with a share choice'),
      version: created.body.version,
      shareToX: true,
      shareToFacebook: false,
      shareMessage: 'Edited words',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ shareToX: true, shareToFacebook: false, shareMessage: 'Edited words' });

    // An edit form that knows nothing of sharing keeps the choice.
    const plain = await api('PUT', `/api/admin/articles/${id}`, {
      ...article('Draft with a share choice', { summary: 'Changed.' }),
      version: put.body.version,
    });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ shareToX: true, shareToFacebook: false, shareMessage: 'Edited words' });

    // The choice route (the share panel) and the article agree.
    const choice = await api('PUT', `/api/admin/articles/${id}/shares/choice`, { shareMessage: null });
    expect(choice.status).toBe(200);
    expect(choice.body.choice).toEqual({ shareToX: true, shareToFacebook: false, shareMessage: null });
    expect((await api('GET', `/api/admin/articles/${id}`)).body.shareMessage).toBeNull();

    // A blank message is no message (the headline is posted).
    const blank = await api('PUT', `/api/admin/articles/${id}`, {
      ...article('Draft with a share choice'),
      version: plain.body.version,
      shareMessage: '   ',
    });
    expect(blank.body.shareMessage).toBeNull();

    expect((await api('POST', `/api/admin/articles/${id}/publish`)).status).toBe(200);
    const shares = await settledShares(api, id);
    expect(shareOf(shares, 'x').state).toBe('posted');
    expect(shareOf(shares, 'x').message).toMatch(/^Draft with a share choice https:/);
    expect(shareOf(shares, 'facebook').state).toBeNull();
  });

  it("fields left out follow the Social page's defaults at publication", async () => {
    expect((await api('PUT', '/api/admin/social/share-defaults', { x: false })).status).toBe(200);
    try {
      const res = await api('POST', '/api/admin/articles', article('Shared by the defaults', { published: true }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ shareToX: null, shareToFacebook: null });
      const shares = await settledShares(api, res.body.id);
      expect(shareOf(shares, 'x').state).toBeNull();
      expect(shareOf(shares, 'facebook').state).toBe('posted');
      // An explicit choice wins over the default.
      const own = await api(
        'POST',
        '/api/admin/articles',
        article('Shared despite the default', { published: true, shareToX: true }),
      );
      expect(shareOf(await settledShares(api, own.body.id), 'x').state).toBe('posted');
    } finally {
      await api('PUT', '/api/admin/social/share-defaults', { x: null });
    }
  });

  it('lists leave the choice out', async () => {
    const list = await api('GET', '/api/admin/articles?pageSize=10');
    expect(list.status).toBe(200);
    expect(list.body.articles.length).toBeGreaterThan(0);
    for (const a of list.body.articles) expect(a).not.toHaveProperty('shareToX');
  });

  it.each([
    [{ shareToX: 'yes' }, 'shareToX'],
    [{ shareToFacebook: 1 }, 'shareToFacebook'],
    [{ shareMessage: 'x'.repeat(2001) }, 'shareMessage'],
    [{ shareMessage: 42 }, 'shareMessage'],
  ])('a bad share field %j is a 400 problem naming the field', async (extra, field) => {
    const res = await api('POST', '/api/admin/articles', article('Bad share field', extra));
    expect(res.status).toBe(400);
    expect(res.type).toContain('application/problem+json');
    expect(res.body.errors.map((e: { name: string }) => e.name)).toContain(field);
    const created = await api('POST', '/api/admin/articles', article('Good article for a bad edit'));
    const put = await api('PUT', `/api/admin/articles/${created.body.id}`, {
      ...article('Good article for a bad edit'),
      version: created.body.version,
      ...extra,
    });
    expect(put.status).toBe(400);
    expect(put.type).toContain('application/problem+json');
  });
});
