// The load generator of `npm run bench:live` (scripts/bench-live.ts): many server-sent event streams
// (GET /live/stream, common/live-stream-contract.ts) held open by a few worker processes, each stream a raw
// TCP socket with a minimal HTTP/1.1 + chunked + SSE parser (no `http` client objects: 10,000 of those
// would cost the generator more memory and CPU than the server it measures).
//
// Every event each stream receives is recorded with its arrival time (the wall clock with
// sub-millisecond precision, `performance.timeOrigin + performance.now()`, comparable between the
// processes of one machine), taken when its bytes reach the worker, before they are parsed. The
// harness then asks for one event (by type and a field of its data, e.g. the posted entry's id) and
// gets every stream's arrival minus the time it posted the entry.
//
// Run as a worker (the parent spawns `node --import tsx scripts/bench-live-streams.ts` through
// `bash -c 'ulimit -n ...'` with an IPC channel); imported, it gives `startStreamWorkers`.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const THIS_FILE = fileURLToPath(import.meta.url);

/** The wall clock in milliseconds with sub-millisecond precision (the same clock in every process). */
export const clock = () => performance.timeOrigin + performance.now();

/** The p-th percentile (nearest rank) of ascending numbers; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------------
// One stream: HTTP/1.1 response head, chunked transfer decoding, SSE fields.

export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/**
 * Parses an HTTP/1.1 response carrying `text/event-stream`: the status line and headers, then the
 * body (chunked or not) split into SSE messages (`id`, `event`, `data` fields; comments and
 * `retry` counted, not returned).
 */
export class SseResponseParser {
  status = 0;
  headersDone = false;
  comments = 0;
  ended = false;
  private head = '';
  private chunked = false;
  /** Chunked decoding: 'size' (reading a size line), 'data' (bytes left in the chunk), 'crlf' (after a chunk). */
  private state: 'size' | 'data' | 'crlf' = 'size';
  private left = 0;
  private sizeLine = '';
  private line: Buffer | null = null;
  private id = '';
  private event = '';
  private data: string[] = [];
  private lastId = '';

  constructor(private readonly onMessage: (m: SseMessage) => void) {}

  push(buf: Buffer): void {
    let b = buf;
    if (!this.headersDone) {
      const text = b.toString('latin1');
      const end = (this.head + text).indexOf('\r\n\r\n');
      if (end < 0) {
        this.head += text;
        return;
      }
      const consumed = end + 4 - this.head.length;
      this.head = (this.head + text).slice(0, end);
      this.headersDone = true;
      this.status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(this.head)?.[1] ?? 0);
      this.chunked = /^transfer-encoding:\s*chunked\s*$/im.test(this.head);
      b = b.subarray(consumed);
    }
    if (!this.chunked) {
      this.body(b);
      return;
    }
    let i = 0;
    while (i < b.length && !this.ended) {
      if (this.state === 'data') {
        const n = Math.min(this.left, b.length - i);
        this.body(b.subarray(i, i + n));
        i += n;
        this.left -= n;
        if (this.left === 0) {
          this.state = 'crlf';
          this.sizeLine = '';
        }
      } else {
        // 'size' and 'crlf' both read one line: the CRLF after a chunk is an empty line.
        const nl = b.indexOf(0x0a, i);
        const part = b.toString('latin1', i, nl < 0 ? b.length : nl);
        this.sizeLine += part;
        if (nl < 0) return;
        i = nl + 1;
        const line = this.sizeLine.replace(/\r$/, '');
        this.sizeLine = '';
        if (this.state === 'crlf') {
          this.state = 'size';
          continue;
        }
        const size = parseInt(line.split(';', 1)[0]!, 16);
        if (!Number.isFinite(size)) throw new Error(`bad chunk size line ${JSON.stringify(line)}`);
        if (size === 0) {
          this.ended = true;
          return;
        }
        this.left = size;
        this.state = 'data';
      }
    }
  }

  /** Body bytes: cut into lines (LF, optional CR before it), each line one SSE field. */
  private body(b: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = b.indexOf(0x0a, start);
      if (nl < 0) {
        if (start < b.length) {
          const rest = b.subarray(start);
          this.line = this.line ? Buffer.concat([this.line, rest]) : Buffer.from(rest);
        }
        return;
      }
      let lineBuf = b.subarray(start, nl);
      if (this.line) {
        lineBuf = Buffer.concat([this.line, lineBuf]);
        this.line = null;
      }
      start = nl + 1;
      const line = lineBuf.toString('utf8').replace(/\r$/, '');
      this.field(line);
    }
  }

  private field(line: string): void {
    if (line === '') {
      if (this.data.length > 0 || this.event) {
        const m = { id: this.id || this.lastId, event: this.event || 'message', data: this.data.join('\n') };
        this.lastId = m.id;
        this.id = '';
        this.event = '';
        this.data = [];
        this.onMessage(m);
      }
      return;
    }
    if (line.startsWith(':')) {
      this.comments += 1;
      return;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'id') this.id = value;
    else if (name === 'event') this.event = value;
    else if (name === 'data') this.data.push(value);
  }
}

