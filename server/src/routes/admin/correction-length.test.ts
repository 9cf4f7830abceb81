import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFakeDist } from '../../test-support/fake-web-dist.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * A correction's length (decision 046) counted in user-perceived characters (common/text-length.ts), as
 * the panel's counter counts it: emoji, flags and families are one each (SQLite in `api`, PostgreSQL in
 * `api-pg`).
 */
let t: TestApp;
let auth: { authorization: string };
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-correction-length-dist-'));
  await writeFakeDist(distDir);
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  auth = { authorization: await t.bearer({ sub: 'editor-count', name: 'Connie Count' }) };
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

const THUMB = '\u{1F44D}\u{1F3FD}'; // an emoji with a skin tone: 2 code points, 4 UTF-16 units
const FLAG = '\u{1F1EC}\u{1F1E7}'; // two regional indicators
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 7 code points, 11 units

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function publishedArticle(): Promise<number> {
  const res = await call('POST', '/api/admin/articles', {
    headline: 'Mayor Swaps Town Hall For Bouncy Castle',
    content: 'The castle has a moat of foam.',
    category: 'Politics',
    published: true,
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('the length of a correction', () => {
  it('takes 1,000 emoji with a skin tone as 1,000 characters, and refuses 1,001 with (it has 1,001)', async () => {
    const id = await publishedArticle();
    const url = `/api/admin/articles/${id}/corrections`;
    const added = await call('POST', url, { text: THUMB.repeat(1000) });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().text).toBe(THUMB.repeat(1000));

    const long = await call('POST', url, { text: THUMB.repeat(1001) });
    expect(expectProblem(long, 400).errors).toEqual([
      { in: 'body', name: 'text', message: 'must be at most 1,000 characters (it has 1,001)' },
    ]);
    const fixed = await call('PUT', `${url}/${added.json().id}`, { text: ` ${THUMB.repeat(1001)} ` });
    expect(expectProblem(fixed, 400).errors).toEqual([
      { in: 'body', name: 'text', message: 'must be at most 1,000 characters (it has 1,001)' },
    ]);

    // A family is one character of 11 UTF-16 units: 1,000 of them fit (the schema's cap does not refuse them).
    const families = await call('POST', url, { text: FAMILY.repeat(1000) });
    expect(families.statusCode, families.body).toBe(201);
    expect(families.json().text).toBe(FAMILY.repeat(1000));
    const stored = await t.database.db
      .selectFrom('article_corrections')
      .select('text')
      .where('article_id', '=', id)
      .execute();
    expect(stored.map((r) => r.text).sort()).toEqual([FAMILY.repeat(1000), THUMB.repeat(1000)].sort());
  });

  it('counts nine flags as nine characters: too short', async () => {
    const id = await publishedArticle();
    const short = await call('POST', `/api/admin/articles/${id}/corrections`, { text: FLAG.repeat(9) });
    expect(expectProblem(short, 400).errors).toEqual([
      { in: 'body', name: 'text', message: 'must be at least 10 characters (it has 9)' },
    ]);
    const ten = await call('POST', `/api/admin/articles/${id}/corrections`, { text: FLAG.repeat(10) });
    expect(ten.statusCode, ten.body).toBe(201);
  });
});
