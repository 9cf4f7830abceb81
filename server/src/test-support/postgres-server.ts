import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/**
 * Stops and starts the machine's PostgreSQL cluster (Debian's pg_ctlcluster) for the outage test.
 * The cluster is the one listening on TEST_DATABASE_URL's port.
 */
export interface Cluster {
  version: string;
  name: string;
}

function asRoot(cmd: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  return execFileSync(root ? cmd : 'sudo', root ? args : ['-n', cmd, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}

export function findCluster(adminUrl: string): Cluster {
  const port = new URL(adminUrl).port || '5432';
  const out = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  for (const line of out.split('\n')) {
    const [version, name, p] = line.trim().split(/\s+/);
    if (version && name && p === port) return { version, name };
  }
  const versions = fs.readdirSync('/etc/postgresql');
  return { version: versions[0]!, name: 'main' };
}

export function stopCluster(c: Cluster): void {
  asRoot('pg_ctlcluster', ['--skip-systemctl-redirect', c.version, c.name, 'stop', '-m', 'fast']);
}

export function startCluster(c: Cluster): void {
  asRoot('pg_ctlcluster', ['--skip-systemctl-redirect', c.version, c.name, 'start']);
}

export function clusterOnline(c: Cluster): boolean {
  const out = execFileSync('pg_lsclusters', ['--no-header', c.version, c.name], { encoding: 'utf8' });
  return /\bonline\b/.test(out);
}

/** Waits until the server accepts a query (after a start). */
export async function waitForServer(adminUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** In a finally: the cluster is running again whatever happened. */
export async function ensureClusterRunning(c: Cluster, adminUrl: string): Promise<void> {
  if (!clusterOnline(c)) startCluster(c);
  await waitForServer(adminUrl);
}
