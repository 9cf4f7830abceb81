import fs from 'node:fs';

/**
 * Where the server's log lines go (stdout): lines are gathered and written together in one
 * synchronous write, at the latest LOG_FLUSH_MS after the first of them, at once (the next turn of
 * the event loop) when LOG_FLUSH_BYTES are waiting, and the rest on exit.
 *
 * pino's asynchronous destination (sonic-boom) writes at most 16 KB per round trip through
 * libuv's thread pool; under load (one access line per request, 200 connections) the lines came
 * faster than that, and the unwritten ones piled up in the heap (tens of MB a minute) until the
 * load stopped. Gathered writes keep up with any rate: at most a few hundred system calls a second
 * under load (one per turn of the event loop cost about a fifth of a cached answer's time), and
 * never more than LOG_FLUSH_BYTES held in memory while the output takes what it is given; a slow
 * reader of the pipe slows the server down instead of filling its memory.
 */
/** The longest a line waits to be written. */
export const LOG_FLUSH_MS = 10;
/** Lines waiting (in UTF-16 code units) that are written without waiting for LOG_FLUSH_MS. */
export const LOG_FLUSH_BYTES = 64 * 1024;

export class BatchedLogDestination {
  private lines: string[] = [];
  private size = 0;
  private pending: Buffer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private immediate = false;

  constructor(private readonly fd: number) {
    open.add(this);
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= LOG_FLUSH_BYTES) {
      if (!this.immediate) {
        this.immediate = true;
        setImmediate(this.turn);
      }
    } else if (!this.timer) {
      // Unref'd: waiting lines do not keep the process alive (they are written on exit).
      this.timer = setTimeout(this.turn, LOG_FLUSH_MS).unref();
    }
    return true;
  }

  private readonly turn = () => {
    this.immediate = false;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushSync();
    // A full pipe (EAGAIN): try again shortly.
    if (this.pending && !this.timer) this.timer = setTimeout(this.turn, 5).unref();
  };

  /** Writes every queued line now. */
  flushSync(): void {
    if (this.lines.length) {
      const joined = this.lines.join('');
      this.lines = [];
      this.size = 0;
      if (!this.pending) {
        // The usual case: the whole text in one write, encoded by the write itself.
        let written = 0;
        try {
          written = fs.writeSync(this.fd, joined);
        } catch (err) {
          // A full pipe keeps the text for later; a closed output cannot take it anywhere.
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        }
        if (written >= Buffer.byteLength(joined)) return;
        // The rest (a partial write, or a full pipe) goes on below as bytes.
        this.pending = Buffer.from(joined, 'utf8').subarray(written);
      } else this.pending = Buffer.concat([this.pending, Buffer.from(joined, 'utf8')]);
    }
    while (this.pending) {
      try {
        const written = fs.writeSync(this.fd, this.pending);
        this.pending = written >= this.pending.length ? null : this.pending.subarray(written);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return;
        // The output is gone (a closed pipe): the lines cannot be written anywhere.
        this.pending = null;
      }
    }
  }

  /** pino's logger.flush(). */
  flush(callback?: (err?: Error) => void): void {
    this.flushSync();
    callback?.();
  }
}

const open = new Set<BatchedLogDestination>();
process.once('exit', () => {
  for (const destination of open) destination.flushSync();
});
