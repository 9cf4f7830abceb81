// Runs the real server as a child process for the benchmark and watches its memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs module without type declarations
import { PRODUCTION_MALLOC_CONF } from './production-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Everything the server wrote to stderr/stdout (warnings and errors at LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Compiles the server as production does (`npm run build:server`, scripts/build-server.mjs) into a
 * private folder under .bench/ (so a parallel `npm run build` is not disturbed); returns the entry.
 */
export async function buildBenchServer(): Promise<{ entry: string; remove(): void }> {
  // @ts-expect-error: a plain .mjs build script without type declarations
  const { buildServer } = (await import('./build-server.mjs')) as {
    buildServer(outdir: string): Promise<{ entry: string }>;
  };
  const outdir = path.join(ROOT, '.bench', `server-${process.pid}`);
  const { entry } = await buildServer(outdir);
  return { entry, remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

/**
 * Starts the compiled server (`node <entry>`, what `npm start` runs; see buildBenchServer) and
 * waits until `readyPath` answers. Without `entry`, the TypeScript sources run through tsx.
 */
export async function startServer(opts: {
  port: number;
  dataDir: string;
  entry?: string;
  env?: Record<string, string>;
  readyPath?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const args = opts.entry ? [opts.entry] : ['--import', 'tsx', 'server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  const ready = `${baseUrl}${opts.readyPath ?? '/News'}`;
  for (;;) {
    if (exited !== undefined) throw new Error(`the server exited with code ${exited} before it was ready:\n${out}`);
    try {
      const res = await fetch(ready);
      await res.arrayBuffer();
      if (res.ok) break;
      if (Date.now() > deadline) throw new Error(`${ready} answered ${res.status}`);
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not become ready at ${ready}: ${(err as Error).message}\n${out}`);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    child,
    pid: child.pid!,
    baseUrl,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== undefined) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Resident memory of a process in bytes, from /proc (Linux); `peak` is the kernel's high-water mark
 * (VmHWM). `anon` is its own memory (RssAnon: heap, stacks, buffers); the rest of `rss` is mostly
 * pages of the files it maps, above all the Node binary, which every Node process on the host shares
 * and the kernel can drop and read again.
 */
export function readRss(pid: number): { rss: number; peak: number; anon: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM'), anon: kb('RssAnon') };
  } catch {
    return null;
  }
}

/** Samples VmRSS and RssAnon every `everyMs` until stopped; returns the highest samples. */
export function sampleRss(
  pid: number,
  everyMs = 200,
): { stop(): { peakSampled: number; peakAnon: number; samples: number } } {
  let peak = 0;
  let peakAnon = 0;
  let samples = 0;
  const tick = () => {
    const m = readRss(pid);
    if (m && Number.isFinite(m.rss)) {
      samples += 1;
      if (m.rss > peak) peak = m.rss;
      if (m.anon > peakAnon) peakAnon = m.anon;
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peakSampled: peak, peakAnon, samples };
    },
  };
}

/**
 * CPU time the process has used so far (user + system), in ms, from /proc/<pid>/stat (Linux; null
 * elsewhere). Divided by the requests of a run it gives the server's CPU cost per request, a figure
 * that, unlike latency, hardly depends on what else runs on the machine.
 */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The machine's CPU time so far from /proc/stat's first line: all of it and the part stolen by the hypervisor. */
export function readMachineCpu(): { total: number; steal: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (f.length < 8 || f.some((n) => !Number.isFinite(n))) return null;
    return { total: f.reduce((a, b) => a + b, 0), steal: f[7]! };
  } catch {
    return null;
  }
}

/**
 * Share of the machine's CPU time the hypervisor took (steal) between two readings, in percent: on a
 * virtual machine, time the server could not run although it was ready. It explains runs whose
 * server CPU per request and latency rise together for the same work.
 */
export function stealPercent(
  before: ReturnType<typeof readMachineCpu>,
  after: ReturnType<typeof readMachineCpu>,
): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return Number(((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1));
}

/**
 * The allocator settings `npm start` (scripts/start.mjs) gives the server: MALLOC_ARENA_MAX=2, and
 * jemalloc preloaded with its settings (scripts/production-node.mjs) when the system has it and
 * LD_PRELOAD is not set.
 */
export function allocatorEnv(): Record<string, string> {
  const arch = ({ x64: 'x86_64', arm64: 'aarch64' } as Record<string, string>)[os.arch()];
  const jemalloc = arch && `/usr/lib/${arch}-linux-gnu/libjemalloc.so.2`;
  const env: Record<string, string> = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
  if (process.platform === 'linux' && !process.env.LD_PRELOAD && jemalloc && fs.existsSync(jemalloc)) {
    env.LD_PRELOAD = jemalloc;
    env.MALLOC_CONF = process.env.MALLOC_CONF ?? (PRODUCTION_MALLOC_CONF as string);
  }
  return env;
}
