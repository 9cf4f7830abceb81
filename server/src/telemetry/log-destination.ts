import fs from 'node:fs';

/**
 * Where the server's log lines go (stdout): the lines of one turn of the event loop are written
 * together, in one synchronous write at the end of the turn (setImmediate), and the rest on exit.
 *
 * pino's asynchronous destination (sonic-boom) writes at most 16 KB per round trip through
 * libuv's thread pool; under load (one access line per request, 200 connections) the lines came
 * faster than that, and the unwritten ones piled up in the heap (tens of MB a minute) until the
 * load stopped. One write per turn keeps up with any rate and costs one system call per turn;
 * a slow reader of the pipe slows the server down instead of filling its memory.
 */
export class BatchedLogDestination {
  private lines: string[] = [];
  private pending: Buffer | null = null;
  private scheduled = false;

  constructor(private readonly fd: number) {
    open.add(this);
  }

  write(line: string): boolean {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.turn);
    }
    return true;
  }

  private readonly turn = () => {
    this.scheduled = false;
    this.flushSync();
    // A full pipe (EAGAIN): try again shortly.
    if (this.pending && !this.scheduled) {
      this.scheduled = true;
      setTimeout(this.turn, 5);
    }
  };

  /** Writes every queued line now. */
  flushSync(): void {
    if (this.lines.length) {
      const joined = Buffer.from(this.lines.join(''), 'utf8');
      this.lines = [];
      this.pending = this.pending ? Buffer.concat([this.pending, joined]) : joined;
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
