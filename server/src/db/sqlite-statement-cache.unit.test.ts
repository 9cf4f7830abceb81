import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

describe('SQLite transactions', () => {
  it('take the write lock when they begin: a read then a write never fails on another connection commit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-immediate-'));
    try {
      const file = new SQLite(path.join(dir, 'db.sqlite'));
      files.push(file);
      file.pragma('journal_mode = WAL');
      file.pragma('busy_timeout = 5000');
      file.exec('create table t (id integer primary key, name text)');
      const other = new SQLite(path.join(dir, 'db.sqlite'));
      files.push(other);
      other.pragma('busy_timeout = 5000');
      const db = new Kysely<{ t: { id: number; name: string } }>({
        dialect: new SqliteDialect({ database: withStatementCache(file) }),
      });
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('t').selectAll().execute();
        // Another process writing meanwhile waits for this transaction (it holds the write lock):
        // with a deferred begin its commit would land here and this write would fail (SQLITE_BUSY_SNAPSHOT).
        expect(() => {
          other.pragma('busy_timeout = 0');
          other.prepare('insert into t (name) values (?)').run('other');
        }).toThrow(/locked|busy/i);
        await trx.insertInto('t').values({ id: 1, name: 'mine' }).execute();
      });
      other.prepare('insert into t (name) values (?)').run('other');
      expect((await db.selectFrom('t').select('name').orderBy('id').execute()).map((r) => r.name)).toEqual([
        'mine',
        'other',
      ]);
      await db.destroy();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
