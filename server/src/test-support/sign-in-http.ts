import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { BUILTIN_CLIENT_ID, BUILTIN_API_SCOPE, REDIRECT_PATH } from '../auth/settings.ts';

/**
 * Test helpers (API tests): the admin client's sign-in with the built-in provider driven over HTTP
 * the way a browser does it (authorize, login page, code, token exchange with PKCE), optionally at
 * an address the server is not listening on by name (`viaAddress`). Never imported by production code.
 */
export type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A tiny cookie jar for fetch with manual redirects. */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A fetch (manual redirects, string or form bodies) for URLs at an address that only names the
 * server: the request goes to `listening` (http://127.0.0.1:PORT) with the URL's own host in the
 * Host header, as when a browser reaches the server at a network address or another name (fetch
 * itself always sends the host it connects to).
 */
export function viaAddress(listening: string): Fetch {
  const target = new URL(listening);
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      const headers: Record<string, string> = { host: url.host };
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      if (body !== undefined && init.body instanceof URLSearchParams)
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      const req = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const out = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
            }
            const status = res.statusCode ?? 500;
            const noBody = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: out }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  token_type: string;
}

/**
 * The admin client's side of the code flow against `origin` (the address the browser uses: the
 * redirect URIs are at it, and the sign-in stops at its /admin/ callback), with one cookie jar.
 * `fetch` defaults to the global fetch; `viaAddress(...)` reaches an origin by another name.
 * `pageOrigin` adds the Origin header a page at that origin sends with its token requests.
 */
export function codeFlow(o: { origin: string; fetch?: Fetch; jar?: Jar; pageOrigin?: string }) {
  const { origin } = o;
  const send: Fetch = o.fetch ?? ((url, init) => fetch(url, init));
  const jar = o.jar ?? new Jar();
  const fromPage: Record<string, string> = o.pageOrigin ? { origin: o.pageOrigin } : {};

  async function get(path: string) {
    const res = await send(new URL(path, origin), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    return res;
  }
  async function postForm(path: string, form: Record<string, string>) {
    const res = await send(new URL(path, origin), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    jar.take(res);
    return res;
  }
  function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
    const q = new URLSearchParams({
      client_id: BUILTIN_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${origin}${REDIRECT_PATH}`,
      scope: `openid profile ${BUILTIN_API_SCOPE}`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      ...extra,
    });
    return `/oidc/auth?${q}`;
  }
  /** Follows the provider's redirects until the one back to the admin pages (not followed). */
  async function follow(res: Response, max = 5): Promise<Response> {
    let r = res;
    for (let i = 0; i < max && r.status >= 300 && r.status < 400; i++) {
      const loc = r.headers.get('location')!;
      if (loc.startsWith(`${origin}/admin/`)) return r; // the SPA's callback: stop there
      r = await get(loc);
    }
    return r;
  }
  async function exchange(code: string, verifier: string, redirectUri = `${origin}${REDIRECT_PATH}`) {
    return send(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromPage },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: BUILTIN_CLIENT_ID,
        code_verifier: verifier,
      }),
    });
  }
  async function refresh(refreshToken: string) {
    return send(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromPage },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: BUILTIN_CLIENT_ID,
      }),
    });
  }
  /** A complete sign-in from any state (login page when there is no session): the token response. */
  async function signIn(editor: { username: string; password: string }): Promise<TokenSet> {
    const { verifier, challenge } = pkce();
    let res = await get(authorizeUrl(challenge));
    const loc = res.headers.get('location')!;
    if (loc.startsWith('/oidc/interaction/')) {
      await get(loc);
      res = await postForm(`${loc}/login`, { username: editor.username, password: editor.password });
    }
    res = await follow(res);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    return (await exchange(code, verifier)).json() as Promise<TokenSet>;
  }
  return { jar, get, postForm, authorizeUrl, follow, exchange, refresh, signIn };
}
