import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/index.ts';
import { ensureFirstEditor, formatBootstrapMessage } from './bootstrap.ts';
import { EditorError, EditorsRepository } from '../repositories/editors-repository.ts';
import {
  createLoginService,
  LOCK_AFTER,
  lockDurationMs,
  BASE_LOCK_MS,
  MAX_LOCK_MS,
  IP_LOCK_AFTER,
} from './login-throttle.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import { tempDir } from '../test-support/auth-test-app.ts';

describe('password hashes', () => {
  it('round-trips with scrypt and a per-user salt', async () => {
    const a = await hashPassword('s3cret password');
    const b = await hashPassword('s3cret password');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret password', a)).toBe(true);
    expect(await verifyPassword('s3cret passwore', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1099511627776$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });

  it('generates strong passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/);
  });
});

describe('editors and sign-in throttling', () => {
  let database: Db;
  let editors: EditorsRepository;
  const dataDir = tempDir();
  beforeAll(async () => {
    database = await openDatabase({ dataDir, databaseUrl: '' });
    editors = new EditorsRepository(database);
  });
  afterAll(() => database.destroy());

  it('creates exactly one first editor, also when two starts race', async () => {
    const auth = { adminUsername: '', adminPassword: '' };
    // A second connection to the same database file plays the second instance.
    const second = await openDatabase({ dataDir, databaseUrl: '' });
    const secondEditors = new EditorsRepository(second);
    const results = await Promise.all([
      ensureFirstEditor(editors, auth),
      ensureFirstEditor(secondEditors, auth),
      ensureFirstEditor(editors, auth),
    ]);
    await second.destroy();
    expect(await editors.count()).toBe(1);
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    expect(created[0].username).toBe('editor');
    const password = created[0].generatedPassword!;
    expect(password).toHaveLength(20);
    // The password that was reported is the one that works.
    const login = createLoginService(database);
    expect((await login.authenticate('editor', password, '10.0.0.1')).ok).toBe(true);
    // A later start creates nothing.
    expect(await ensureFirstEditor(editors, { adminUsername: 'other', adminPassword: 'another long pass' })).toEqual({
      created: false,
    });
    const message = formatBootstrapMessage('http://localhost:3000', 'editor', password);
    expect(message).toContain(password);
    expect(message).toContain('npm run editor -- reset editor');
  });

  it('stores only the hash', async () => {
    const row = await database.db
      .selectFrom('editors')
      .selectAll()
      .where('username', '=', 'editor')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('scrypt$')).toBe(true);
  });

  it('refuses duplicate and invalid usernames', async () => {
    await editors.create({ username: 'Desk', password: 'desk password 1' });
    await expect(editors.create({ username: 'desk', password: 'x'.repeat(12) })).rejects.toThrow(EditorError);
    await expect(editors.create({ username: 'bad name', password: 'x'.repeat(12) })).rejects.toThrow(
      /not a valid username/,
    );
    expect((await editors.list()).map((e) => e.username)).toEqual(['desk', 'editor']);
  });

  it('slows down one name from one address, doubling the wait, without locking the name elsewhere', async () => {
    await editors.create({ username: 'victim', password: 'victim password 1' });
    let now = Date.parse('2026-01-01T00:00:00Z');
    const login = createLoginService(database, () => now);
    for (let i = 0; i < LOCK_AFTER; i++) {
      expect(await login.authenticate('victim', `guess ${i}`, '10.1.0.1')).toEqual({ ok: false, reason: 'invalid' });
    }
    // This pair waits now: even the right password is refused, without checking it.
    expect(await login.authenticate('victim', 'victim password 1', '10.1.0.1')).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: 60,
    });
    // The same name from another address is not affected (nobody can lock an editor out).
    expect((await login.authenticate('victim', 'victim password 1', '10.1.9.9')).ok).toBe(true);
    now += BASE_LOCK_MS + 1;
    // One more failure after the wait: two minutes.
    expect(await login.authenticate('victim', 'wrong again', '10.1.0.1')).toEqual({ ok: false, reason: 'invalid' });
    expect(await login.authenticate('victim', 'victim password 1', '10.1.0.1')).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: 120,
    });
    now += 2 * BASE_LOCK_MS + 1;
    expect((await login.authenticate('victim', 'victim password 1', '10.1.0.1')).ok).toBe(true);
    // Success clears the pair's count: five more tries before any wait.
    for (let i = 0; i < LOCK_AFTER - 1; i++)
      expect((await login.authenticate('victim', 'x', '10.1.0.1')).ok).toBe(false);
    expect((await login.authenticate('victim', 'victim password 1', '10.1.0.1')).ok).toBe(true);
    expect((await editors.findCredentials('victim'))?.lastLoginAt).toBeTruthy();
  });

  it('treats unknown usernames exactly like real ones (no enumeration through the counts)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const login = createLoginService(database, () => now);
    const answers = async (name: string, ip: string) => {
      const out = [];
      for (let i = 0; i <= LOCK_AFTER; i++) out.push(await login.authenticate(name, 'x', ip));
      return out;
    };
    const real = await answers('victim', '10.2.0.1');
    const ghost = await answers('ghost', '10.2.0.2');
    expect(ghost).toEqual(real);
    expect(ghost.at(-1)).toMatchObject({ reason: 'locked' });
    // Both kinds of name are counted in the same table (shared by every instance).
    const rows = await database.db
      .selectFrom('login_attempts')
      .select(['key', 'failures'])
      .where('key', 'in', ['pair:10.2.0.1\nvictim', 'pair:10.2.0.2\nghost'])
      .orderBy('key')
      .execute();
    expect(rows.map((r) => Number(r.failures))).toEqual([LOCK_AFTER, LOCK_AFTER]);
    now += MAX_LOCK_MS + 1;
    expect(await login.authenticate('ghost', 'x', '10.2.0.2')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('counts concurrent attempts before checking: a right password inside a burst does not get in', async () => {
    await editors.create({ username: 'burst', password: 'burst password 1' });
    const login = createLoginService(database);
    const wrong = Array.from({ length: 39 }, (_, i) => login.authenticate('burst', `wrong ${i}`, '10.5.0.1'));
    const right = login.authenticate('burst', 'burst password 1', '10.5.0.1');
    const results = await Promise.all([...wrong, right]);
    expect(results.filter((r) => r.ok)).toHaveLength(0);
    expect(await right).toMatchObject({ ok: false, reason: 'locked' });
    // At most one check ran at a time, so most were refused without one; never more than LOCK_AFTER checks.
    const checked = results.filter((r) => !r.ok && r.reason === 'invalid').length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(LOCK_AFTER);
    // The editor from another address signs in at once.
    expect((await login.authenticate('burst', 'burst password 1', '10.5.0.2')).ok).toBe(true);
  });

  it('checks at most one password at a time per address across instances (the mark is in the database)', async () => {
    const second = await openDatabase({ dataDir, databaseUrl: '' });
    try {
      const a = createLoginService(database);
      const b = createLoginService(second);
      const results = await Promise.all([
        a.authenticate('burst', 'wrong a', '10.6.0.1'),
        b.authenticate('burst', 'wrong b', '10.6.0.1'),
      ]);
      expect(results.map((r) => (r.ok ? 'ok' : r.reason)).sort()).toEqual(['busy', 'invalid']);
      // Other addresses at the same name are not serialised with this one: both are checked.
      const apart = await Promise.all([
        a.authenticate('burst', 'wrong c', '10.6.0.2'),
        b.authenticate('burst', 'wrong d', '10.6.0.3'),
      ]);
      expect(apart.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['invalid', 'invalid']);
    } finally {
      await second.destroy();
    }
  });

  it('slows down one client address guessing across many usernames', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const login = createLoginService(database, () => now);
    for (let i = 0; i < IP_LOCK_AFTER; i++) await login.authenticate(`spray${i}`, 'x', '10.3.0.1');
    expect(await login.authenticate('desk', 'desk password 1', '10.3.0.1')).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    expect((await login.authenticate('desk', 'desk password 1', '10.3.0.2')).ok).toBe(true);
  });

  it('lock durations: 1 minute after 5 failures, doubling, at most an hour', () => {
    expect(lockDurationMs(4, 5)).toBe(0);
    expect(lockDurationMs(5, 5)).toBe(60_000);
    expect(lockDurationMs(6, 5)).toBe(120_000);
    expect(lockDurationMs(20, 5)).toBe(MAX_LOCK_MS);
  });

  it('reset sets a new password and lifts a lockout; remove deletes', async () => {
    await database.db
      .updateTable('editors')
      .set({ failed_attempts: 9, locked_until: '2999-01-01T00:00:00.000Z' })
      .where('username', '=', 'desk')
      .execute();
    const now = Date.parse('2026-01-01T00:00:00Z');
    const locked = createLoginService(database, () => now);
    for (let i = 0; i < LOCK_AFTER; i++) await locked.authenticate('desk', 'wrong', '10.4.0.1');
    expect(await locked.authenticate('desk', 'desk password 1', '10.4.0.1')).toMatchObject({ reason: 'locked' });
    expect(await editors.setPassword('DESK', 'a brand new password')).toBe(true);
    const login = createLoginService(database);
    expect((await login.authenticate('desk', 'a brand new password', '10.4.0.1')).ok).toBe(true);
    expect(await editors.setPassword('nobody', 'whatever password')).toBe(false);
    expect(await editors.remove('desk')).toBe(true);
    expect(await editors.remove('desk')).toBe(false);
  });
});
