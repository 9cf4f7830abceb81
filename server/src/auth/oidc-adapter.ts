import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { OidcPayloadsRepository } from '../repositories/oidc-payloads-repository.ts';
import { HASHED_ID_KINDS, storedOidcId, storedOidcPayload } from './oidc-stored-ids.ts';

/**
 * oidc-provider's storage adapter over the `oidc_payloads` table (repositories/oidc-payloads-repository.ts):
 * ids of token kinds are stored hashed (oidc-stored-ids.ts), expiry is checked on read.
 */
export function createOidcAdapterFactory(database: Db) {
  const payloads = new OidcPayloadsRepository(database);

  class KyselyOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await payloads.upsert({
        id: storedOidcId(this.kind, id),
        kind: this.kind,
        payload: storedOidcPayload(this.kind, payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      });
    }

    async #findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await payloads.find(this.kind, column, column === 'id' ? storedOidcId(this.kind, value) : value);
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
      await payloads.consume(this.kind, storedOidcId(this.kind, id), new Date().toISOString());
    }

    async destroy(id: string): Promise<void> {
      await payloads.destroy(this.kind, storedOidcId(this.kind, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await payloads.revokeByGrantId(grantId);
    }
  }

  return KyselyOidcAdapter;
}
