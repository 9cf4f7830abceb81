import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Throwaway PostgreSQL databases for tests: CREATE DATABASE tabloid_test_<random> through the
 * admin connection in TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres),
 * DROP ... WITH (FORCE) when done.
 */
export function testDatabaseAdminUrl(): string | undefined {
  const url = (process.env.TEST_DATABASE_URL ?? '').trim();
  return url || undefined;
}

export interface TestPostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An empty database, or with `template` a copy of that database (CREATE DATABASE ... TEMPLATE: PostgreSQL
 * copies its files; nobody may be connected to the template meanwhile).
 */
export async function createTestPostgresDatabase(
  adminUrl = testDatabaseAdminUrl(),
  prefix = 'tabloid_test',
  template?: string,
): Promise<TestPostgresDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  let dropped = false;
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
