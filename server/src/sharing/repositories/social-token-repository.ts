import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';

export type SocialPlatform = 'x' | 'facebook';

export type { SocialTokenTable } from '../../db/schema.ts';

/** A decrypted token set. `version` is the stored ciphertext of the refresh token (the CAS value). */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scope: string;
  version: string | null;
}

export interface TokensToStore {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scope: string;
}

/** Encrypted storage of the X and Facebook tokens (dialect-neutral SQL). */
export class SocialTokenRepository {
  readonly #db: Kysely<Database>;
  readonly #cipher: TokenCipher;

  constructor(database: Pick<Db, 'db'>, cipher: TokenCipher) {
    this.#db = database.db;
    this.#cipher = cipher;
  }

  #aad(platform: SocialPlatform, persona: string, field: 'access' | 'refresh'): string {
    return `${platform}:${persona}:${field}`;
  }

  async get(platform: SocialPlatform, persona: string): Promise<StoredTokens | null> {
    const row = await this.#db
      .selectFrom('social_tokens')
      .selectAll()
      .where('persona', '=', persona)
      .where('platform', '=', platform)
      .executeTakeFirst();
    if (!row) return null;
    return {
      accessToken: this.#cipher.decrypt(row.access_token, this.#aad(platform, persona, 'access')),
      refreshToken: row.refresh_token
        ? this.#cipher.decrypt(row.refresh_token, this.#aad(platform, persona, 'refresh'))
        : null,
      expiresAt: row.expires_at,
      scope: row.scope,
      version: row.refresh_token,
    };
  }

  /** A token set as stored: both tokens encrypted (bound to platform, persona and kind), no lease held. */
  #storedColumns(platform: SocialPlatform, persona: string, tokens: TokensToStore) {
    return {
      access_token: this.#cipher.encrypt(tokens.accessToken, this.#aad(platform, persona, 'access')),
      refresh_token: tokens.refreshToken
        ? this.#cipher.encrypt(tokens.refreshToken, this.#aad(platform, persona, 'refresh'))
        : null,
      expires_at: tokens.expiresAt,
      scope: tokens.scope,
      refresh_lease: null,
      refresh_lease_until: null,
      updated_at: new Date().toISOString(),
    };
  }

  /** Inserts or replaces the whole token set in one statement (nothing half-written). */
  async put(platform: SocialPlatform, persona: string, tokens: TokensToStore): Promise<void> {
    const values = this.#storedColumns(platform, persona, tokens);
    await this.#db
      .insertInto('social_tokens')
      .values({ persona, platform, created_at: values.updated_at, ...values })
      .onConflict((oc) => oc.columns(['persona', 'platform']).doUpdateSet(values))
      .execute();
  }

  async delete(platform: SocialPlatform, persona: string): Promise<boolean> {
    const res = await this.#db
      .deleteFrom('social_tokens')
      .where('persona', '=', persona)
      .where('platform', '=', platform)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Deletes only if the stored refresh token is still `version` (a revoked grant, not a newer one). */
  async deleteIfVersion(platform: SocialPlatform, persona: string, version: string | null): Promise<boolean> {
    let q = this.#db.deleteFrom('social_tokens').where('persona', '=', persona).where('platform', '=', platform);
    q = version === null ? q.where('refresh_token', 'is', null) : q.where('refresh_token', '=', version);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /**
   * Row-level guard across instances: takes a lease on the row only while it still holds the
   * refresh token `version` and no live lease exists. Returns the lease id, or null when another
   * caller holds it or the token was already rotated.
   */
  async claimRefresh(
    platform: SocialPlatform,
    persona: string,
    version: string,
    leaseMs: number,
  ): Promise<string | null> {
    const lease = crypto.randomUUID();
    const now = new Date();
    const res = await this.#db
      .updateTable('social_tokens')
      .set({ refresh_lease: lease, refresh_lease_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('persona', '=', persona)
      .where('platform', '=', platform)
      .where('refresh_token', '=', version)
      .where((eb) => eb.or([eb('refresh_lease', 'is', null), eb('refresh_lease_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? lease : null;
  }

  /** Stores the rotated tokens if the lease is still ours and the old refresh token still stored. */
  async completeRefresh(
    platform: SocialPlatform,
    persona: string,
    version: string,
    lease: string,
    tokens: TokensToStore,
  ): Promise<boolean> {
    const res = await this.#db
      .updateTable('social_tokens')
      .set(this.#storedColumns(platform, persona, tokens))
      .where('persona', '=', persona)
      .where('platform', '=', platform)
      .where('refresh_token', '=', version)
      .where('refresh_lease', '=', lease)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives the lease up without changing the tokens (the refresh failed for a passing reason). */
  async releaseRefresh(platform: SocialPlatform, persona: string, lease: string): Promise<void> {
    await this.#db
      .updateTable('social_tokens')
      .set({ refresh_lease: null, refresh_lease_until: null })
      .where('persona', '=', persona)
      .where('platform', '=', platform)
      .where('refresh_lease', '=', lease)
      .execute();
  }
}
