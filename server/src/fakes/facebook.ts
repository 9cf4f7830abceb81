import crypto from 'node:crypto';
import type http from 'node:http';
import { json, listen, randomToken, type FakeServer } from './http-util.ts';

export type FacebookFailure = 'expired' | 'rate-limit' | 'server-error' | 'hang';

export interface FakeFacebookOptions {
  appId?: string;
  appSecret?: string;
  pageId?: string;
  /** The page's display name (GET /{page-id}?fields=name). */
  pageName?: string;
  port?: number;
}

export interface FakeFacebook extends FakeServer {
  /** Graph base URL including the version, e.g. http://127.0.0.1:PORT/v25.0 */
  graphUrl: string;
  appId: string;
  appSecret: string;
  pageId: string;
  pageName: string;
  readonly posts: { id: string; message: string; link?: string }[];
  readonly issuedTokens: string[];
  /** A new valid short-lived user token (what the editor pastes). */
  issueShortLivedToken(): string;
  /** Makes every Graph call fail the given way until cleared (null). */
  fail(mode: FacebookFailure | null): void;
  /** Makes only the next `times` Graph calls fail, then answers normally again. */
  failNext(mode: FacebookFailure, times: number): void;
  /** Ids of the posts deleted through DELETE /{post-id}. */
  readonly deleted: string[];
  /** Calls of POST /{page-id}/feed that reached the fake (also the failed ones). */
  readonly feedCalls: number;
  /** Invalidates every page token (as after a password change): later calls get error 190. */
  revokePageTokens(): void;
}

const VERSION = 'v25.0';

function graphError(
  res: http.ServerResponse,
  status: number,
  message: string,
  type: string,
  code: number,
  subcode?: number,
  headers: Record<string, string> = {},
) {
  const error: Record<string, unknown> = {
    message,
    type,
    code,
    fbtrace_id: `A${crypto.randomBytes(8).toString('hex')}`,
  };
  if (subcode !== undefined) error.error_subcode = subcode;
  json(
    res,
    status,
    { error },
    { 'www-authenticate': code === 190 ? 'OAuth "Facebook Platform" "invalid_token"' : '', ...headers },
  );
}

/**
 * A local Facebook Graph API subset over real HTTP: fb_exchange_token, the page token lookup
 * (GET /{page-id}?fields=access_token and /me/accounts), the page's name (GET /{page-id}?fields=name), POST /{page-id}/feed; appsecret_proof is
 * required on every call with a user or page token, a user token cannot post (error 200), and
 * switches give error 190, rate limits 4/17, 5xx and a hang.
 */
