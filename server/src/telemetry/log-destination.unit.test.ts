import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLogDestination, LOG_FLUSH_BYTES, LOG_FLUSH_MS } from './log-destination.ts';

let dir: string | undefined;
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): { file: string; fd: number } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-log-'));
  const file = path.join(dir, 'out.log');
  return { file, fd: fs.openSync(file, 'w') };
}

describe('BatchedLogDestination', () => {
  it('writes the lines gathered within LOG_FLUSH_MS in one write, in order', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
    const { file, fd } = tempFile();
    const writes = vi.spyOn(fs, 'writeSync');
    const out = new BatchedLogDestination(fd);
    for (let i = 0; i < 1_000; i++) out.write(`{"n":${i}}\n`);
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    vi.advanceTimersByTime(1);
    expect(writes).toHaveBeenCalledTimes(1);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1_000);
    expect(lines[999]).toBe('{"n":999}');
    // The next line starts a new wait.
    out.write('{"n":1000}\n');
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1_001);
    fs.closeSync(fd);
  });

  it('does not wait once LOG_FLUSH_BYTES are waiting: they go out at the next turn', async () => {
    const { file, fd } = tempFile();
    const writes = vi.spyOn(fs, 'writeSync');
    const out = new BatchedLogDestination(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < LOG_FLUSH_BYTES / 1024; i++) out.write(line);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveBeenCalledTimes(1);
    expect(fs.statSync(file).size).toBe(LOG_FLUSH_BYTES);
    fs.closeSync(fd);
  });

  it('writes at once on flushSync (as on exit), multi-byte text intact', () => {
    const { file, fd } = tempFile();
    const out = new BatchedLogDestination(fd);
    out.write('{"msg":"Ünïcødé ✓"}\n');
    out.flushSync();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"Ünïcødé ✓"}\n');
    fs.closeSync(fd);
  });

  it('keeps what a full pipe did not take and writes it later', async () => {
    const { file, fd } = tempFile();
    const real = fs.writeSync.bind(fs) as (fd: number, buf: Buffer) => number;
    let calls = 0;
    vi.spyOn(fs, 'writeSync').mockImplementation(((target: number, data: Buffer | string) => {
      // The first write of gathered lines hands over the text, a later one the bytes left.
      const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      calls++;
      if (calls === 1) return real(target, buf.subarray(0, 3)); // a partial write
      if (calls === 2) throw Object.assign(new Error('try again'), { code: 'EAGAIN' });
      return real(target, buf);
    }) as typeof fs.writeSync);
    const out = new BatchedLogDestination(fd);
    out.write('line one\n');
    out.write('line two\n');
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8')).toBe('line one\nline two\n'));
    fs.closeSync(fd);
  });
});
