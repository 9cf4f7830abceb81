// wrk (Debian's `wrk`) for the benchmarks: one run against one URL and the figures of its summary.
import { spawn } from 'node:child_process';

const WRK = process.env.WRK_PATH || 'wrk';

export interface WrkResult {
  rps: number;
  /** Latency percentiles in ms (NaN unless run with `latency`). */
  p50: number;
  p99: number;
  /** wrk's own 5 s timeouts, and its connect, read and write errors. */
  timeouts: number;
  socketErrors: number;
  non2xx: number;
}

/** Runs wrk (asynchronously, so the caller may sample memory meanwhile) and reads its summary. */
export async function wrk(
  url: string,
  opts: { connections: number; seconds: number; script?: string; latency?: boolean },
): Promise<WrkResult> {
  const argv = ['-t2', `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '5s'];
  if (opts.latency) argv.push('--latency');
  if (opts.script) argv.push('-s', opts.script);
  const child = spawn(WRK, [...argv, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`wrk failed (${code}): ${err}`);
  const toMs = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct('50'),
    p99: pct('99'),
    timeouts: errors ? Number(errors[4]) : 0,
    socketErrors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}
