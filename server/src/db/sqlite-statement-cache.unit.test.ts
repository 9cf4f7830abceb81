import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.ts';

const files: SQLite.Database[] = [];
afterEach(() => {
  for (const f of files.splice(0)) if (f.open) f.close();
});
function memory() {
  const f = new SQLite(':memory:');
  files.push(f);
  f.exec('create table t (id integer primary key, name text)');
  return f;
}

describe('SQLite statement cache', () => {
  it('prepares a SQL text once and reuses the statement with new parameters', () => {
    const file = memory();
    const db = withStatementCache(file);
    const insert = db.prepare('insert into t (name) values (?)');
    insert.run(['a']);
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert);
    db.prepare('insert into t (name) values (?)').run(['b']);
    expect(db.prepare('select name from t where id = ?').all([2])).toEqual([{ name: 'b' }]);
    expect(db.prepare('select name from t where id = ?').all([1])).toEqual([{ name: 'a' }]);
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    const file = memory();
    const db = withStatementCache(file);
    db.prepare('insert into t (name) values (?)').run(['a']);
    db.prepare('insert into t (name) values (?)').run(['b']);
    const text = 'select name from t order by id';
    const outer = db.prepare(text);
    const names: string[] = [];
    for (const row of outer.iterate([]) as IterableIterator<{ name: string }>) {
      const inner = db.prepare(text);
      expect(inner).not.toBe(outer);
      names.push(`${row.name}:${(inner.all([]) as { name: string }[]).map((r) => r.name).join('')}`);
    }
    expect(names).toEqual(['a:ab', 'b:ab']);
  });

  it('keeps at most maxEntries statements and still answers after a schema change', async () => {
    const file = memory();
    const cached = withStatementCache(file, 2);
    const first = cached.prepare('select 1 as n');
    cached.prepare('select 2 as n');
    cached.prepare('select 3 as n');
    expect(cached.prepare('select 1 as n')).not.toBe(first); // evicted, prepared again
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: cached }) });
    await db.insertInto('t').values({ id: 1, name: 'x' }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, name: 'x' }]);
    await sql`alter table t add column extra text default 'e'`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, name: 'x', extra: 'e' }]);
    await db.destroy();
    expect(file.open).toBe(false);
  });
});
