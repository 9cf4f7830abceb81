import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditorsRepository } from '../server/src/repositories/editors-repository.ts';
import { KeysRepository } from '../server/src/repositories/keys-repository.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { recordEditorActivity } from '../server/src/repositories/activity-editors.ts';
import { AdminArticlesRepository } from '../server/src/repositories/admin-articles.ts';
import { loadOrCreateKey, TokenCipher } from '../server/src/crypto/token-cipher.ts';
import { SocialTokenRepository } from '../server/src/sharing/repositories/social-token-repository.ts';
import {
  createTestPostgresDatabase,
  type TestPostgresDatabase,
} from '../server/src/test-support/postgres-databases.ts';
import { fillArticles, script } from './transfer-support.ts';

const TARGET_KEY = Buffer.alloc(32, 9).toString('base64');
const TABLES = [
  'categories',
  'articles',
  'audit_log',
  'editor_activity',
  'editors',
  'auth_keys',
  'oidc_payloads',
  'social_tokens',
  'images',
];

async function counts(database: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await database.db
      .selectFrom(t as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number((r as { n: number }).n);
  }
  return out;
}

describe('npm run migrate-data: the embedded database into PostgreSQL', () => {
  let dir: string;
  let dataDir: string;
  let pg: TestPostgresDatabase;
  let pg2: TestPostgresDatabase;
  let before: Record<string, number>;
  let sourceKid: string;
  let cookieKeys: string[];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-migrate-'));
    dataDir = path.join(dir, 'data');
    pg = await createTestPostgresDatabase();
    pg2 = await createTestPostgresDatabase();
    // A used embedded database: articles with audit rows, an editor and their activity, provider keys
    // and state, and a social token encrypted with the DATA_DIR key file.
    const source = await openDatabase({ dataDir, databaseUrl: '' });
    await fillArticles(source);
    // A picture of the library, with its description and focal point.
    await source.db
      .insertInto('images')
      .values({
        id: 'ab'.repeat(16),
        width: 1600,
        height: 900,
        alt: 'A goat',
        caption: 'The goat',
        credit: 'Photo: Ann',
        focal_x: 0.25,
        focal_y: 0.75,
        created_at: '2026-11-27T10:00:00.000Z',
        uploaded_by: 'Ann',
      })
      .execute();
    const repo = new AdminArticlesRepository(source.db, 'sqlite');
    const draft = await source.db
      .selectFrom('articles')
      .select('id')
      .where('published_at', 'is', null)
      .executeTakeFirstOrThrow();
    await repo.publish(Number(draft.id), { subject: '1', name: 'Chief' });
    await new EditorsRepository(source).create({ username: 'chief', password: 'correct horse battery staple' });
    await recordEditorActivity(
      source.db as never,
      { subject: '1', name: 'Chief', username: 'chief' },
      new Date().toISOString(),
    );
    const fileKey = loadOrCreateKey(null, dataDir);
    sourceKid = (await new KeysRepository(source, new TokenCipher(fileKey)).signingKeys()).publicJwk.kid;
    // The cookie keys as an older version stored them: plain JSON (encrypted on the way).
    cookieKeys = ['legacy-cookie-key-1', 'legacy-cookie-key-2'];
    await source.db
      .insertInto('auth_keys' as never)
      .values({
        id: 'oidc-cookie-keys',
        value: JSON.stringify(cookieKeys),
        created_at: new Date().toISOString(),
      } as never)
      .execute();
    await source.db
      .insertInto('oidc_payloads' as never)
      .values({
        id: 'sess-1',
        kind: 'Session',
        payload: '{"accountId":"1"}',
        expires_at: '2099-01-01T00:00:00.000Z',
      } as never)
      .execute();
    await new SocialTokenRepository(source, new TokenCipher(fileKey)).put('x', 'default', {
      accessToken: 'access-secret',
      refreshToken: 'refresh-secret',
      expiresAt: null,
      scope: 'tweet.write',
    });
    before = await counts(source);
    await source.destroy();
  });
  afterAll(async () => {
    await pg?.drop();
    await pg2?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('copies every table, keeps ids (sequences continue after them), re-encrypts social tokens, and the export of both is the same', async () => {
    const r = await script('migrate-data', [], {
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      TOKEN_ENCRYPTION_KEY: TARGET_KEY,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Copied ${before.articles} articles`);

    const target = await openDatabase({ dataDir: '', databaseUrl: pg.url });
    try {
      expect(await counts(target)).toEqual(before);
      // Same article data, byte for byte, through the export of each database.
      const fromSqlite = await script('export', ['-'], { DATA_DIR: dataDir });
      const fromPg = await script('export', ['-'], { DATABASE_URL: pg.url, TOKEN_ENCRYPTION_KEY: TARGET_KEY });
      expect(fromPg.code, fromPg.stderr).toBe(0);
      expect(fromPg.stdout).toBe(fromSqlite.stdout);
      // Counters rebuilt by the target's own triggers agree with the rows.
      const repo = new AdminArticlesRepository(target.db, 'postgres');
      expect(await repo.count('all')).toBe(before.articles);
      // Sequences: a new article and a new editor get the next ids.
      const maxId = Math.max(
        ...fromPg.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      );
      const created = await repo.create(
        {
          headline: 'After the move',
          slug: 'after-the-move',
          summary: '',
          body: { type: 'doc', content: [] },
          content: '',
          author: '',
          categoryId: 1,
          source: '',
          editorName: '',
          rating: 0,
          comments: '',
          imageUrl: '',
          originalUrl: '',
          isBreaking: false,
          publishedAt: null,
        },
        { subject: '1', name: 'Chief' },
      );
      expect(created.id).toBe(maxId + 1);
      const editor = await new EditorsRepository(target).create({
        username: 'second',
        password: 'another long password',
      });
      expect(editor!.id).toBe(2);
      // The token reads with TOKEN_ENCRYPTION_KEY now.
      const tokens = await new SocialTokenRepository(target, new TokenCipher(Buffer.from(TARGET_KEY, 'base64'))).get(
        'x',
        'default',
      );
      expect(tokens).toMatchObject({ accessToken: 'access-secret', refreshToken: 'refresh-secret' });
      // The provider's keys moved, encrypted with TOKEN_ENCRYPTION_KEY now (the legacy plain row too).
      const stored = (await target.db
        .selectFrom('auth_keys' as never)
        .select(['id', 'value'] as never)
        .execute()) as unknown as { id: string; value: string }[];
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect(row.value.startsWith('v1.')).toBe(true);
        expect(row.value).not.toMatch(/"d"|legacy-cookie-key/);
      }
      const targetCipher = new TokenCipher(Buffer.from(TARGET_KEY, 'base64'));
      expect((await new KeysRepository(target, targetCipher).signingKeys()).publicJwk.kid).toBe(sourceKid);
      expect(await new KeysRepository(target, targetCipher).cookieKeys()).toEqual(cookieKeys);
    } finally {
      await target.destroy();
    }
  });

  it('refuses a target that is not empty, copying nothing', async () => {
    const r = await script('migrate-data', [], {
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      TOKEN_ENCRYPTION_KEY: TARGET_KEY,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /The target database is not empty \(articles, audit_log, .*\)\. Migrate into a freshly created database; nothing was copied\./,
    );
  });

  it('export from PostgreSQL and import --keep-ids into another PostgreSQL database round-trips', async () => {
    const file = path.join(dir, 'pg.ndjson');
    const out = await script('export', [file], { DATABASE_URL: pg.url, TOKEN_ENCRYPTION_KEY: TARGET_KEY });
    expect(out.code, out.stderr).toBe(0);
    const imp = await script('import', [file, '--keep-ids'], {
      DATABASE_URL: pg2.url,
      TOKEN_ENCRYPTION_KEY: TARGET_KEY,
    });
    expect(imp.code, imp.stderr).toBe(0);
    const again = await script('export', ['-'], { DATABASE_URL: pg2.url, TOKEN_ENCRYPTION_KEY: TARGET_KEY });
    expect(again.stdout).toBe(await fs.readFile(file, 'utf8'));
  });

  it('without DATABASE_URL: exit 1 naming it', async () => {
    const r = await script('migrate-data', [], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('DATABASE_URL is not set');
  });
});
