import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharesOfArticles } from '../../../../common/admin-contract.ts';
import { createSocial } from '../social-clients.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// GET /api/admin/shares?articleIds=...: the article list's share states in one request.
let env: TestApp;
let authorization: string;

beforeAll(async () => {
  env = await createTestApp();
  authorization = await env.bearer();
});
afterAll(async () => {
  await env?.close();
});

const get = (url: string, auth = true) =>
  env.app.inject({ method: 'GET', url, headers: auth ? { authorization } : {} });

describe('GET /api/admin/shares', () => {
  it("gives each asked article's shares, in the order asked, with a null state for a platform never shared", async () => {
    const [a, b] = await insertArticles(env.database.db, [{}, {}]);
    const now = new Date().toISOString();
    const row = { message: 'm', link: 'http://news.test/article/x', attempts: 1, created_at: now, updated_at: now };
    await env.database.db
      .withTables<{ social_shares: Record<string, unknown> }>()
      .insertInto('social_shares')
      .values([
        { ...row, article_id: a!.id, platform: 'x', state: 'posted', post_id: '11', post_url: 'https://x.com/i/11' },
        { ...row, article_id: b!.id, platform: 'facebook', state: 'failed', reason: 'The token was revoked' },
      ])
      .execute();

    const res = await get(`/api/admin/shares?articleIds=${b!.id},${a!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SharesOfArticles;
    expect(body.articles.map((x) => x.articleId)).toEqual([b!.id, a!.id]);
    const [ofB, ofA] = body.articles;
    expect(ofA!.shares.find((s) => s.platform === 'x')).toMatchObject({
      state: 'posted',
      postUrl: 'https://x.com/i/11',
      connected: false,
    });
    expect(ofA!.shares.find((s) => s.platform === 'facebook')!.state).toBeNull();
    expect(ofB!.shares.find((s) => s.platform === 'facebook')).toMatchObject({
      state: 'failed',
      reason: 'The token was revoked',
    });
  });

  it("lists a live story's key-event posts that are on X or Facebook now, never a failed or deleted one", async () => {
    const [live, plain] = await insertArticles(env.database.db, [{ published_at: new Date().toISOString() }, {}]);
    const send = (method: 'POST', url: string, payload?: object) =>
      env.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
    expect((await send('POST', `/api/admin/articles/${live!.id}/live/start`)).statusCode).toBe(200);
    const keyEvent = async (text: string) => {
      const res = await send('POST', `/api/admin/articles/${live!.id}/live/entries`, {
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        keyEvent: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const [posted, refused] = [await keyEvent('The goat wins.'), await keyEvent('The goat concedes.')];
    const now = new Date().toISOString();
    const row = {
      message: 'm',
      link: `http://news.test/article/${live!.slug}`,
      attempts: 1,
      created_at: now,
      updated_at: now,
    };
    await env.database.db
      .withTables<{ social_shares: Record<string, unknown> }>()
      .insertInto('social_shares')
      .values([
        // The story's own post: in `shares`, not among the key events'.
        {
          ...row,
          article_id: live!.id,
          entry_id: 0,
          platform: 'x',
          state: 'posted',
          post_id: '20',
          post_url: 'https://x.com/i/20',
        },
        {
          ...row,
          article_id: live!.id,
          entry_id: posted,
          platform: 'x',
          state: 'posted',
          post_id: '21',
          post_url: 'https://x.com/i/21',
        },
        {
          ...row,
          article_id: live!.id,
          entry_id: posted,
          platform: 'facebook',
          state: 'posted',
          post_id: '1_21',
          post_url: 'https://www.facebook.com/1_21',
        },
        { ...row, article_id: live!.id, entry_id: refused, platform: 'x', state: 'failed', reason: 'Refused' },
        { ...row, article_id: live!.id, entry_id: refused, platform: 'facebook', state: 'deleted', post_id: '1_22' },
      ])
      .execute();

    const res = await get(`/api/admin/shares?articleIds=${live!.id},${plain!.id}`);
    expect(res.statusCode).toBe(200);
    const [ofLive, ofPlain] = (res.json() as SharesOfArticles).articles;
    expect(ofLive!.entryPosts).toEqual([
      { entryId: posted, platform: 'x' },
      { entryId: posted, platform: 'facebook' },
    ]);
    expect(ofLive!.shares.find((s) => s.platform === 'x')).toMatchObject({ state: 'posted', postId: '20' });
    expect(ofPlain).toEqual({ articleId: plain!.id, shares: expect.any(Array), entryPosts: [] });
  });

  it('refuses a bad or too long id list with a problem, and strangers', async () => {
    for (const q of [
      '',
      'articleIds=',
      'articleIds=1,,2',
      'articleIds=abc',
      'articleIds=0',
      'articleIds=99999999999',
    ]) {
      const res = await get(`/api/admin/shares?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(`/api/admin/shares?articleIds=${many}`)).statusCode).toBe(400);
    expect((await get('/api/admin/shares?articleIds=1', false)).statusCode).toBe(401);
  });
});

describe('/api/admin/social/share-defaults', () => {
  it('says which accounts are connected beside the defaults, and keeps a default set', async () => {
    const before = await get('/api/admin/social/share-defaults');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ x: null, facebook: null, connected: { x: false, facebook: false } });
    await createSocial(env.config, env.database).tokens.put('facebook', env.config.siteName, {
      accessToken: 'page-token',
      refreshToken: null,
      expiresAt: null,
      scope: '',
    });
    const put = await env.app.inject({
      method: 'PUT',
      url: '/api/admin/social/share-defaults',
      headers: { authorization },
      payload: { x: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ x: false, facebook: null, connected: { x: false, facebook: true } });
    expect((await get('/api/admin/social/share-defaults')).json()).toMatchObject({ x: false, facebook: null });
  });
});
