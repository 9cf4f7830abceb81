import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { freePort, testConfig, TEST_ADMIN } from '../test-support/auth-test-app.ts';
import { loginAttempts, signInForm, type Interaction } from '../test-support/sign-in-form.ts';

/**
 * Nobody can lock an editor out from another address: attacks on the editor's name from many
 * addresses (played through a trusted proxy's X-Forwarded-For), over HTTP, on SQLite and PostgreSQL.
 */
describe('wrong sign-ins for the editor from many addresses', () => {
  let app: App;
  let database: Db;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    const config = testConfig({ PORT: String(port), TRUST_PROXY: '127.0.0.1' });
    database = await openDatabase(config);
    app = await buildApp({ config, database, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const form = () => signInForm(origin);
  const interaction = () => form().interaction();
  const login = (i: Interaction, from: string, password: string) => form().login(i, from, password);
  const failuresOf = (key: string) => loginAttempts(database.db, key);

  it(
    '8 addresses x 5 wrong passwords at once: the right password from a new address gets in meanwhile',
    {
      timeout: 120_000,
    },
    async () => {
      const attackers = await Promise.all(Array.from({ length: 8 }, () => interaction()));
      const burst = attackers.flatMap((i, a) =>
        Array.from({ length: 5 }, (_, n) => login(i, `198.51.100.${10 + a}`, `wrong-${a}-${n}`)),
      );
      const mine = await login(await interaction(), '192.0.2.200', TEST_ADMIN.password);
      const statuses = await Promise.all(burst);
      expect(mine).toBe(303);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    },
  );

  it(
    '20 addresses each keeping a wrong attempt in flight: the editor from their own address gets in, and is never locked',
    {
      timeout: 120_000,
    },
    async () => {
      const editorAddress = '192.0.2.77';
      // Each address sends its next wrong password as soon as the last is answered, until it is locked
      // out or the editor is in.
      let editorDone = false;
      const attacks = Array.from({ length: 20 }, async (_, a) => {
        const i = await interaction();
        const seen: number[] = [];
        for (let n = 0; seen.at(-1) !== 429 && !editorDone; n++)
          seen.push(await login(i, `203.0.113.${100 + a}`, `wrong-${a}-${n}`));
        return seen;
      });
      // The attack is under way: some of its attempts have been checked.
      await expect
        .poll(async () => (await failuresOf(`pair:203.0.113.100\n${TEST_ADMIN.username}`)).failures, {
          interval: 5,
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const mine = await login(await interaction(), editorAddress, TEST_ADMIN.password);
      editorDone = true;
      const seen = (await Promise.all(attacks)).flat();
      expect(seen.every((s) => s === 401 || s === 429)).toBe(true);
      // In at the first attempt: never busy, never locked, while 20 addresses kept the queue full.
      expect(mine).toBe(303);
      // Other addresses' refusals never counted against the editor's own address.
      expect(await failuresOf(`pair:${editorAddress}\n${TEST_ADMIN.username}`)).toEqual({
        failures: 0,
        blocked: false,
      });
      // And after the attack, the editor signs in again from there at once.
      expect(await login(await interaction(), editorAddress, TEST_ADMIN.password)).toBe(303);
    },
  );
});
