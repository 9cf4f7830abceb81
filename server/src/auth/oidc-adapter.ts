import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { HASHED_ID_KINDS, storedOidcId, storedOidcPayload } from './oidc-stored-ids.ts';
import { authDb, type AuthDb } from './tables.ts';

/**
 * oidc-provider storage in the `oidc_payloads` table (sessions, interactions, grants, codes,
 * refresh tokens...), so that state survives restarts and is shared by instances.
 * Plain dialect-neutral SQL through Kysely; expiry as ISO strings compared as text.
 */
export function createOidcAdapterFactory(database: Db) {
  const db: AuthDb = authDb(database);

  class KyselyOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
      const row = {
        id: storedOidcId(this.kind, id),
        kind: this.kind,
        payload: storedOidcPayload(this.kind, payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: expiresAt,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ ...row, consumed_at: null })
        .onConflict((oc) =>
          oc.columns(['kind', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            uid: row.uid,
            user_code: row.user_code,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    async #findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', this.kind)
        .where(column, '=', column === 'id' ? storedOidcId(this.kind, value) : value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && row.expires_at <= new Date().toISOString()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      // A hashed row was found by its id, so the caller holds it: give the model its jti back.
      if (column === 'id' && HASHED_ID_KINDS.has(this.kind) && payload.jti === undefined) payload.jti = value;
      if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
      return payload;
    }

    find(id: string) {
      return this.#findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.#findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.#findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: new Date().toISOString() })
        .where('kind', '=', this.kind)
        .where('id', '=', storedOidcId(this.kind, id))
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('oidc_payloads')
        .where('kind', '=', this.kind)
        .where('id', '=', storedOidcId(this.kind, id))
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  }

  return KyselyOidcAdapter;
}

/** Deletes expired rows; called now and then by the auth plugin. */
export async function purgeExpiredOidcPayloads(database: Db): Promise<number> {
  const r = await authDb(database)
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<', new Date().toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
