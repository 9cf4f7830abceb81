import type { Db } from '../db/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { USERNAME_PATTERN } from '../auth/config.ts';

/** A local editor account of the built-in provider (never carries the password hash outwards). */
export interface Editor {
  id: number;
  username: string;
  displayName: string;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface EditorCredentials extends Editor {
  passwordHash: string;
  failedAttempts: number;
  lockedUntil: string | null;
}

export class EditorError extends Error {}

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function assertValidUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw new EditorError(
      `"${username}" is not a valid username: use letters, digits, dot, underscore, hyphen or @ (at most 64 characters, starting with a letter or digit)`,
    );
  }
}

type Row = {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  created_at: string;
  last_login_at: string | null;
  failed_attempts: number;
  locked_until: string | null;
};

function toEditor(r: Row): Editor {
  return {
    id: Number(r.id),
    username: r.username,
    displayName: r.display_name,
    createdAt: r.created_at,
    lastLoginAt: r.last_login_at,
  };
}

function toCredentials(r: Row): EditorCredentials {
  return {
    ...toEditor(r),
    passwordHash: r.password_hash,
    failedAttempts: Number(r.failed_attempts),
    lockedUntil: r.locked_until,
  };
}

const columns = [
  'id',
  'username',
  'display_name',
  'password_hash',
  'created_at',
  'last_login_at',
  'failed_attempts',
  'locked_until',
] as const;

export class EditorsRepository {
  readonly #db: Kysely<Database>;

  constructor(database: Pick<Db, 'db'>) {
    this.#db = database.db;
  }

  async count(): Promise<number> {
    const r = await this.#db
      .selectFrom('editors')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async list(): Promise<Editor[]> {
    const rows = await this.#db.selectFrom('editors').select(columns).orderBy('username').execute();
    return rows.map(toEditor);
  }

  async findById(id: number): Promise<Editor | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const r = await this.#db.selectFrom('editors').select(columns).where('id', '=', id).executeTakeFirst();
    return r ? toEditor(r) : undefined;
  }

  async findCredentials(username: string): Promise<EditorCredentials | undefined> {
    const r = await this.#db
      .selectFrom('editors')
      .select(columns)
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();
    return r ? toCredentials(r) : undefined;
  }

  /**
   * Creates an editor. With `ifNoneExists`, the insert is guarded at the database level
   * (ON CONFLICT DO NOTHING on the unique username), so concurrent starts create one.
   * Returns undefined when nothing was inserted in that mode.
   */
  async create(
    input: { username: string; displayName?: string; password: string },
    opts: { ifNoneExists?: boolean } = {},
  ): Promise<Editor | undefined> {
    const username = normalizeUsername(input.username);
    assertValidUsername(username);
    const now = new Date().toISOString();
    const values = {
      username,
      display_name: (input.displayName ?? '').trim() || username,
      password_hash: await hashPassword(input.password),
      created_at: now,
      updated_at: now,
    };
    // One statement: a name taken meanwhile (another instance, a second start) inserts nothing.
    const row = await this.#db
      .insertInto('editors')
      .values(values)
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (row) return toEditor(row);
    if (opts.ifNoneExists) return undefined;
    throw new EditorError(`An editor named "${username}" already exists`);
  }

  /** Sets a new password and lifts any sign-in penalty on the name. False when there is no such editor. */
  async setPassword(username: string, password: string): Promise<boolean> {
    const r = await this.#db
      .updateTable('editors')
      .set({
        password_hash: await hashPassword(password),
        updated_at: new Date().toISOString(),
        failed_attempts: 0,
        locked_until: null,
      })
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();
    await this.#db.deleteFrom('login_attempts').where('username', '=', normalizeUsername(username)).execute();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(username: string): Promise<boolean> {
    const r = await this.#db
      .deleteFrom('editors')
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Ends the editor's sign-in state at the built-in provider (sessions, grants, refresh
   * tokens, codes), e.g. after a password reset or removal. Access tokens already issued
   * are JWTs and stay valid until they expire (at most 1 hour).
   */
  async revokeSignIns(id: number): Promise<number> {
    if (!Number.isSafeInteger(id) || id <= 0) return 0;
    const r = await this.#db
      .deleteFrom('oidc_payloads')
      .where('kind', 'in', ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode'])
      .where('payload', 'like', `%"accountId":"${id}"%`)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async recordSuccess(id: number): Promise<void> {
    await this.#db
      .updateTable('editors')
      .set({ failed_attempts: 0, locked_until: null, last_login_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
