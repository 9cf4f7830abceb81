import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_BYTES, logDestination } from './log-destination.ts';

let dir: string | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): { file: string; fd: number } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-log-'));
  const file = path.join(dir, 'out.log');
  return { file, fd: fs.openSync(file, 'w') };
}

describe('the log destination', () => {
  it('gathers lines and writes them together, in order, shortly after', async () => {
    const { file, fd } = tempFile();
    const writes = vi.spyOn(fs, 'writeSync');
    const out = logDestination(fd);
    for (let i = 0; i < 1_000; i++) out.write(`{"n":${i}}\n`);
    // Nothing is written while the lines come in.
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1_000));
    const withText = writes.mock.calls.filter(([target, data]) => target === fd && String(data).length > 0);
    expect(withText).toHaveLength(1);
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')[999]).toBe('{"n":999}');
    out.end();
  });

  it('does not wait once LOG_FLUSH_BYTES are waiting', () => {
    const { file, fd } = tempFile();
    const out = logDestination(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < LOG_FLUSH_BYTES / 1024 - 1; i++) out.write(line);
    expect(fs.statSync(file).size).toBe(0);
    out.write(line);
    // Written within the same turn of the event loop.
    expect(fs.statSync(file).size).toBe(LOG_FLUSH_BYTES);
    out.end();
  });

  it('writes what is waiting when the process exits, multi-byte text intact', () => {
    const { file } = tempFile();
    const script = `
      import fs from 'node:fs';
      import { logDestination } from ${JSON.stringify(path.join(import.meta.dirname, 'log-destination.ts'))};
      const out = logDestination(fs.openSync(${JSON.stringify(file)}, 'w'));
      out.write('{"msg":"Ünïcødé ✓"}\\n');
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"Ünïcødé ✓"}\n');
  });
});
