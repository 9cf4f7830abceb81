/** PKCE (RFC 7636, S256) and the OAuth state value, with the browser's Web Crypto. */

export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url: a 43-character code verifier. */
export function createCodeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** S256 challenge: base64url(SHA-256(ASCII(verifier))). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A random state (32 bytes, base64url) to match the answer to this request. */
export function createState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Constant-time-ish comparison of the returned state with the one sent. */
export function stateMatches(expected: string | null | undefined, returned: string | null | undefined): boolean {
  if (!expected || !returned || expected.length !== returned.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ returned.charCodeAt(i);
  return diff === 0;
}
