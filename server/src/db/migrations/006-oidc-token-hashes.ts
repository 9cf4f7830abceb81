import type { Kysely } from 'kysely';
import { HASHED_ID_KINDS, storedOidcId, storedOidcPayload } from '../../auth/oidc-stored-ids.ts';
import type { Dialect } from '../dialect.ts';

/**
 * Rows the sign-in provider stored before its opaque tokens and codes were kept by hash (see
 * HASHED_ID_KINDS in auth/oidc-stored-ids.ts): re-keyed by the hash of their id and stripped of their
 * jti, so refresh tokens issued before the upgrade keep working and no longer sit in clear text.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // A few rows per signed-in editor (expired ones are purged), read in one go.
  const rows = (await db
    .selectFrom('oidc_payloads')
    .select(['kind', 'id', 'payload'])
    .where('kind', 'in', [...HASHED_ID_KINDS])
    .where('id', 'not like', 'sha256:%')
    .execute()) as { kind: string; id: string; payload: string }[];
  for (const row of rows) {
    await db
      .updateTable('oidc_payloads')
      .set({ id: storedOidcId(row.kind, row.id), payload: storedOidcPayload(row.kind, JSON.parse(row.payload)) })
      .where('kind', '=', row.kind)
      .where('id', '=', row.id)
      .execute();
  }
}
