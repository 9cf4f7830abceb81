/**
 * Manages the built-in provider's editor accounts, on the same database as the server.
 *
 *   npm run editor -- add NAME [--name "Display Name"]   create (password: EDITOR_PASSWORD or generated and printed)
 *   npm run editor -- reset NAME                          new password (same rules), lifts a lockout, ends sessions
 *   npm run editor -- list                                usernames, display names, last sign-in
 *   npm run editor -- remove NAME                         delete the account and end its sessions
 *
 * Exit codes: 0 done, 1 refused (unknown or duplicate name, invalid input, configuration), 2 usage.
 */
import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { MIN_PASSWORD_LENGTH } from '../server/src/auth/config.ts';
import { EditorsRepository, EditorError, normalizeUsername } from '../server/src/repositories/editors-repository.ts';
import { generatePassword } from '../server/src/auth/passwords.ts';

const USAGE = `Usage:
  npm run editor -- add NAME [--name "Display Name"]
  npm run editor -- reset NAME
  npm run editor -- list
  npm run editor -- remove NAME

The password comes from the EDITOR_PASSWORD environment variable (at least ${MIN_PASSWORD_LENGTH} characters);
without it a strong password is generated and printed once.`;

class UsageError extends Error {}

function passwordFromEnv(): { password: string; generated: boolean } {
  const fromEnv = process.env.EDITOR_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_PASSWORD_LENGTH)
      throw new EditorError(`EDITOR_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
    if (fromEnv.length > 200) throw new EditorError('EDITOR_PASSWORD must be at most 200 characters');
    return { password: fromEnv, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export async function main(
  argv: string[],
  io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) },
): Promise<number> {
  const { out, err: fail } = io;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    fail(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, rawName, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    (parsed.values.help ? out : fail)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const needsName = ['add', 'reset', 'remove'].includes(command);
  if (
    !['add', 'reset', 'list', 'remove'].includes(command) ||
    (needsName && !rawName) ||
    (!needsName && rawName) ||
    extra.length
  ) {
    fail(`Unknown or incomplete command: ${parsed.positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.name !== undefined && command !== 'add') {
    fail(`--name only goes with add\n\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      fail(err.message);
      return 1;
    }
    throw err;
  }
  if (config.auth.entra)
    out(
      'Note: Microsoft Entra ID is configured (ENTRA_*): the built-in accounts are not used for sign-in while it is.',
    );
  const database = await openDatabase(config);
  try {
    const editors = new EditorsRepository(database);
    const username = rawName ? normalizeUsername(rawName) : '';
    switch (command) {
      case 'list': {
        const all = await editors.list();
        if (!all.length) out('No editors yet.');
        for (const e of all) out(`${e.username}\t${e.displayName}\tlast sign-in: ${e.lastLoginAt ?? 'never'}`);
        return 0;
      }
      case 'add': {
        const { password, generated } = passwordFromEnv();
        await editors.create({ username, displayName: parsed.values.name, password });
        out(`Editor "${username}" created.`);
        if (generated) out(`Password (shown only now): ${password}`);
        return 0;
      }
      case 'reset': {
        const account = await editors.findCredentials(username);
        if (!account) throw new EditorError(`There is no editor named "${username}" (see: npm run editor -- list)`);
        const { password, generated } = passwordFromEnv();
        await editors.setPassword(username, password);
        await editors.revokeSignIns(account.id);
        out(`Password of "${username}" changed; the account's sign-in sessions were ended.`);
        if (generated) out(`New password (shown only now): ${password}`);
        return 0;
      }
      case 'remove': {
        const account = await editors.findCredentials(username);
        if (!account) throw new EditorError(`There is no editor named "${username}" (see: npm run editor -- list)`);
        await editors.revokeSignIns(account.id);
        await editors.remove(username);
        out(`Editor "${username}" removed.`);
        return 0;
      }
    }
    throw new UsageError(command);
  } catch (err) {
    if (err instanceof EditorError) {
      fail(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && import.meta.filename === realpathSync(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
