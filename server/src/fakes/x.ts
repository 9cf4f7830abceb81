import crypto from 'node:crypto';
import type http from 'node:http';
import { escapeHtml, html, json, listen, randomToken, type FakeServer } from './http-util.ts';

/** 'accept-hang' (POST /2/tweets only): the post is created, but the answer never comes. */
export type XFailure = 'rate-limit' | 'not-enrolled' | 'server-error' | 'hang' | 'accept-hang';
export type XEndpoint = 'token' | 'me' | 'tweets' | 'delete';

export interface FakeXOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered callback URLs (exact match, as X requires). Can be changed later via redirectUris. */
  redirectUris?: string[];
  /** Access token lifetime in seconds (X: 7200). */
  accessTokenTtl?: number;
  port?: number;
}

interface CodeGrant {
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  scope: string;
  revoked: boolean;
}

/** The fake X user; profile_image_url points back at this fake (no internet in tests). */
export interface FakeXUser {
  id: string;
  name: string;
  username: string;
  profile_image_url: string;
}

export interface FakeX extends FakeServer {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accessTokenTtl: number;
  user: FakeXUser;
  /** Texts of the posts created, in order. */
  readonly posts: { id: string; text: string }[];
  readonly stats: { refreshes: number; reusedRefreshTokens: number; tokenCalls: number; meCalls: number };
  /** Every access and refresh token ever issued (for "never leaked" checks). */
  readonly issuedTokens: string[];
  /** Makes the given endpoints (default all) fail the given way until cleared. */
  fail(mode: XFailure | null, endpoints?: XEndpoint[]): void;
  /** Makes only the next `times` calls of the endpoints fail, then answers normally again. */
  failNext(mode: XFailure, times: number, endpoints?: XEndpoint[]): void;
  /** Seconds from now that a 429 names as the reset time (x-rate-limit-reset); default 900. */
  rateLimitResetSeconds: number;
  /** Ids of the posts deleted through DELETE /2/tweets/{id}. */
  readonly deleted: string[];
  /** Calls of POST /2/tweets that reached the fake (also the failed ones). */
  readonly tweetCalls: { text: string }[];
  /** Expires every live access token now (the next call gets 401). */
  expireAccessTokens(): void;
  /** Ends every grant (as when the user revokes the app). */
  revokeAll(): void;
}

const PROFILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><rect width="48" height="48" fill="#1d9bf0"/><text x="24" y="31" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">DS</text></svg>';

function problem(
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  type = 'about:blank',
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { title, detail, type, status, ...extra }, headers);
}

/**
 * A local X (OAuth 2.0 with PKCE + API v2 subset) over real HTTP: the authorize consent page,
 * the token endpoint (confidential client, single-use codes and rotating single-use refresh tokens),
 * GET /2/users/me and POST /2/tweets, with switches for 429, 403 client-not-enrolled, 5xx and a hang.
 */
