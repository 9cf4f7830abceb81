import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A running server marks its DATA_DIR with `server.pid` (its process id and host) and removes it
 * when it stops; a restore refuses a data directory whose mark names a live process on this host
 * (or any process on another host sharing the volume). A mark left by a crash names a process
 * that is gone and is ignored.
 */
export const SERVER_PID_FILE = 'server.pid';

interface PidMark {
  pid: number;
  host: string;
  startedAt: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks the directory as used by this process; the returned function removes the mark (if still ours). */
export function markDataDirInUse(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SERVER_PID_FILE);
  const mark: PidMark = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  fs.writeFileSync(file, `${JSON.stringify(mark)}\n`, { mode: 0o644 });
  return () => {
    try {
      const now = JSON.parse(fs.readFileSync(file, 'utf8')) as PidMark;
      if (now.pid === mark.pid && now.startedAt === mark.startedAt) fs.rmSync(file, { force: true });
    } catch {
      // gone already, or another process's mark
    }
  };
}

/** Who uses this data directory, or null when no running server does. */
export function dataDirUser(dataDir: string): string | null {
  let mark: PidMark;
  try {
    mark = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8')) as PidMark;
  } catch {
    return null;
  }
  if (typeof mark?.pid !== 'number') return null;
  if (mark.host !== os.hostname())
    return `a server on host ${mark.host} (process ${mark.pid}, started ${mark.startedAt})`;
  return alive(mark.pid) ? `a running server (process ${mark.pid}, started ${mark.startedAt})` : null;
}
