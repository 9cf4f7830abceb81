import { describe, expect, it } from 'vitest';
import { base64url, codeChallengeS256, createCodeVerifier, createState, stateMatches } from './pkce.ts';
import { buildAuthorizeUrl, parseXReturn } from './x-authorize.ts';

describe('PKCE', () => {
  it('matches the RFC 7636 appendix B test vector', async () => {
    const octets = new Uint8Array([
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240,
      91, 88, 5, 88, 83, 132, 141, 121,
    ]);
    const verifier = base64url(octets);
    expect(verifier).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(await codeChallengeS256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('verifier: 32 random bytes as 43 base64url characters, different each time', () => {
    const a = createCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createCodeVerifier()).not.toBe(a);
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });

  it('state: random, and checked exactly', () => {
    const s = createState();
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createState()).not.toBe(s);
    expect(stateMatches(s, s)).toBe(true);
    expect(stateMatches(s, `${s.slice(0, -1)}A` === s ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`)).toBe(false);
    expect(stateMatches(s, null)).toBe(false);
    expect(stateMatches(null, null)).toBe(false);
    expect(stateMatches(s, `${s}x`)).toBe(false);
  });
});

describe('X authorize URL and return', () => {
  it('response type code, scopes joined by spaces, S256', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://x.com/i/oauth2/authorize',
        clientId: 'cid',
        redirectUri: 'https://site.example/',
        scopes: ['tweet.write', 'users.read'],
        state: 'st',
        codeChallenge: 'ch',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://x.com/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://site.example/',
      scope: 'tweet.write users.read',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('parses code/state and error returns', () => {
    expect(parseXReturn('?state=s&code=c')).toEqual({ code: 'c', state: 's' });
    expect(parseXReturn('?error=access_denied&state=s')).toEqual({
      error: 'access_denied',
      description: null,
      state: 's',
    });
    expect(parseXReturn('?page=2')).toBeNull();
  });
});
