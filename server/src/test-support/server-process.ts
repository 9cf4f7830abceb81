import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The test runner's environment without anything the server reads as its configuration, so a
 * started process gets exactly the settings a test gives it.
 */
export const CLEAN_ENV: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) =>
      !/^(DATABASE_|TEST_DATABASE_URL|PORT$|HOST$|PUBLIC_URL|DATA_DIR|SEED_DEMO|LOG_LEVEL|SITE_NAME|ENTRA_|ADMIN_|X_|FACEBOOK_|TOKEN_ENCRYPTION_KEY|APPLICATIONINSIGHTS_|WEB_DIST_DIR|SHARE_|JOBS_|SOCIAL_)/.test(
        k,
      ),
  ),
);

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): { stdout: string; stderr: string };
}

/** The real server process (node --import tsx server/src/server.ts), as `npm run dev` starts it. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: { ...CLEAN_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}