export async function startFakeFacebook(options: FakeFacebookOptions = {}): Promise<FakeFacebook> {
  const appId = options.appId ?? '1234567890';
  const appSecret = options.appSecret ?? 'fake-facebook-app-secret-0123456789';
  const pageId = options.pageId ?? '100200300400500';
  const pageName = options.pageName ?? 'The Daily Smear';
  const shortTokens = new Set<string>();
  const userTokens = new Set<string>();
  const pageTokens = new Set<string>();
  const posts: { id: string; message: string; link?: string }[] = [];
  const issuedTokens: string[] = [];
  let failure: FacebookFailure | null = null;
  let failuresLeft = Infinity;
  const deleted: string[] = [];
  let feedCalls = 0;

  function failed(res: http.ServerResponse): boolean {
    const mode = failure;
    if (mode !== null) {
      failuresLeft -= 1;
      if (failuresLeft <= 0) failure = null;
    }
    switch (mode) {
      case null:
        return false;
      case 'hang':
        return true;
      case 'expired':
        graphError(
          res,
          400,
          'Error validating access token: Session has expired on Friday, 01-Jan-2027 00:00:00 PST.',
          'OAuthException',
          190,
          463,
        );
        return true;
      case 'rate-limit':
        graphError(res, 400, '(#4) Application request limit reached', 'OAuthException', 4, undefined, {
          'x-app-usage': JSON.stringify({ call_count: 100, total_time: 20, total_cputime: 20 }),
          'x-business-use-case-usage': JSON.stringify({
            [appId]: [
              {
                type: 'pages',
                call_count: 100,
                total_cputime: 25,
                total_time: 25,
                estimated_time_to_regain_access: 12,
              },
            ],
          }),
        });
        return true;
      case 'server-error':
        graphError(res, 500, 'An unknown error has occurred.', 'OAuthException', 1);
        return true;
    }
  }

  /** Checks the token and its appsecret_proof; answers the error itself and returns null when wrong. */
  function authorised(res: http.ServerResponse, params: URLSearchParams, kinds: Set<string>[]): string | null {
    const token = params.get('access_token') ?? '';
    if (!token) {
      graphError(
        res,
        400,
        'An active access token must be used to query information about the current user.',
        'OAuthException',
        2500,
      );
      return null;
    }
    if (!kinds.some((k) => k.has(token))) {
      graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
      return null;
    }
    const proof = params.get('appsecret_proof');
    if (!proof) {
      graphError(
        res,
        400,
        'API calls from the server require an appsecret_proof argument',
        'GraphMethodException',
        100,
      );
      return null;
    }
    const expected = crypto.createHmac('sha256', appSecret).update(token).digest('hex');
    if (proof.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(proof), Buffer.from(expected))) {
      graphError(res, 400, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100);
      return null;
    }
    return token;
  }

  function pageToken(): string {
    const t = randomToken('EAAPage', 48);
    pageTokens.add(t);
    issuedTokens.push(t);
    return t;
  }

  const server = await listen((req, res, url, body) => {
    const prefix = `/${VERSION}`;
    if (!url.pathname.startsWith(`${prefix}/`))
      return graphError(res, 400, 'Unknown path components', 'OAuthException', 2500);
    const path = url.pathname.slice(prefix.length);
    const params = new URLSearchParams(url.search);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
    if (req.method === 'POST' && path === `/${pageId}/feed`) feedCalls += 1;
    if (failed(res)) return;

    if (req.method === 'GET' && path === '/oauth/access_token') {
      if (params.get('grant_type') !== 'fb_exchange_token')
        return graphError(res, 400, 'Unsupported grant_type', 'OAuthException', 100);
      if (params.get('client_id') !== appId)
        return graphError(res, 400, 'Error validating application. Invalid application ID.', 'OAuthException', 101);
      if (params.get('client_secret') !== appSecret)
        return graphError(res, 400, 'Error validating client secret.', 'OAuthException', 1);
      const short = params.get('fb_exchange_token') ?? '';
      if (!shortTokens.has(short) && !userTokens.has(short)) {
        return graphError(
          res,
          400,
          'Error validating access token: Session has expired or the token is malformed.',
          'OAuthException',
          190,
          463,
        );
      }
      const long = randomToken('EAAUser', 48);
      userTokens.add(long);
      issuedTokens.push(long);
      return json(res, 200, { access_token: long, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (req.method === 'GET' && path === `/${pageId}`) {
      if (!authorised(res, params, [userTokens, pageTokens])) return;
      if (params.get('fields') !== 'access_token') return json(res, 200, { id: pageId, name: pageName });
      return json(res, 200, { access_token: pageToken(), id: pageId });
    }
    if (req.method === 'GET' && path === '/me/accounts') {
      if (!authorised(res, params, [userTokens])) return;
      return json(res, 200, {
        data: [{ access_token: pageToken(), name: pageName, id: pageId, category: 'Media/news company' }],
        paging: {},
      });
    }
    if (req.method === 'POST' && path === `/${pageId}/feed`) {
      const token = params.get('access_token') ?? '';
      if (userTokens.has(token)) {
        return graphError(
          res,
          403,
          '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
          'OAuthException',
          200,
        );
      }
      if (!authorised(res, params, [pageTokens])) return;
      const message = params.get('message') ?? '';
      const link = params.get('link') ?? undefined;
      if (!message && !link) return graphError(res, 400, '(#100) Missing message or attachment', 'OAuthException', 100);
      const id = `${pageId}_${1_000_000 + posts.length + 1}`;
      posts.push({ id, message, link });
      return json(res, 200, { id });
    }
    if (req.method === 'DELETE' && /^\/\d+_\d+$/.test(path)) {
      if (!authorised(res, params, [pageTokens])) return;
      const id = path.slice(1);
      if (!posts.some((p) => p.id === id) || deleted.includes(id))
        return graphError(
          res,
          400,
          `Unsupported delete request. Object with ID '${id}' does not exist.`,
          'GraphMethodException',
          100,
          33,
        );
      deleted.push(id);
      return json(res, 200, { success: true });
    }
    graphError(
      res,
      400,
      `Unsupported ${req.method} request. Object with ID '${path.split('/')[1] ?? ''}' does not exist.`,
      'GraphMethodException',
      100,
      33,
    );
  }, options.port);

  return {
    baseUrl: server.baseUrl,
    graphUrl: `${server.baseUrl}/${VERSION}`,
    close: server.close,
    appId,
    appSecret,
    pageId,
    pageName,
    posts,
    issuedTokens,
    issueShortLivedToken() {
      const t = randomToken('EAAShort', 32);
      shortTokens.add(t);
      issuedTokens.push(t);
      return t;
    },
    fail(mode) {
      failure = mode;
      failuresLeft = Infinity;
    },
    failNext(mode, times) {
      failure = mode;
      failuresLeft = times;
    },
    deleted,
    get feedCalls() {
      return feedCalls;
    },
    revokePageTokens() {
      pageTokens.clear();
    },
  };
}