// ---------------------------------------------------------------------------------------------
// The worker: holds streams, records arrivals, answers the parent's commands over IPC.

export interface OpenRequest {
  host: string;
  port: number;
  /** e.g. `/live/stream?article=12` */
  path: string;
  count: number;
  /** Connections opened per tick, and the tick (the gradual opening). */
  batch: number;
  tickMs: number;
  /** Give up waiting for the response heads after this long. */
  timeoutMs: number;
  /**
   * Each stream sends its own X-Forwarded-For address (10.x.y.z from its number plus this offset),
   * as readers behind the load balancer do; absent: none sent.
   */
  forwardedForOffset?: number;
  /** A connection that fails before its answer (reset, closed) is tried again this often (default 0), after retryMs (3 s). */
  retries?: number;
  retryMs?: number;
}

export interface OpenResult {
  /** Streams that answered 200 with their head. */
  opened: number;
  /** Other answers by status, connection errors as `error CODE`, `timeout` (no head in time). */
  refused: Record<string, number>;
  /** Connections tried again after an error (see OpenRequest.retries). */
  retried: number;
  ms: number;
}

/** Which event to look for: its SSE type, and a field of its JSON data (a path of keys) equal to a value. */
export interface EventMatch {
  event: string;
  field: string[];
  value: string | number;
}

export interface ArrivalRequest {
  group: number;
  match: EventMatch;
  /** The time (clock()) the arrivals are measured from. */
  since: number;
  /** How long to wait for every open stream of the group to receive it. */
  waitMs: number;
}

export interface ArrivalResult {
  /** Arrival minus `since`, ms, one per stream that received it (unsorted). */
  arrivals: number[];
  /** Streams of the group open when asked (that could receive it). */
  open: number;
}

export interface WorkerStats {
  open: number;
  closed: number;
  rss: number;
  /** This worker's event loop lateness, max and p99 in ms (a late generator adds to what it measures). */
  lagMaxMs: number;
  lagP99Ms: number;
  comments: number;
  messages: number;
}

interface Stream {
  socket: net.Socket;
  parser: SseResponseParser;
  open: boolean;
}

interface Group {
  streams: Stream[];
  /** event id -> the event's type, its data (first copy) and each stream's arrival time (NaN: not yet). */
  events: Map<string, { event: string; data: string; at: Float64Array }>;
}

