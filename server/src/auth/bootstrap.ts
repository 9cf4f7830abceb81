import type { AuthConfig } from './config.ts';
import type { EditorsRepository } from '../repositories/editors-repository.ts';
import { generatePassword } from './passwords.ts';

export const DEFAULT_EDITOR_USERNAME = 'editor';

export interface BootstrapResult {
  created: boolean;
  username?: string;
  /** Set only when the password was generated (never when it came from ADMIN_PASSWORD). */
  generatedPassword?: string;
}

/**
 * First start of the built-in provider: when no editor exists, create one from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or 'editor' with a generated password. The insert is
 * guarded by the unique username (ON CONFLICT DO NOTHING), so instances starting together
 * create exactly one, and only the instance whose insert landed reports a password.
 */
export async function ensureFirstEditor(
  editors: EditorsRepository,
  auth: Pick<AuthConfig, 'adminUsername' | 'adminPassword'>,
): Promise<BootstrapResult> {
  if ((await editors.count()) > 0) return { created: false };
  const username = auth.adminUsername || DEFAULT_EDITOR_USERNAME;
  const password = auth.adminPassword || generatePassword();
  const displayName = username === DEFAULT_EDITOR_USERNAME ? 'Editor' : username;
  const created = await editors.create({ username, displayName, password }, { ifNoneExists: true });
  if (!created) return { created: false };
  return { created: true, username, generatedPassword: auth.adminPassword ? undefined : password };
}

/**
 * The one-time message with the generated password. Written straight to the terminal
 * (stdout), not through the JSON logger, so it is not shipped to log aggregation as a log record.
 */
export function formatBootstrapMessage(origin: string, username: string, password: string): string {
  const lines = [
    'FIRST EDITOR ACCOUNT CREATED',
    '',
    `  Sign in at ${origin}/admin`,
    `  Username:  ${username}`,
    `  Password:  ${password}`,
    '',
    'This password is shown only this once. Store it in a password manager,',
    `or change it with: npm run editor -- reset ${username}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = `+${'-'.repeat(width + 2)}+`;
  return ['', bar, ...lines.map((l) => `|  ${l.padEnd(width)}|`), bar, ''].join('\n');
}
