import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/admin-contract.ts';
import { useBylinesApp } from '../test-support/bylines-app.ts';
import { listAudit } from './audit-log.ts';

/**
 * The audit rows of authors and tags name their record and say whether it still exists, on the
 * project's database (SQLite in `api`, PostgreSQL in `api-pg`), with one query per kind for the page.
 */
const bylines = useBylinesApp();
const call = bylines.call;

async function audit(query = ''): Promise<AuditEntry[]> {
  const res = await call('GET', `/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as AuditEntry[];
}

describe('the audit rows of authors and tags', () => {
  it('name the record created, changed, merged away or deleted, and whether it exists now', async () => {
    const typo = (await call('POST', '/api/admin/tags', { name: 'Kitens' })).json();
    const kittens = (await call('POST', '/api/admin/tags', { name: 'Kittens' })).json();
    expect((await call('PATCH', `/api/admin/tags/${kittens.id}`, { name: 'Cute Kittens' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/tags/${typo.id}/merge`, { into: kittens.id })).statusCode).toBe(200);
    const jane = (await call('POST', '/api/admin/authors', { name: 'Jane Doe' })).json();
    const gone = (await call('POST', '/api/admin/authors', { name: 'Gone Soon' })).json();
    expect((await call('PATCH', `/api/admin/authors/${jane.id}`, { bio: 'Writes.' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/authors/${gone.id}`)).statusCode).toBe(204);
    // An article's own row names no record.
    const story = await call('POST', '/api/admin/articles', {
      headline: 'Council Bans Tuesdays',
      summary: 'S.',
      content: 'One.',
      category: 'Politics',
    });
    expect(story.statusCode, story.body).toBe(201);

    const rows = (await audit()).map((e) => [e.action, e.record]);
    const author = (id: number, name: string, exists: boolean) => ({ kind: 'author', id, name, exists });
    const tag = (id: number, name: string, exists: boolean) => ({ kind: 'tag', id, name, exists });
    expect(rows).toEqual([
      ['create', null],
      ['author-delete', author(gone.id, 'Gone Soon', false)],
      ['author-edit', author(jane.id, 'Jane Doe', true)],
      ['author-create', author(gone.id, 'Gone Soon', false)],
      ['author-create', author(jane.id, 'Jane Doe', true)],
      // The merge row is about the tag merged away.
      ['tag-merge', tag(typo.id, 'Kitens', false)],
      // A rename: the name it got; the record is the same.
      ['tag-edit', tag(kittens.id, 'Cute Kittens', true)],
      ['tag-create', tag(kittens.id, 'Kittens', true)],
      ['tag-create', tag(typo.id, 'Kitens', false)],
    ]);
    // The same when filtered by action.
    expect((await audit('?action=tag-merge')).map((e) => e.record)).toEqual([tag(typo.id, 'Kitens', false)]);
  });

  it('asks the database once per kind for the whole page, not once per row', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await call('POST', '/api/admin/tags', { name: `Tag ${i}` })).statusCode).toBe(201);
      expect((await call('POST', '/api/admin/authors', { name: `Author Number ${i}` })).statusCode).toBe(201);
    }
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = bylines.t.database.db.withPlugin(counter);
    const page = await listAudit(db, { page: 1, pageSize: 50 });
    expect(page.entries).toHaveLength(12);
    expect(page.entries.every((e) => e.record?.exists)).toBe(true);
    // The page, the authors, the tags.
    expect(queries).toBe(3);

    queries = 0;
    expect((await listAudit(db, { action: 'tag-create', page: 1, pageSize: 50 })).entries).toHaveLength(6);
    expect(queries).toBe(2);
    queries = 0;
    expect((await listAudit(db, { action: 'create', page: 1, pageSize: 50 })).entries).toEqual([]);
    expect(queries).toBe(1);
  });
});
