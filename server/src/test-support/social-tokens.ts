import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Marks a platform connected for `persona` by storing a token row directly (tests of what a
 * publish writes, where no call reaches the provider): the token is not a real one.
 */
export async function insertPlaceholderToken(
  db: Kysely<Database>,
  persona: string,
  platform: 'x' | 'facebook',
  at: string,
): Promise<void> {
  await db
    .insertInto('social_tokens')
    .values({
      persona,
      platform,
      access_token: 'not a real token',
      refresh_token: null,
      expires_at: null,
      scope: '',
      refresh_lease: null,
      refresh_lease_until: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
