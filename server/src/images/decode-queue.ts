/**
 * Large pictures are decoded one at a time per instance: decoding takes memory in proportion to
 * the pixels (4 bytes each while resizing), so a few large uploads at once would multiply it.
 * An upload waits its turn for at most `maxWaitMs`; beyond that it is refused with 503 and
 * Retry-After (the editor's browser tries again), so requests never pile up behind the queue.
 */
export class DecodeBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Another large image is being processed.');
  }
}

export class DecodeQueue {
  #busy = false;
  readonly #waiting: { resolve: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    /** How long an upload may wait for its turn before it is refused. */
    public maxWaitMs: number,
  ) {}

  /** Uploads waiting for their turn (not the one being decoded). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` when no other large image is being decoded; DecodeBusy when the wait would be too long. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy) {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          resolve,
          timer: setTimeout(() => {
            this.#waiting.splice(this.#waiting.indexOf(entry), 1);
            reject(new DecodeBusy(Math.max(1, Math.ceil(this.maxWaitMs / 1000))));
          }, this.maxWaitMs),
        };
        this.#waiting.push(entry);
      });
    } else this.#busy = true;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next upload waiting, else the queue is free.
      const next = this.#waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve();
      } else this.#busy = false;
    }
  }
}

/** Pictures above this many pixels go through the queue; smaller ones are decoded at once. */
export const LARGE_IMAGE_PIXELS = 4_000_000;
/** The short wait before a large upload is refused with 503. */
export const DECODE_WAIT_MS = 10_000;

/** This instance's queue of large pictures. */
export const largeImages = new DecodeQueue(DECODE_WAIT_MS);
