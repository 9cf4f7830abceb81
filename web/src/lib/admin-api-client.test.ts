import { describe, expect, it } from 'vitest';
import {
  adminRequest,
  AdminApiError,
  AUTH_REQUIRED,
  describeFailure,
  NO_ACCESS_TOKEN,
  purgedArticleOf,
  shouldRetryAdminRequest,
  trashedArticleOf,
} from './admin-api-client.ts';

/** The AdminApiError a request fails with (fails the test if it succeeds). */
function failure(p: Promise<unknown>): Promise<AdminApiError> {
  return p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e as AdminApiError,
  );
}

const messages = { failed: 'Failed to load articles', error: 'Error loading articles' };

function clientWith(fetchImpl: typeof fetch, token: () => Promise<string> = async () => 'tok-123') {
  return { getAccessToken: token, fetch: fetchImpl };
}

describe('adminRequest', () => {
  it('sends the bearer token and the JSON content type, and returns the JSON', async () => {
    let seen: { url: string; init?: RequestInit } | undefined;
    const client = clientWith(async (url, init) => {
      seen = { url: String(url), init };
      return new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await expect(
      adminRequest(client, '/api/admin/x', messages, { method: 'PUT', body: { categoryId: 2 } }),
    ).resolves.toEqual({ ok: 1 });
    const headers = seen?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(seen?.init?.method).toBe('PUT');
    expect(seen?.init?.body).toBe('{"categoryId":2}');
  });

  it("gives 'Failed ...' with status and status text when the response is not OK", async () => {
    const client = clientWith(async () => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const err = await failure(adminRequest(client, '/x', messages));
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err.message).toBe('Failed to load articles');
    expect(err.details).toBe('503 Service Unavailable');
    expect(err.status).toBe(503);
  });

  it('adds the problem detail to the details', async () => {
    const body = JSON.stringify({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'pageSize must be one of 10, 20, 50, 100 or -1',
    });
    const client = clientWith(
      async () =>
        new Response(body, { status: 400, statusText: '', headers: { 'content-type': 'application/problem+json' } }),
    );
    const err = await failure(adminRequest(client, '/x', messages));
    expect(err.details).toBe('400 Bad Request: pageSize must be one of 10, 20, 50, 100 or -1');
  });

  it("gives 'Error ...' with the exception message when fetch throws", async () => {
    const client = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(adminRequest(client, '/x', messages));
    expect(err.message).toBe('Error loading articles');
    expect(err.details).toBe('Failed to fetch');
  });

  it('uses the 401 message where one is given (the dashboard)', async () => {
    const client = clientWith(async () => new Response('', { status: 401, statusText: 'Unauthorized' }));
    const err = await failure(adminRequest(client, '/x', { ...messages, unauthorized: AUTH_REQUIRED }));
    expect(err.message).toBe('Authentication required. Please log in again.');
    const other = await failure(adminRequest(client, '/x', messages));
    expect(other.message).toBe('Failed to load articles');
  });

  it("says 'No access token available' when no token can be had, without calling the API", async () => {
    let called = false;
    const fetchImpl = async () => {
      called = true;
      return new Response('{}');
    };
    const err = await failure(
      adminRequest(
        clientWith(fetchImpl, async () => Promise.reject(new Error('login_required'))),
        '/x',
        messages,
      ),
    );
    expect(err.message).toBe(NO_ACCESS_TOKEN);
    const empty = await failure(
      adminRequest(
        clientWith(fetchImpl, async () => ''),
        '/x',
        messages,
      ),
    );
    expect(empty.message).toBe(NO_ACCESS_TOKEN);
    expect(called).toBe(false);
  });

  it('returns undefined for 204 No Content', async () => {
    const client = clientWith(async () => new Response(null, { status: 204 }));
    await expect(adminRequest(client, '/x', messages, { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('describeFailure and retries', () => {
  it('falls back to the problem title when there is no status text', () => {
    expect(describeFailure(404, '', { title: 'Not Found' })).toBe('404 Not Found');
    expect(describeFailure(500, '')).toBe('500');
  });
  it('retries network errors and 5xx up to 3 times, never 4xx or a missing token', () => {
    expect(shouldRetryAdminRequest(0, new AdminApiError('Failed', '500', 500))).toBe(true);
    expect(shouldRetryAdminRequest(3, new AdminApiError('Failed', '500', 500))).toBe(false);
    expect(shouldRetryAdminRequest(0, new AdminApiError('Failed', '404', 404))).toBe(false);
    expect(shouldRetryAdminRequest(0, new AdminApiError(NO_ACCESS_TOKEN))).toBe(false);
    expect(shouldRetryAdminRequest(1, new AdminApiError('Error loading articles', 'Failed to fetch'))).toBe(true);
  });
});

describe('an article gone from the newsroom', () => {
  const read = (problem: Record<string, unknown>, status = 404) =>
    new AdminApiError('Failed to load article details', 'x', status, problem);

  it('tells an article deleted for good, by whom and when, from one in the Trash and from a bad address', () => {
    const purged = read({
      purged: true,
      purgedAt: '2026-12-01T10:00:00.000Z',
      purgedBy: 'Petra Purge',
      headline: 'Gone',
    });
    expect(purgedArticleOf(purged)).toEqual({
      headline: 'Gone',
      purgedAt: '2026-12-01T10:00:00.000Z',
      purgedBy: 'Petra Purge',
    });
    expect(trashedArticleOf(purged)).toBeUndefined();
    // The 30-day purge names nobody; a headline the trail did not keep is left out.
    expect(
      purgedArticleOf(read({ purged: true, purgedAt: '2026-12-01T10:00:00.000Z', purgedBy: null, headline: '' })),
    ).toEqual({
      purgedAt: '2026-12-01T10:00:00.000Z',
      purgedBy: null,
    });
    const trashed = read({ deleted: true, deletedAt: '2026-12-01T10:00:00.000Z', headline: 'In the bin' });
    expect(purgedArticleOf(trashed)).toBeUndefined();
    expect(trashedArticleOf(trashed)).toEqual({ headline: 'In the bin', deletedAt: '2026-12-01T10:00:00.000Z' });
    expect(purgedArticleOf(read({}))).toBeUndefined();
    // Only a read's 404 says so.
    expect(purgedArticleOf(read({ purged: true }, 409))).toBeUndefined();
    expect(purgedArticleOf(new Error('offline'))).toBeUndefined();
  });
});