export async function startFakeX(options: FakeXOptions = {}): Promise<FakeX> {
  const codes = new Map<string, CodeGrant>();
  const grants = new Map<string, Grant>();
  const access = new Map<string, { grantId: string; expiresAt: number }>();
  const refresh = new Map<string, { grantId: string; used: boolean }>();
  let failure: { mode: XFailure; endpoints: Set<XEndpoint>; remaining: number } | null = null;

  const state = {
    clientId: options.clientId ?? 'fake-x-client-id',
    clientSecret: options.clientSecret ?? 'fake-x-client-secret-0123456789abcdef',
    redirectUris: options.redirectUris ?? [],
    accessTokenTtl: options.accessTokenTtl ?? 7200,
    posts: [] as { id: string; text: string }[],
    stats: { refreshes: 0, reusedRefreshTokens: 0, tokenCalls: 0, meCalls: 0 },
    issuedTokens: [] as string[],
  };
  let baseUrl = '';

  function failed(endpoint: XEndpoint, res: http.ServerResponse): boolean {
    if (!failure || !failure.endpoints.has(endpoint)) return false;
    const mode = failure.mode;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failure = null;
    switch (mode) {
      case 'hang':
      case 'accept-hang':
        return true; // never answer
      case 'rate-limit': {
        const reset = Math.ceil(Date.now() / 1000) + fake.rateLimitResetSeconds;
        problem(
          res,
          429,
          'Too Many Requests',
          'Too Many Requests',
          'about:blank',
          {},
          {
            'x-rate-limit-limit': '200',
            'x-rate-limit-remaining': '0',
            'x-rate-limit-reset': String(reset),
          },
        );
        return true;
      }
      case 'not-enrolled':
        problem(
          res,
          403,
          'Client Forbidden',
          'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.',
          'https://api.twitter.com/2/problems/client-forbidden',
          {
            client_id: state.clientId,
            registration_url: 'https://developer.twitter.com/en/docs/projects/overview',
            required_enrollment: 'Appropriate Level of API Access',
            reason: 'client-not-enrolled',
          },
        );
        return true;
      case 'server-error':
        problem(res, 503, 'Service Unavailable', 'Service Unavailable', 'about:blank');
        return true;
    }
  }

  function issue(grantId: string, scope: string) {
    const accessToken = randomToken('xat-', 32);
    access.set(accessToken, { grantId, expiresAt: Date.now() + state.accessTokenTtl * 1000 });
    state.issuedTokens.push(accessToken);
    const out: Record<string, unknown> = {
      token_type: 'bearer',
      expires_in: state.accessTokenTtl,
      access_token: accessToken,
      scope,
    };
    if (scope.split(' ').includes('offline.access')) {
      const rt = randomToken('xrt-', 32);
      refresh.set(rt, { grantId, used: false });
      state.issuedTokens.push(rt);
      out.refresh_token = rt;
    }
    return out;
  }

  function bearer(req: http.IncomingMessage): Grant | null {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const t = m ? access.get(m[1]!) : undefined;
    if (!t || t.expiresAt <= Date.now()) return null;
    const g = grants.get(t.grantId);
    return g && !g.revoked ? g : null;
  }

  function authorizePage(res: http.ServerResponse, url: URL) {
    const p = url.searchParams;
    const errors: string[] = [];
    if (p.get('response_type') !== 'code') errors.push('response_type must be code');
    if (p.get('client_id') !== state.clientId) errors.push('unknown client_id');
    if (!state.redirectUris.includes(p.get('redirect_uri') ?? ''))
      errors.push('redirect_uri does not match the registered callback URL');
    if (p.get('code_challenge_method') !== 'S256') errors.push('code_challenge_method must be S256');
    if (!/^[A-Za-z0-9_-]{43}$/.test(p.get('code_challenge') ?? '')) errors.push('code_challenge missing or malformed');
    if (!p.get('state') || (p.get('state') ?? '').length > 500)
      errors.push('state missing or longer than 500 characters');
    if (!p.get('scope')) errors.push('scope missing');
    if (errors.length) {
      html(
        res,
        400,
        `<!doctype html><title>X: something went wrong</title><h1>Something went wrong</h1><ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>`,
      );
      return;
    }
    const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.get(k) ?? '')}">`)
      .join('');
    html(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize app (fake X)</title></head>
<body><main><h1>Fake X wants to let this app use your account</h1><p>Scopes: ${escapeHtml(p.get('scope') ?? '')}</p>
<form method="post" action="/i/oauth2/authorize">${hidden}
<button type="submit" name="decision" value="allow">Authorize app</button>
<button type="submit" name="decision" value="deny">Cancel</button></form></main></body></html>`,
    );
  }

  function decide(res: http.ServerResponse, body: string) {
    const f = new URLSearchParams(body);
    const redirectUri = f.get('redirect_uri') ?? '';
    if (!state.redirectUris.includes(redirectUri)) {
      html(res, 400, '<!doctype html><title>X: bad request</title><p>redirect_uri does not match</p>');
      return;
    }
    const target = new URL(redirectUri);
    if (f.get('decision') === 'allow') {
      const code = randomToken('xcode-', 24);
      codes.set(code, {
        redirectUri,
        challenge: f.get('code_challenge') ?? '',
        scope: f.get('scope') ?? '',
        expiresAt: Date.now() + 30_000,
        used: false,
      });
      target.searchParams.set('state', f.get('state') ?? '');
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', f.get('state') ?? '');
    }
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function token(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    state.stats.tokenCalls += 1;
    if (failed('token', res)) return;
    const expected = `Basic ${Buffer.from(`${encodeURIComponent(state.clientId)}:${encodeURIComponent(state.clientSecret)}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      json(res, 401, { error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
      return;
    }
    const f = new URLSearchParams(body);
    const grantType = f.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = f.get('code') ?? '';
      const c = codes.get(code);
      const verifier = f.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (
        !c ||
        c.used ||
        c.expiresAt <= Date.now() ||
        c.redirectUri !== f.get('redirect_uri') ||
        c.challenge !== challenge
      ) {
        if (c) c.used = true;
        json(res, 400, {
          error: 'invalid_request',
          error_description: 'Value passed for the authorization code was invalid.',
        });
        return;
      }
      c.used = true;
      const grantId = crypto.randomUUID();
      grants.set(grantId, { scope: c.scope, revoked: false });
      json(res, 200, issue(grantId, c.scope));
      return;
    }
    if (grantType === 'refresh_token') {
      const rt = refresh.get(f.get('refresh_token') ?? '');
      const g = rt ? grants.get(rt.grantId) : undefined;
      if (!rt || !g || g.revoked || rt.used) {
        if (rt?.used) {
          state.stats.reusedRefreshTokens += 1;
          if (g) g.revoked = true; // spending an old refresh token ends the whole grant
        }
        json(res, 400, { error: 'invalid_grant', error_description: 'Value passed for the token was invalid.' });
        return;
      }
      rt.used = true;
      state.stats.refreshes += 1;
      json(res, 200, issue(rt.grantId, g.scope));
      return;
    }
    json(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type not supported' });
  }

  function me(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    state.stats.meCalls += 1;
    if (failed('me', res)) return;
    const g = bearer(req);
    if (!g) return problem(res, 401, 'Unauthorized', 'Unauthorized');
    if (!g.scope.split(' ').includes('users.read')) return problem(res, 403, 'Forbidden', 'Forbidden');
    const fields = (url.searchParams.get('user.fields') ?? '').split(',');
    const { profile_image_url, ...basic } = fake.user;
    json(res, 200, { data: fields.includes('profile_image_url') ? { ...basic, profile_image_url } : basic });
  }

  function tweets(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    try {
      fake.tweetCalls.push({ text: String((JSON.parse(body) as { text?: unknown }).text) });
    } catch {
      fake.tweetCalls.push({ text: '' });
    }
    const acceptThenHang = failure?.mode === 'accept-hang' && failure.endpoints.has('tweets');
    if (!acceptThenHang && failed('tweets', res)) return;
    const g = bearer(req);
    if (!g) return problem(res, 401, 'Unauthorized', 'Unauthorized');
    if (!g.scope.split(' ').includes('tweet.write')) return problem(res, 403, 'Forbidden', 'Forbidden');
    let text: unknown;
    try {
      text = (JSON.parse(body) as { text?: unknown }).text;
    } catch {
      text = undefined;
    }
    if (typeof text !== 'string' || !text) {
      return problem(
        res,
        400,
        'Invalid Request',
        'One or more parameters to your request was invalid.',
        'https://api.twitter.com/2/problems/invalid-request',
        { errors: [{ message: 'text is required' }] },
      );
    }
    if ([...text].length > 280) {
      return problem(
        res,
        400,
        'Invalid Request',
        'One or more parameters to your request was invalid.',
        'https://api.twitter.com/2/problems/invalid-request',
        {
          errors: [{ parameters: { text: [text] }, message: 'The text field must be 280 characters or fewer.' }],
        },
      );
    }
    if (state.posts.some((p) => p.text === text && !fake.deleted.includes(p.id))) {
      return problem(res, 403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    }
    const id = String(1_800_000_000_000_000_000n + BigInt(state.posts.length + 1));
    state.posts.push({ id, text });
    if (acceptThenHang && failed('tweets', res)) return; // posted, but the caller never hears of it
    json(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
  }

  const server = await listen((req, res, url, body) => {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /i/oauth2/authorize') return authorizePage(res, url);
    if (route === 'POST /i/oauth2/authorize') return decide(res, body);
    if (route === 'POST /2/oauth2/token') return token(req, res, body);
    if (route === 'GET /2/users/me') return me(req, res, url);
    if (route === 'POST /2/tweets') return tweets(req, res, body);
    if (req.method === 'DELETE' && url.pathname.startsWith('/2/tweets/')) {
      if (failed('delete', res)) return;
      if (!bearer(req)) return problem(res, 401, 'Unauthorized', 'Unauthorized');
      const id = decodeURIComponent(url.pathname.slice('/2/tweets/'.length));
      if (!state.posts.some((p) => p.id === id) || fake.deleted.includes(id))
        return problem(res, 404, 'Not Found Error', `Could not find tweet with id: [${id}].`);
      fake.deleted.push(id);
      return json(res, 200, { data: { deleted: true } });
    }
    if (route === 'GET /profile_images/fake-x-user.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
      res.end(PROFILE_SVG);
      return;
    }
    problem(res, 404, 'Not Found Error', `No route for ${route}`);
  }, options.port);
  baseUrl = server.baseUrl;

  const fake: FakeX = Object.assign(state, {
    baseUrl,
    close: server.close,
    user: {
      id: '1600000000000000001',
      name: 'The Daily Smear',
      username: 'dailysmear',
      profile_image_url: `${baseUrl}/profile_images/fake-x-user.svg`,
    },
    rateLimitResetSeconds: 15 * 60,
    deleted: [] as string[],
    tweetCalls: [] as { text: string }[],
    fail(mode: XFailure | null, endpoints: XEndpoint[] = ['token', 'me', 'tweets', 'delete']) {
      failure = mode ? { mode, endpoints: new Set(endpoints), remaining: Infinity } : null;
    },
    failNext(mode: XFailure, times: number, endpoints: XEndpoint[] = ['tweets']) {
      failure = { mode, endpoints: new Set(endpoints), remaining: times };
    },
    expireAccessTokens() {
      for (const t of access.values()) t.expiresAt = Date.now() - 1;
    },
    revokeAll() {
      for (const g of grants.values()) g.revoked = true;
    },
  });
  return fake;
}
