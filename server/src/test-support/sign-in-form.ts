import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TEST_ADMIN } from './auth-test-app.ts';

/** A sign-in started at the built-in provider: the interaction's path and its cookie. */
export interface Interaction {
  path: string;
  cookie: string;
}

/**
 * The built-in provider's sign-in form over HTTP, as the admin's browser uses it (code + PKCE), with
 * each attempt's client address played through a trusted proxy's X-Forwarded-For.
 */
export function signInForm(origin: string) {
  async function interaction(): Promise<Interaction> {
    const verifier = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      client_id: 'tabloid-admin',
      response_type: 'code',
      redirect_uri: `${origin}/admin/auth/callback`,
      scope: 'openid profile api:editor',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    });
    const res = await fetch(`${origin}/oidc/auth?${q}`, { redirect: 'manual' });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { path: res.headers.get('location')!, cookie };
  }

  /** Submits the editor's name with `password` from the address `from`: the answer's status. */
  async function login(i: Interaction, from: string, password: string): Promise<number> {
    const res = await fetch(`${origin}${i.path}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: i.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams({ username: TEST_ADMIN.username, password }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  return { interaction, login };
}

/** The failures counted for a throttle key, and whether it is blocked now. */
export async function loginAttempts(
  db: Kysely<Database>,
  key: string,
): Promise<{ failures: number; blocked: boolean }> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['failures', 'blocked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
  return { failures: Number(row?.failures ?? 0), blocked: Boolean(row?.blocked_until) };
}
