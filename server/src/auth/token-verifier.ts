import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { AuthConfig, EntraConfig } from './config.ts';
import { CLOCK_TOLERANCE_SECONDS, type BuiltinSettings } from './settings.ts';
import { createVerifiedTokenCache } from './verified-token-cache.ts';

/** Who is calling, as the admin routes see it (request.editor). */
export interface SignedInEditor {
  subject: string;
  name: string;
  username: string;
}

export type VerifyResult =
  | { ok: true; editor: SignedInEditor; claims: JWTPayload }
  | { ok: false; status: 401 | 403; error: 'invalid_token' | 'insufficient_scope'; detail: string };

export const ALGORITHMS = ['RS256', 'PS256'];
export { CLOCK_TOLERANCE_SECONDS };

/** What one authority's access tokens must look like. */
export interface AuthorityRules {
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /** Header `typ` the tokens must carry (at+jwt for the built-in provider), or undefined. */
  typ?: string;
  /** Claim holding space-separated delegated scopes, and the scope that must be among them. */
  scopeClaim: 'scope' | 'scp';
  requiredScope: string;
  /** Entra: the `ver` claim the configured token version produces. */
  version?: string;
  /** Entra: app role that must be in `roles`. */
  requiredRole?: string;
}

export function entraRules(
  entra: EntraConfig,
  jwksUrl = `https://login.microsoftonline.com/${entra.tenantId}/discovery/v2.0/keys`,
): AuthorityRules {
  return {
    keys: createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 6 * 3600_000,
    }),
    issuer:
      entra.tokenVersion === 2
        ? `https://login.microsoftonline.com/${entra.tenantId}/v2.0`
        : `https://sts.windows.net/${entra.tenantId}/`,
    audience: entra.apiAudience,
    scopeClaim: 'scp',
    // api://<id>/access_as_user -> access_as_user
    requiredScope: entra.apiScope.split('/').pop() ?? entra.apiScope,
    version: entra.tokenVersion === 2 ? '2.0' : '1.0',
    requiredRole: entra.requireEditorRole ? 'Editor' : undefined,
  };
}

export function builtinRules(settings: BuiltinSettings, publicJwk: JWK): AuthorityRules {
  return {
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    issuer: settings.issuer,
    audience: settings.audience,
    typ: 'at+jwt',
    scopeClaim: 'scope',
    requiredScope: settings.scope,
  };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

const INVALID = 'The access token is missing, malformed, expired or not issued for this API.';

/** One code path for both authorities: signature, algorithm, issuer, audience, times, then scope and access. */
export function createTokenVerifier(rules: AuthorityRules, auth: Pick<AuthConfig, 'editorAllowlist'>) {
  const allow = new Set(auth.editorAllowlist);
  // Accepted tokens are remembered until their exp (checked on every hit): one signature check
  // per token, not per request. Refusals are not cached; they go through the full check each time.
  const accepted = createVerifiedTokenCache<Extract<VerifyResult, { ok: true }>>();
  return async function verify(token: string): Promise<VerifyResult> {
    const known = accepted.get(token);
    if (known) return { ...known, editor: { ...known.editor } };
    const result = await verifyFully(token);
    if (result.ok && typeof result.claims.exp === 'number') accepted.set(token, result, result.claims.exp * 1000);
    return result;
  };

  async function verifyFully(token: string): Promise<VerifyResult> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, rules.keys, {
        algorithms: ALGORITHMS,
        issuer: rules.issuer,
        audience: rules.audience,
        typ: rules.typ,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      return {
        ok: false,
        status: 401,
        error: 'invalid_token',
        detail: expired ? 'The access token has expired.' : INVALID,
      };
    }
    if (rules.version && str(claims.ver) !== rules.version) {
      return { ok: false, status: 401, error: 'invalid_token', detail: INVALID };
    }
    const scopes = str(claims[rules.scopeClaim]).split(' ').filter(Boolean);
    if (!scopes.includes(rules.requiredScope)) {
      return {
        ok: false,
        status: 403,
        error: 'insufficient_scope',
        detail: 'The access token does not grant access to this API.',
      };
    }
    if (rules.requiredRole) {
      const roles = Array.isArray(claims.roles) ? claims.roles : [];
      if (!roles.includes(rules.requiredRole)) {
        return {
          ok: false,
          status: 403,
          error: 'insufficient_scope',
          detail: 'This account does not have the Editor role.',
        };
      }
    }
    const username = str(claims.preferred_username) || str(claims.upn) || str(claims.unique_name) || str(claims.email);
    const subject = str(claims.oid) || str(claims.sub);
    if (allow.size > 0) {
      const ids = [claims.preferred_username, claims.upn, claims.unique_name, claims.email, claims.oid, claims.sub]
        .map((v) => str(v).toLowerCase())
        .filter(Boolean);
      if (!ids.some((id) => allow.has(id))) {
        return {
          ok: false,
          status: 403,
          error: 'insufficient_scope',
          detail: 'This account is not on the list of editors.',
        };
      }
    }
    return { ok: true, claims, editor: { subject, username, name: str(claims.name) || username || subject } };
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
