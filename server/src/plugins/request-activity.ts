import type { ServerResponse } from 'node:http';

/**
 * The requests Fastify is answering, for background work that gives way to them (the share jobs'
 * workers, jobs/queue.ts GiveWay). Counted from the first hook of every request (app.ts); a
 * response's `close` comes whether it finished or its connection was lost.
 */
export class RequestActivity {
  #inFlight = 0;
  #lastEnd = -Infinity;
  readonly #now: () => number;
  readonly #ended = () => {
    this.#inFlight -= 1;
    this.#lastEnd = this.#now();
  };

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** A request handed to Fastify: counted until its response closes. */
  track(res: ServerResponse): void {
    this.#inFlight += 1;
    res.once('close', this.#ended);
  }

  /**
   * An answer that stays open (the live event stream) stops counting once it is open: it is not
   * work the background gives way to, and would otherwise hold the count up for hours.
   */
  release(res: ServerResponse): void {
    if (!res.listeners('close').includes(this.#ended)) return;
    res.off('close', this.#ended);
    this.#ended();
  }

  /** True while a request is being answered, or one ended less than `quietMs` ago. */
  busy(quietMs: number): boolean {
    return this.#inFlight > 0 || this.#now() - this.#lastEnd < quietMs;
  }

  get inFlight(): number {
    return this.#inFlight;
  }
}
