import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.ts';

/**
 * One source of truth for the schema: the migrations build the database, and the Kysely `Database`
 * type (db/schema.ts, one file per table) must describe exactly what they built. This test migrates a
 * fresh database (SQLite in `api`, PostgreSQL in `api-pg`) and compares every table, every column and
 * each column's nullability with the type, read by the TypeScript compiler.
 */

/** Tables the migrations create that the code reaches with raw SQL only (named in db/schema.ts). */
const RAW_SQL_ONLY = [/^kysely_migration/, /^articles_fts/, /^article_search/];

interface ColumnShape {
  nullable: boolean;
  /** Declared with `?`: a column one dialect's migrations do not add (said in its table's file). */
  optional?: boolean;
}
type Shape = Map<string, Map<string, ColumnShape>>;

/** The `Database` interface of db/schema.ts: table → column → whether `null` is a stored value. */
function declaredShape(): Shape {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error('db/schema.ts not found');
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error('interface Database not found in db/schema.ts');
  const shape: Shape = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, ColumnShape>();
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    for (const column of tableType.getProperties()) {
      const columnType = checker.getTypeOfSymbolAtLocation(column, database);
      // Kysely's ColumnType<Select, Insert, Update> (and Generated<T>) keep the selected type in __select__.
      const selected = columnType.getProperty('__select__');
      const type = selected ? checker.getTypeOfSymbolAtLocation(selected, database) : columnType;
      const nullable = type.isUnion()
        ? type.types.some((t) => (t.flags & ts.TypeFlags.Null) !== 0)
        : (type.flags & ts.TypeFlags.Null) !== 0;
      columns.set(column.name, { nullable, optional: (column.flags & ts.SymbolFlags.Optional) !== 0 });
    }
    shape.set(table.name, columns);
  }
  return shape;
}

/** What the migrations built, as Kysely's introspection reads it (the public schema on PostgreSQL). */
async function migratedShape(database: Db): Promise<Shape> {
  const tables = await database.db.introspection.getTables();
  const shape: Shape = new Map();
  for (const table of tables) {
    if (table.schema && table.schema !== 'public') continue;
    if (table.isView) continue;
    if (RAW_SQL_ONLY.some((pattern) => pattern.test(table.name))) continue;
    // SQLite lets a primary key column that is not an integer hold NULL unless it says NOT NULL; the
    // code never stores one there, so a key column counts as not null on both dialects.
    const keyColumns = new Set<string>();
    if (database.dialect === 'sqlite') {
      const info = await sql<{
        name: string;
        pk: number;
      }>`select name, pk from pragma_table_info(${table.name})`.execute(database.db);
      for (const row of info.rows) if (row.pk > 0) keyColumns.add(row.name);
    }
    shape.set(
      table.name,
      new Map(table.columns.map((c) => [c.name, { nullable: c.isNullable && !keyColumns.has(c.name) }])),
    );
  }
  return shape;
}

/** The declared shape without the optional columns that this dialect's migrations did not add. */
function forDialect(declared: Shape, migrated: Shape): Shape {
  const out: Shape = new Map();
  for (const [table, columns] of declared) {
    const there = migrated.get(table);
    out.set(table, new Map([...columns].filter(([name, c]) => !c.optional || there?.has(name))));
  }
  return out;
}

function describeShape(shape: Shape): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [table, columns] of [...shape].sort(([a], [b]) => a.localeCompare(b))) {
    out[table] = {};
    for (const [column, c] of [...columns].sort(([a], [b]) => a.localeCompare(b))) {
      out[table][column] = c.nullable ? 'null allowed' : 'not null';
    }
  }
  return out;
}

let dataDir: string;
let database: Db;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schema-'));
  database = await openDatabase({ dataDir, databaseUrl: '' });
});
afterAll(async () => {
  await database?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the Kysely Database type and the migrated database', () => {
  it('name the same tables and columns, with the same nullability', async () => {
    const migratedTables = await migratedShape(database);
    const declared = describeShape(forDialect(declaredShape(), migratedTables));
    const migrated = describeShape(migratedTables);
    expect(Object.keys(declared).length).toBeGreaterThan(10);
    expect(migrated).toEqual(declared);
  });
});
