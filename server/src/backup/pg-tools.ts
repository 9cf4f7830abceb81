import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore) run as child processes; the connection
 * string is passed as --dbname and never appears in a message (passwords are masked).
 */
export class PgToolMissing extends Error {
  constructor(tool: string) {
    super(
      `${tool} is not installed: install PostgreSQL's client programs (Debian and Ubuntu: apt-get install postgresql-client; ` +
        'the same major version as the server or a newer one) and run the command again',
    );
  }
}

/** Hides the password of any postgres:// address in a message. */
export function redactConnectionStrings(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/gi, '$1:***@');
}

export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], connectionString: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${connectionString}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? '10' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      if (stderr.length < 20_000) stderr += d;
    });
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new PgToolMissing(tool) : err));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${tool} failed (exit ${code}): ${redactConnectionStrings(stderr.trim()) || 'no message'}`));
    });
  });
}
