import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../common/admin-contract.ts';
import { createSocial } from '../../sharing/social-clients.ts';
import { adminApi, connectFacebook, connectX, settledShares, shareOf } from '../../test-support/shares.ts';
import { insertArticle } from '../../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Every audit row names who, what, which article and which platform: the rows of the social posts
 * (queued, attempt, posted, retry, failed, deleted) keep no copy of the article, so the trail names
 * the article by its headline now; a test post that went out is recorded with its account.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
let authorization: string;
const EDITOR = { sub: 'editor-audit', name: 'Audrey Audit' };

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    fakeProviders: true,
    captureLogs: true,
    // No hang is tested here: a generous provider timeout keeps a busy machine from failing the setup.
    env: { JOBS_POLL_MS: '20', SHARE_RETRY_BASE_MS: '40', SHARE_MAX_ATTEMPTS: '2', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
  });
  authorization = await t.bearer(EDITOR);
  api = adminApi(t.baseUrl, authorization);
  const social = createSocial(t.config, t.database);
  await connectX(social, t.x, t.config.siteName);
  await connectFacebook(social, t.fb, t.config.siteName);
});
afterAll(async () => t?.close());

/** POST /api/social/testpublish (answers the post id as text): its status. */
async function testPost(platform: 'x' | 'facebook', message: string): Promise<number> {
  const res = await fetch(`${t.baseUrl}/api/social/testpublish`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ platform, message, persona: t.config.siteName }),
  });
  await res.text();
  return res.status;
}

async function audit(query = ''): Promise<AuditEntry[]> {
  const res = await api('GET', `/api/admin/audit${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries as AuditEntry[];
}

describe('the audit rows of social posts', () => {
  it('publish with sharing, a failed post retried, a post deleted: each row names the article and platform', async () => {
    const article = await insertArticle(t.database.db, { headline: 'Goat Elected Harbour Master' });
    t.fb.fail('server-error');
    try {
      expect((await api('POST', `/api/admin/articles/${article.id}/publish`)).status).toBe(200);
      const first = await settledShares(api, article.id);
      expect(shareOf(first, 'x').state).toBe('posted');
      expect(shareOf(first, 'facebook').state).toBe('failed');
    } finally {
      t.fb.fail(null);
    }
    expect((await api('POST', `/api/admin/articles/${article.id}/shares/facebook/retry`)).status).toBe(202);
    const again = await settledShares(api, article.id);
    expect(shareOf(again, 'facebook').state).toBe('posted');
    expect((await api('DELETE', `/api/admin/articles/${article.id}/shares/x`)).status).toBe(200);

    const rows = (await audit()).filter((e) => e.articleId === article.id);
    const shareRows = rows.filter((e) => e.action.startsWith('share-'));
    expect(new Set(shareRows.map((e) => e.action))).toEqual(
      new Set(['share-queued', 'share-attempt', 'share-posted', 'share-failed', 'share-retry', 'share-deleted']),
    );
    for (const row of shareRows) {
      expect(row.headline, row.action).toBe('Goat Elected Harbour Master');
      expect(['x', 'facebook'], row.action).toContain(row.platform);
      expect(row.editorName, row.action).not.toBe('');
    }
    expect(shareRows.find((e) => e.action === 'share-deleted')).toMatchObject({
      platform: 'x',
      editorName: EDITOR.name,
    });
    expect(shareRows.find((e) => e.action === 'share-retry' && e.editorName === EDITOR.name)).toMatchObject({
      platform: 'facebook',
    });
    expect(shareRows.find((e) => e.action === 'share-failed')).toMatchObject({ platform: 'facebook' });
    expect(shareRows.find((e) => e.action === 'share-failed')!.detail).toMatch(/^attempt \d+ · ./);
    // The article's own rows keep naming it as before, with no platform.
    expect(rows.find((e) => e.action === 'publish')).toMatchObject({ headline: article.headline, platform: null });
    // The share actions can be filtered.
    const deleted = await audit('?action=share-deleted');
    expect(deleted.map((e) => e.articleId)).toEqual([article.id]);
  });

  it('a test post that went out is recorded: who, the platform and the account; a refused one is not', async () => {
    const before = (await audit('?action=test-publish')).length;
    expect(await testPost('facebook', 'Testing, testing')).toBe(200);
    expect(await testPost('x', 'Hello')).toBe(200);
    t.x.fail('server-error', ['tweets']);
    try {
      expect(await testPost('x', 'Refused')).toBeGreaterThanOrEqual(400);
    } finally {
      t.x.fail(null);
    }
    const rows = await audit('?action=test-publish');
    expect(rows).toHaveLength(before + 2);
    expect(rows[0]).toMatchObject({ platform: 'x', articleId: 0, headline: '', editorName: EDITOR.name });
    expect(rows[0]!.detail).toMatch(/^as @\w+/);
    expect(rows[1]).toMatchObject({ platform: 'facebook', articleId: 0, editorName: EDITOR.name });
    // The page by the name Facebook gives it, and its id.
    expect(rows[1]!.detail).toBe(`as ${t.fb.pageName} (page ${t.config.social.facebookPageId})`);
  });
});
