import { describe, expect, it } from 'vitest';
import { redactConnectionStrings } from './pg-tools.ts';
import { backupsToKeep } from './retention.ts';

const b = (iso: string) => ({ name: iso, at: new Date(iso) });

describe('backupsToKeep', () => {
  it('keeps the newest of each recent day and week; a backup may count for both', () => {
    const all = [
      b('2026-03-01T23:00:00.000Z'), // Sunday: newest of the week 23 Feb – 1 Mar
      b('2026-03-01T01:00:00.000Z'),
      b('2026-03-02T01:00:00.000Z'), // Monday
      b('2026-03-02T13:00:00.000Z'),
      b('2026-03-03T13:00:00.000Z'),
      b('2026-02-20T13:00:00.000Z'), // the week of 16 February
    ];
    expect([...backupsToKeep(all, 2, 2)].sort()).toEqual(
      ['2026-03-03T13:00:00.000Z', '2026-03-02T13:00:00.000Z', '2026-03-01T23:00:00.000Z'].sort(),
    );
    expect([...backupsToKeep(all, 1, 3)].sort()).toEqual(
      ['2026-03-03T13:00:00.000Z', '2026-03-01T23:00:00.000Z', '2026-02-20T13:00:00.000Z'].sort(),
    );
    expect([...backupsToKeep(all, 1, 0)]).toEqual(['2026-03-03T13:00:00.000Z']);
    expect(backupsToKeep([], 7, 4).size).toBe(0);
  });
});

describe('redactConnectionStrings', () => {
  it('masks the password of every postgres address in a message', () => {
    expect(
      redactConnectionStrings(
        'pg_dump: error: connection to "postgres://backup:s3cr:et@db.example:5432/news" failed; postgresql://u:p@h/x',
      ),
    ).toBe('pg_dump: error: connection to "postgres://backup:***@db.example:5432/news" failed; postgresql://u:***@h/x');
    expect(redactConnectionStrings('postgres://nopassword@h/db')).toBe('postgres://nopassword@h/db');
  });
});
