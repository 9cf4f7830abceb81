import { createHash } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';

/**
 * Kinds whose id is itself a credential handed to a client (opaque tokens, codes, request URIs) and
 * that are only ever found by that id. Their rows are keyed by a SHA-256 of the id and store the
 * payload without its `jti` (the id again), so a copy of the database holds no usable refresh token
 * or code. (DeviceCode, also found by user code, and Session/Interaction, found by uid, keep theirs.)
 */
export const HASHED_ID_KINDS: ReadonlySet<string> = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'BackchannelAuthenticationRequest',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'PushedAuthorizationRequest',
]);
const HASH_PREFIX = 'sha256:';

/** The row id a model instance is stored under (a hash for HASHED_ID_KINDS, else the id itself). */
export function storedOidcId(kind: string, id: string): string {
  return HASHED_ID_KINDS.has(kind) && !id.startsWith(HASH_PREFIX)
    ? `${HASH_PREFIX}${createHash('sha256').update(id).digest('base64url')}`
    : id;
}

/** The payload as stored for `kind`: without the id when the row is keyed by its hash. */
export function storedOidcPayload(kind: string, payload: AdapterPayload): string {
  if (!HASHED_ID_KINDS.has(kind)) return JSON.stringify(payload);
  const { jti: _jti, ...rest } = payload;
  return JSON.stringify(rest);
}
