import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database, OidcPayloadTable } from '../db/schema.ts';

/** A row as the sign-in server's adapter writes it (ids and payloads already in their stored form). */
export type OidcPayloadRow = Omit<OidcPayloadTable, 'consumed_at'>;

export type OidcLookupColumn = 'id' | 'uid' | 'user_code';

/**
 * SQL of the sign-in server's storage (`oidc_payloads`: sessions, interactions, grants, codes,
 * refresh tokens...), so that its state survives restarts and is shared by instances. Plain
 * dialect-neutral SQL; expiry as ISO strings compared as text. auth/oidc-adapter.ts turns
 * oidc-provider's calls into these.
 */
export class OidcPayloadsRepository {
  readonly #db: Kysely<Database>;

  constructor(database: Pick<Db, 'db'>) {
    this.#db = database.db;
  }

  async upsert(row: OidcPayloadRow): Promise<void> {
    await this.#db
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

  async find(
    kind: string,
    column: OidcLookupColumn,
    value: string,
  ): Promise<Pick<OidcPayloadTable, 'payload' | 'expires_at' | 'consumed_at'> | undefined> {
    return this.#db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('kind', '=', kind)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  async consume(kind: string, id: string, at: string): Promise<void> {
    await this.#db
      .updateTable('oidc_payloads')
      .set({ consumed_at: at })
      .where('kind', '=', kind)
      .where('id', '=', id)
      .execute();
  }

  async destroy(kind: string, id: string): Promise<void> {
    await this.#db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  /** Deletes expired rows; called now and then by the auth plugin. Returns how many went. */
  async purgeExpired(now: string = new Date().toISOString()): Promise<number> {
    const r = await this.#db.deleteFrom('oidc_payloads').where('expires_at', '<', now).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
