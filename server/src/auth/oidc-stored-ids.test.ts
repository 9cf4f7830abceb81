import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/index.ts';
import { up as rekeyOldRows } from '../db/migrations/006-oidc-token-hashes.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { storedOidcId } from './oidc-stored-ids.ts';

describe('oidc_payloads: bearer ids kept as hashes (migration 006 and the adapter)', () => {
  let dir: string;
  let database: Db;
  const db = () => database.db as Kysely<any>;
  const exp = () => new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-oidc-ids-'));
    database = await openDatabase({ dataDir: dir, databaseUrl: '' });
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('re-keys rows stored before the upgrade, which the adapter then finds by the token value', async () => {
    const old = [
      {
        kind: 'RefreshToken',
        id: 'old-refresh-token-value',
        payload: JSON.stringify({ jti: 'old-refresh-token-value', accountId: '1', grantId: 'g1' }),
        grant_id: 'g1',
        expires_at: exp(),
      },
      {
        kind: 'AuthorizationCode',
        id: 'old-code-value',
        payload: JSON.stringify({ jti: 'old-code-value', accountId: '1' }),
        grant_id: 'g1',
        expires_at: exp(),
      },
      {
        kind: 'Session',
        id: 'session-id',
        payload: JSON.stringify({ jti: 'session-id', uid: 'u1', accountId: '1' }),
        uid: 'u1',
        expires_at: exp(),
      },
    ];
    await db().insertInto('oidc_payloads').values(old).execute();
    await rekeyOldRows(db(), 'sqlite');
    await rekeyOldRows(db(), 'sqlite'); // idempotent

    const rows = (await db()
      .selectFrom('oidc_payloads')
      .select(['kind', 'id', 'payload'])
      .orderBy('kind')
      .execute()) as { kind: string; id: string; payload: string }[];
    expect(rows.map((r) => [r.kind, r.id])).toEqual([
      ['AuthorizationCode', storedOidcId('AuthorizationCode', 'old-code-value')],
      ['RefreshToken', storedOidcId('RefreshToken', 'old-refresh-token-value')],
      ['Session', 'session-id'],
    ]);
    expect(storedOidcId('RefreshToken', 'old-refresh-token-value')).toMatch(/^sha256:[\w-]{43}$/);
    const text = JSON.stringify(rows.filter((r) => r.kind !== 'Session'));
    expect(text).not.toContain('old-refresh-token-value');
    expect(text).not.toContain('old-code-value');

    const Adapter = createOidcAdapterFactory(database);
    expect(await new Adapter('RefreshToken').find('old-refresh-token-value')).toMatchObject({
      jti: 'old-refresh-token-value',
      accountId: '1',
    });
    expect(await new Adapter('RefreshToken').find('someone-elses-guess')).toBeUndefined();
    expect(await new Adapter('Session').findByUid('u1')).toMatchObject({ jti: 'session-id' });
    await new Adapter('AuthorizationCode').consume('old-code-value');
    expect(await new Adapter('AuthorizationCode').find('old-code-value')).toHaveProperty('consumed');
    await new Adapter('RefreshToken').destroy('old-refresh-token-value');
    expect(await new Adapter('RefreshToken').find('old-refresh-token-value')).toBeUndefined();
  });
});
