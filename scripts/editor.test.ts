import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/src/db/index.ts';
import { createLoginService } from '../server/src/auth/login-throttle.ts';
import { tempDir } from '../server/src/test-support/auth-test-app.ts';
import { main } from './editor.ts';

describe('npm run editor', () => {
  const saved = { ...process.env };
  const dataDir = tempDir('editor-cli-');
  beforeAll(() => {
    for (const k of Object.keys(process.env))
      if (k.startsWith('ENTRA_') || k === 'DATABASE_URL' || k === 'EDITOR_PASSWORD') delete process.env[k];
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => {
    process.env = saved;
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  async function canSignIn(username: string, password: string) {
    const database = await openDatabase({ dataDir, databaseUrl: '' });
    try {
      return (await createLoginService(database).authenticate(username, password, '127.0.0.1')).ok;
    } finally {
      await database.destroy();
    }
  }

  it('adds an editor with a generated password that works', async () => {
    const r = await run('add', 'Alice', '--name', 'Alice Smear');
    expect(r.code).toBe(0);
    const password = /Password \(shown only now\): (\S+)/.exec(r.out)?.[1];
    expect(password).toHaveLength(20);
    expect(await canSignIn('alice', password!)).toBe(true);
    expect((await run('list')).out).toContain('alice\tAlice Smear');
  });

  it('takes the password from EDITOR_PASSWORD and never prints it', async () => {
    process.env.EDITOR_PASSWORD = 'a password from env';
    try {
      const r = await run('add', 'bob');
      expect(r.code).toBe(0);
      expect(r.out).not.toContain('a password from env');
      expect(await canSignIn('bob', 'a password from env')).toBe(true);
      process.env.EDITOR_PASSWORD = 'short';
      expect((await run('reset', 'bob')).code).toBe(1);
    } finally {
      delete process.env.EDITOR_PASSWORD;
    }
  });

  it('refuses duplicates and unknown names with exit code 1, bad usage with 2', async () => {
    expect(await run('add', 'ALICE')).toMatchObject({ code: 1, err: 'An editor named "alice" already exists' });
    expect((await run('reset', 'nobody')).code).toBe(1);
    expect((await run('remove', 'nobody')).code).toBe(1);
    expect((await run('add')).code).toBe(2);
    expect((await run('frobnicate', 'x')).code).toBe(2);
    expect((await run('list', '--bogus')).code).toBe(2);
  });

  it('reset gives a new password; remove deletes', async () => {
    const r = await run('reset', 'alice');
    expect(r.code).toBe(0);
    const password = /New password \(shown only now\): (\S+)/.exec(r.out)?.[1];
    expect(await canSignIn('alice', password!)).toBe(true);
    expect((await run('remove', 'bob')).code).toBe(0);
    expect((await run('list')).out).not.toContain('bob');
  });
});
