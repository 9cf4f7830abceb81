import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/src/db/index.ts';
import {
  createTestPostgresDatabase,
  type TestPostgresDatabase,
} from '../server/src/test-support/postgres-databases.ts';
import { fillWithOneTrashed, script } from './transfer-support.ts';

const KEY = Buffer.alloc(32, 5).toString('base64');

describe('npm run export on PostgreSQL', () => {
  let dir: string;
  let pg: TestPostgresDatabase;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-export-pg-'));
    pg = await createTestPostgresDatabase();
  });
  afterAll(async () => {
    await pg?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('leaves the articles in the trash out and says how many', async () => {
    const database = await openDatabase({ dataDir: dir, databaseUrl: pg.url });
    const trashedId = await fillWithOneTrashed(database);
    const total = (await database.db.selectFrom('articles').select('id').execute()).length;
    await database.destroy();

    const file = path.join(dir, 'pg.ndjson');
    const r = await script('export', [file], { DATABASE_URL: pg.url, TOKEN_ENCRYPTION_KEY: KEY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${total - 1} articles exported to ${file} (1 in the trash left out)`);
    const ids = (await fs.readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id as number);
    expect(ids).toHaveLength(total - 1);
    expect(ids).not.toContain(trashedId);
  });
});
