import pino from 'pino';

/**
 * Where the server's log lines go (stdout): pino's own destination (sonic-boom), synchronous, with
 * lines gathered and written together: at once when LOG_FLUSH_BYTES are waiting, otherwise every
 * LOG_FLUSH_MS, and the rest on exit.
 *
 * Synchronous, because the asynchronous mode writes through libuv's thread pool and keeps whatever
 * the output has not taken yet in the heap: under load (one access line per request, 200
 * connections) the unwritten lines piled up there (tens of MB a minute) until the load stopped.
 * Written synchronously in batches, the lines cost a few hundred system calls a second under load,
 * never more than a batch is held in memory, and a slow reader of the pipe slows the server down
 * instead of filling its memory. The periodic flush makes one empty write every LOG_FLUSH_MS when
 * nothing is waiting (sonic-boom does not skip it): a hundred system calls a second of no measurable
 * cost, accepted for using the logger's own destination rather than a writer of our own.
 */
/** The longest a line waits to be written. */
export const LOG_FLUSH_MS = 10;
/** Bytes waiting that are written without waiting for LOG_FLUSH_MS. */
export const LOG_FLUSH_BYTES = 64 * 1024;

export function logDestination(fd = 1): ReturnType<typeof pino.destination> {
  const stream = pino.destination({
    dest: fd,
    sync: true,
    minLength: LOG_FLUSH_BYTES,
    // One write takes everything waiting (sonic-boom's default is 16 KB a write).
    maxWrite: 16 * LOG_FLUSH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  // pino flushes a synchronous destination on exit only when it writes every line at once.
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // The output is gone (a closed pipe): the lines cannot be written anywhere.
    }
  });
  return stream;
}