function createWorker() {
  const groups: Group[] = [];
  let closed = 0;
  let messages = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  function openOne(group: Group, index: number, req: OpenRequest, settle: (outcome: string) => void) {
    const socket = net.connect({ host: req.host, port: req.port });
    let arrived = 0;
    const parser = new SseResponseParser((m) => {
      messages += 1;
      let e = group.events.get(m.id);
      if (!e) {
        e = { event: m.event, data: m.data, at: new Float64Array(req.count).fill(NaN) };
        group.events.set(m.id, e);
      }
      if (Number.isNaN(e.at[index]!)) e.at[index] = arrived;
    });
    const stream: Stream = { socket, parser, open: false };
    group.streams[index] = stream;
    let settled = false;
    const done = (outcome: string) => {
      if (settled) return;
      settled = true;
      settle(outcome);
    };
    socket.setNoDelay(true);
    const n = index + (req.forwardedForOffset ?? 0) + 1;
    const xff =
      req.forwardedForOffset === undefined
        ? ''
        : `X-Forwarded-For: 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`;
    socket.on('connect', () => {
      socket.write(
        `GET ${req.path} HTTP/1.1\r\nHost: ${req.host}:${req.port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\nUser-Agent: bench-live\r\n${xff}\r\n`,
      );
    });
    socket.on('data', (buf: Buffer) => {
      arrived = clock();
      try {
        parser.push(buf);
      } catch {
        socket.destroy();
        return;
      }
      // The server ended the response (a chunked body's last chunk): the stream is over.
      if (parser.ended) socket.destroy();
      if (parser.headersDone && !settled) {
        if (parser.status === 200) {
          stream.open = true;
          done('200');
        } else {
          done(String(parser.status));
          socket.destroy();
        }
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => done(`error ${err.code ?? err.message}`));
    socket.on('close', () => {
      done('closed before the head');
      if (stream.open) {
        stream.open = false;
        closed += 1;
      }
    });
  }

  async function open(req: OpenRequest): Promise<OpenResult & { group: number }> {
    const group: Group = { streams: [], events: new Map() };
    groups.push(group);
    const refused: Record<string, number> = {};
    let opened = 0;
    let retried = 0;
    let pending = req.count;
    const started = clock();
    await new Promise<void>((resolve) => {
      const attempts = new Uint8Array(req.count);
      const settle = (index: number, outcome: string) => {
        if (pending === 0) return;
        // A connection that failed before its answer is tried again later, as EventSource does.
        if (outcome !== '200' && !/^\d{3}$/.test(outcome) && attempts[index]! < (req.retries ?? 0)) {
          attempts[index]! += 1;
          retried += 1;
          setTimeout(() => {
            if (pending > 0) openOne(group, index, req, (o) => settle(index, o));
          }, req.retryMs ?? 3000);
          return;
        }
        if (outcome === '200') opened += 1;
        else refused[outcome] = (refused[outcome] ?? 0) + 1;
        pending -= 1;
        if (pending === 0) resolve();
      };
      let next = 0;
      const tick = () => {
        const end = Math.min(req.count, next + req.batch);
        for (; next < end; next++) {
          const index = next;
          openOne(group, index, req, (o) => settle(index, o));
        }
        if (next < req.count) setTimeout(tick, req.tickMs);
      };
      tick();
      setTimeout(() => {
        if (pending > 0) {
          for (const s of group.streams) if (s && !s.parser.headersDone) s.socket.destroy();
          refused.timeout = pending;
          pending = 0;
          resolve();
        }
      }, req.timeoutMs).unref();
    });
    if (req.count === 0) return { group: groups.length - 1, opened: 0, refused, retried, ms: 0 };
    return { group: groups.length - 1, opened, refused, retried, ms: clock() - started };
  }

  function lookup(group: Group, match: EventMatch) {
    for (const e of group.events.values()) {
      if (e.event !== match.event) continue;
      try {
        let v: unknown = JSON.parse(e.data);
        for (const k of match.field) v = (v as Record<string, unknown> | null)?.[k];
        if (v === match.value) return e;
      } catch {
        // not JSON: not the one
      }
    }
    return undefined;
  }

  async function arrivals(req: ArrivalRequest): Promise<ArrivalResult> {
    const group = groups[req.group];
    if (!group) return { arrivals: [], open: 0 };
    const deadline = clock() + req.waitMs;
    for (;;) {
      const e = lookup(group, req.match);
      const openIdx = group.streams.map((s, i) => (s?.open ? i : -1)).filter((i) => i >= 0);
      const all = e && group.streams.every((s, i) => !s?.open || !Number.isNaN(e.at[i]!));
      if (all || clock() > deadline) {
        const out: number[] = [];
        if (e) for (const t of e.at) if (!Number.isNaN(t)) out.push(t - req.since);
        return { arrivals: out, open: openIdx.length };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  function stats(): WorkerStats {
    let open = 0;
    let comments = 0;
    for (const g of groups)
      for (const s of g.streams) {
        if (s?.open) open += 1;
        if (s) comments += s.parser.comments;
      }
    const r = {
      open,
      closed,
      rss: process.memoryUsage.rss(),
      lagMaxMs: lag.max / 1e6,
      lagP99Ms: lag.percentile(99) / 1e6,
      comments,
      messages,
    };
    lag.reset();
    return r;
  }

  function closeAll() {
    for (const g of groups) for (const s of g.streams) if (s) s.socket.destroy();
    groups.length = 0;
  }

  return { open, arrivals, stats, closeAll };
}

type Command =
  { cmd: 'open'; req: OpenRequest } | { cmd: 'arrivals'; req: ArrivalRequest } | { cmd: 'stats' } | { cmd: 'close' };

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE && process.send) {
  const worker = createWorker();
  process.on('message', async (msg: { seq: number } & Command) => {
    try {
      let result: unknown;
      if (msg.cmd === 'open') result = await worker.open(msg.req);
      else if (msg.cmd === 'arrivals') result = await worker.arrivals(msg.req);
      else if (msg.cmd === 'stats') result = worker.stats();
      else worker.closeAll();
      process.send!({ seq: msg.seq, result });
    } catch (err) {
      process.send!({ seq: msg.seq, error: (err as Error).stack ?? String(err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ seq: 0, result: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// The parent side: a fleet of workers, each holding its share of every group of streams.

/**
 * Runs a command line through bash with the open-files limit raised as far as allowed (65,535, or
 * the hard limit): 10,000 streams need 10,000 descriptors on each side.
 */
export function spawnWithFileLimit(argv: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const script = 'ulimit -n 65535 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';
  return spawn('bash', ['-c', script, 'bash', ...argv], options);
}

export interface StreamFleet {
  /** Opens `count` streams split over the workers; returns the group's id and the outcome. */
  open(req: Omit<OpenRequest, 'count'> & { count: number }): Promise<OpenResult & { group: number }>;
  /** Every stream's arrival of one event of a group, in ms after `since`, sorted. */
  arrivals(req: ArrivalRequest): Promise<ArrivalResult>;
  stats(): Promise<WorkerStats[]>;
  closeAll(): Promise<void>;
  stop(): Promise<void>;
  pids: number[];
}

export async function startStreamWorkers(workers = 2): Promise<StreamFleet> {
  const children = await Promise.all(
    Array.from({ length: workers }, async () => {
      const child = spawnWithFileLimit([process.execPath, '--import', 'tsx', THIS_FILE], {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let seq = 0;
      const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
      child.on('message', (m: { seq: number; result?: unknown; error?: string }) => {
        const w = waiting.get(m.seq);
        if (!w) return;
        waiting.delete(m.seq);
        if (m.error) w.reject(new Error(m.error));
        else w.resolve(m.result);
      });
      child.on('exit', (code) => {
        for (const w of waiting.values()) w.reject(new Error(`a stream worker exited (${code})`));
        waiting.clear();
      });
      const call = <T>(cmd: Command): Promise<T> =>
        new Promise<T>((resolve, reject) => {
          const s = ++seq;
          waiting.set(s, { resolve: resolve as (v: unknown) => void, reject });
          child.send({ seq: s, ...cmd });
        });
      await new Promise<void>((resolve, reject) => {
        waiting.set(0, { resolve: () => resolve(), reject });
      });
      return { child, call };
    }),
  );
  const groupIds: number[][] = [];
  return {
    pids: children.map((c) => c.child.pid!),
    async open(req) {
      const share = (i: number) => Math.floor(req.count / workers) + (i < req.count % workers ? 1 : 0);
      const results = await Promise.all(
        children.map((c, i) =>
          c.call<OpenResult & { group: number }>({
            cmd: 'open',
            req: {
              ...req,
              count: share(i),
              batch: Math.max(1, Math.round(req.batch / workers)),
              forwardedForOffset:
                req.forwardedForOffset === undefined
                  ? undefined
                  : req.forwardedForOffset + children.slice(0, i).reduce((s, _c, j) => s + share(j), 0),
            },
          }),
        ),
      );
      groupIds.push(results.map((r) => r.group));
      const refused: Record<string, number> = {};
      for (const r of results) for (const [k, v] of Object.entries(r.refused)) refused[k] = (refused[k] ?? 0) + v;
      return {
        group: groupIds.length - 1,
        opened: results.reduce((s, r) => s + r.opened, 0),
        refused,
        retried: results.reduce((s, r) => s + r.retried, 0),
        ms: Math.max(...results.map((r) => r.ms)),
      };
    },
    async arrivals(req) {
      const ids = groupIds[req.group];
      if (!ids) throw new Error(`no group ${req.group}`);
      const results = await Promise.all(
        children.map((c, i) => c.call<ArrivalResult>({ cmd: 'arrivals', req: { ...req, group: ids[i]! } })),
      );
      return {
        arrivals: results.flatMap((r) => r.arrivals).sort((a, b) => a - b),
        open: results.reduce((s, r) => s + r.open, 0),
      };
    },
    stats: () => Promise.all(children.map((c) => c.call<WorkerStats>({ cmd: 'stats' }))),
    async closeAll() {
      await Promise.all(children.map((c) => c.call({ cmd: 'close' })));
    },
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.child.exitCode !== null || c.child.signalCode !== null) return resolve();
              c.child.once('exit', () => resolve());
              c.child.disconnect();
              setTimeout(() => c.child.kill('SIGKILL'), 5000).unref();
            }),
        ),
      );
    },
  };
}
