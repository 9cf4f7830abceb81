import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const coded = (code: string) => Object.assign(new Error(code), { code });

describe('a database that cannot be reached right now', () => {
  it('is SQLite busy or locked, extended codes included; other SQLite errors are not', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSYNESS', 'SQLITE_ERROR'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
  });

  it('is a PostgreSQL connection failure or a refused connection, also as a cause', () => {
    expect(isDatabaseUnavailable(coded('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnavailable(coded('23505'))).toBe(false);
  });
});
