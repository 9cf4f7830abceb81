import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import type { AdminLiveEntry, LiveArticle } from '../types.ts';

export { json, problem, type Sent };

export function article(over: Partial<LiveArticle> = {}): LiveArticle {
  return {
    id: 7,
    headline: 'Goat Elected Mayor',
    slug: 'goat-elected-mayor',
    summary: 'A landslide.',
    body: { type: 'doc', content: [] },
    content: '',
    author: 'Staff',
    category: 'Politics',
    categoryId: 1,
    source: '',
    editorName: 'Ed',
    ratingOutOfTen: 5,
    comments: '',
    imageUrl: null,
    originalUrl: null,
    isBreaking: false,
    publishedAt: '2026-11-27T09:00:00.000Z',
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
    version: 3,
    status: 'published',
    publishAt: null,
    deletedAt: null,
    updatedBy: null,
    liveStartedAt: null,
    liveEndedAt: null,
    ...over,
  } as LiveArticle;
}

export function paragraph(text: string) {
  return {
    type: 'doc' as const,
    content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }],
  };
}

export function entry(id: number, text: string, over: Partial<AdminLiveEntry> = {}): AdminLiveEntry {
  return {
    id,
    articleId: 7,
    body: paragraph(text),
    bodyHtml: `<p>${text}</p>`,
    keyEvent: false,
    postedAt: new Date(Date.UTC(2026, 10, 27, 10, id)).toISOString(),
    updatedAt: null,
    author: 'Ed Itor',
    version: 1,
    updatedBy: null,
    shareToX: false,
    shareToFacebook: false,
    posts: [],
    ...over,
  };
}

/**
 * The live API in memory: the article, its entries, start/end, post, patch (409 on a stale
 * version), delete and revisions. `override` answers a request first (failures).
 */
export function fakeLiveApi(
  opts: {
    article?: LiveArticle;
    entries?: AdminLiveEntry[];
    connected?: { x: boolean; facebook: boolean };
    override?: (req: Sent) => Response | undefined;
  } = {},
) {
  const state = {
    article: opts.article ?? article(),
    entries: [...(opts.entries ?? [])],
    nextId: 100,
    /** Deleted for good (by an editor, or by the 30-day purge: `by` null): every request of it is a 404. */
    purged: undefined as { at: string; by: string | null } | undefined,
  };
  const newest = () => [...state.entries].sort((a, b) => b.postedAt.localeCompare(a.postedAt) || b.id - a.id);
  const respond = (req: Sent): Response => {
    const answer = opts.override?.(req);
    if (answer) return answer;
    const path = new URL(req.url, 'http://admin.test').pathname;
    const base = `/api/admin/articles/${state.article.id}`;
    if (path === '/api/admin/social/share-defaults')
      return json(200, { x: null, facebook: null, connected: opts.connected ?? { x: true, facebook: false } });
    // Deleted for good (as the server answers): its read says by whom and when, anything else is not found.
    if (state.purged && path === base && req.method === 'GET')
      return problem(404, 'Not Found', `Article ${state.article.id} was deleted for good.`, {
        purged: true,
        purgedAt: state.purged.at,
        purgedBy: state.purged.by,
        headline: state.article.headline,
      });
    if (state.purged && path.startsWith(base))
      return problem(404, 'Not Found', `Article ${state.article.id} was not found.`);
    // In the Trash (as the server answers): its read is a 404 saying so, every write of it a 409.
    const { deletedAt, headline } = state.article;
    if (deletedAt && path === base && req.method === 'GET')
      return problem(404, 'Not Found', `Article ${state.article.id} is in the trash.`, {
        deleted: true,
        deletedAt,
        headline,
      });
    if (deletedAt && path === `${base}/live/entries` && req.method === 'GET')
      return problem(404, 'Not Found', `Article ${state.article.id} was not found.`);
    if (deletedAt && path.startsWith(`${base}/live`) && req.method !== 'GET')
      return problem(409, 'Conflict', 'The article is in the trash: restore it first.', { deleted: true, deletedAt });
    if (path === base && req.method === 'GET') return json(200, state.article);
    if (path === `${base}/live/start` && req.method === 'POST') {
      state.article = {
        ...state.article,
        liveStartedAt: state.article.liveStartedAt ?? '2026-11-27T10:00:00.000Z',
        liveEndedAt: null,
      };
      return json(200, state.article);
    }
    if (path === `${base}/live/end` && req.method === 'POST') {
      state.article = { ...state.article, liveEndedAt: '2026-11-27T12:00:00.000Z' };
      return json(200, state.article);
    }
    if (path === `${base}/live/entries` && req.method === 'GET') return json(200, { entries: newest() });
    if (path === `${base}/live/entries` && req.method === 'POST') {
      const input = req.body as { body: AdminLiveEntry['body']; keyEvent?: boolean; shareToX?: boolean };
      const id = state.nextId++;
      const e = entry(id, 'posted', {
        body: input.body,
        bodyHtml: '<p>posted entry</p>',
        keyEvent: input.keyEvent ?? false,
        shareToX: input.shareToX ?? false,
        postedAt: new Date(Date.UTC(2026, 10, 27, 11, 0, id)).toISOString(),
      });
      state.entries.push(e);
      return json(201, e);
    }
    const m = /\/live\/entries\/(\d+)(\/revisions)?$/.exec(path);
    if (m) {
      const id = Number(m[1]);
      const i = state.entries.findIndex((e) => e.id === id);
      if (i < 0) return problem(404, 'Not Found', 'No such entry.');
      const cur = state.entries[i]!;
      if (m[2])
        return json(200, {
          revisions: [
            {
              version: cur.version,
              body: cur.body,
              keyEvent: cur.keyEvent,
              action: 'edit',
              editorName: 'Ann',
              at: cur.postedAt,
            },
            {
              version: 1,
              body: paragraph('first words'),
              keyEvent: false,
              action: 'post',
              editorName: 'Ed Itor',
              at: cur.postedAt,
            },
          ],
        });
      if (req.method === 'PATCH') {
        const input = req.body as { body: AdminLiveEntry['body']; keyEvent?: boolean; version: number };
        if (input.version !== cur.version)
          return problem(409, 'Conflict', `The entry was changed by Ann (now version ${cur.version}).`, {
            currentVersion: cur.version,
            changedBy: 'Ann',
            changedAt: cur.postedAt,
          });
        const next = {
          ...cur,
          body: input.body,
          bodyHtml: '<p>corrected</p>',
          keyEvent: input.keyEvent ?? cur.keyEvent,
          version: cur.version + 1,
          updatedBy: 'Ed Itor',
        };
        state.entries[i] = next;
        return json(200, next);
      }
      if (req.method === 'DELETE') {
        state.entries.splice(i, 1);
        return json(204, null);
      }
    }
    return problem(404, 'Not Found');
  };
  const { client, sent } = fakeApi(respond);
  return { client, sent, state };
}

export { renderInAdmin } from '@/testing/render-in-admin';
