// Finds Debian's chromium for the browser tests; installs it with apt-get when missing and
// possible (root), otherwise stops with a one-line instruction.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('chromium is missing: installing it with apt-get (Debian package "chromium")...');
    const opts = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    spawnSync('apt-get', ['update', '-qq'], opts);
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], opts);
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  console.error(
    "The browser tests need Debian's chromium: run `sudo apt-get update && sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then npm test again.",
  );
  process.exit(1);
}
