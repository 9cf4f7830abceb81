import { SocialProblem } from './provider-error.ts';
import type { ProviderResponse } from './provider-http.ts';
import { KeyedMutex } from './refresh-lock.ts';
import type { SocialTokenRepository, StoredTokens } from './repositories/social-token-repository.ts';
import type { XClient, XTokenResponse } from './x-client.ts';

/** Refresh when the access token expires within this window. */
export const X_REFRESH_WINDOW_MS = 5 * 60 * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function notAuthorised(): SocialProblem {
  return new SocialProblem({
    status: 409,
    title: 'X is not authorised',
    detail: 'No X token is stored for this persona. Open the X login popup on the Social page to authorise.',
    type: 'x-not-authorised',
  });
}

function expiresAtFrom(t: XTokenResponse, now = Date.now()): string {
  return new Date(now + Math.max(0, t.expires_in) * 1000).toISOString();
}

/**
 * Access tokens for X calls: refreshed when within 5 minutes of expiry or once after a 401.
 * Refresh tokens are single-use, so a refresh runs under a per-persona in-process mutex AND a
 * row lease in the database (compare-and-swap on the stored refresh token): a second caller,
 * here or on another instance, waits and then uses the rotated token instead of spending the old one.
 */
export class XTokenService {
  readonly #mutex = new KeyedMutex();
  readonly #repo: SocialTokenRepository;
  readonly #client: XClient;
  readonly #leaseMs: number;

  constructor(repo: SocialTokenRepository, client: XClient, timeoutMs: number) {
    this.#repo = repo;
    this.#client = client;
    this.#leaseMs = timeoutMs + 20_000;
  }

  async storeFromExchange(persona: string, t: XTokenResponse): Promise<void> {
    await this.#repo.put('x', persona, {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: expiresAtFrom(t),
      scope: t.scope,
    });
  }

  /** Runs an X call with a valid access token (refreshing first or after one 401). */
  async call(persona: string, fn: (accessToken: string) => Promise<ProviderResponse>): Promise<ProviderResponse> {
    let tokens = await this.#repo.get('x', persona);
    if (!tokens) throw notAuthorised();
    if (tokens.expiresAt && Date.parse(tokens.expiresAt) - Date.now() < X_REFRESH_WINDOW_MS) {
      tokens = await this.refresh(persona, tokens.version, 'expiring');
    }
    const res = await fn(tokens.accessToken);
    if (res.status !== 401) return res;
    tokens = await this.refresh(persona, tokens.version, 'rejected');
    return fn(tokens.accessToken);
  }

  /**
   * Refreshes the token set whose refresh token is `seen` (unless someone already did).
   * 'expiring': a rotation by someone else is enough if the new token is not expiring too.
   */
  async refresh(persona: string, seen: string | null, reason: 'expiring' | 'rejected'): Promise<StoredTokens> {
    return this.#mutex.run(persona, async () => {
      const deadline = Date.now() + this.#leaseMs + 5_000;
      for (;;) {
        const current = await this.#repo.get('x', persona);
        if (!current) throw notAuthorised();
        const fresh = !current.expiresAt || Date.parse(current.expiresAt) - Date.now() >= X_REFRESH_WINDOW_MS;
        if (current.version !== seen && (reason === 'rejected' || fresh)) return current;
        if (!current.refreshToken || !current.version) {
          if (fresh && reason === 'expiring') return current;
          throw new SocialProblem({
            status: 409,
            title: 'X token expired',
            detail:
              'The stored X access token has expired and there is no refresh token (the offline.access scope was not granted). Authorise again.',
            type: 'x-token-expired',
          });
        }
        const lease = await this.#repo.claimRefresh('x', persona, current.version, this.#leaseMs);
        if (!lease) {
          // Another instance is refreshing this persona right now: wait for its rotated token.
          if (Date.now() > deadline) {
            throw new SocialProblem({
              status: 503,
              title: 'X token refresh in progress',
              detail: 'Another server is refreshing the X token; try again in a moment.',
              type: 'x-refresh-busy',
              retryAfter: 5,
            });
          }
          await sleep(100);
          seen = current.version;
          reason = 'rejected';
          continue;
        }
        let t: XTokenResponse;
        try {
          t = await this.#client.refresh(current.refreshToken);
        } catch (err) {
          if (err instanceof SocialProblem && err.revoked)
            await this.#repo.deleteIfVersion('x', persona, current.version);
          else await this.#repo.releaseRefresh('x', persona, lease);
          throw err;
        }
        const stored = await this.#repo.completeRefresh('x', persona, current.version, lease, {
          accessToken: t.access_token,
          refreshToken: t.refresh_token ?? null,
          expiresAt: expiresAtFrom(t),
          scope: t.scope || current.scope,
        });
        if (!stored) {
          throw new SocialProblem({
            status: 503,
            title: 'X token changed meanwhile',
            detail: 'The stored X token changed while it was being refreshed; try again.',
            type: 'x-refresh-conflict',
          });
        }
        const after = await this.#repo.get('x', persona);
        if (!after) throw notAuthorised();
        return after;
      }
    });
  }
}
