import { describe, expect, it } from 'vitest';
import { DecodeBusy, DecodeQueue } from './decode-queue.ts';

describe('the queue of large pictures', () => {
  it('runs one at a time, in order, and refuses an upload that would wait longer than the short wait', async () => {
    const queue = new DecodeQueue(50);
    const order: string[] = [];
    let release!: () => void;
    const first = queue.run(async () => {
      order.push('first starts');
      await new Promise<void>((r) => (release = r));
      order.push('first ends');
    });
    // Waits its turn, then runs after the first (released well within the wait).
    const second = queue.run(async () => order.push('second'));
    expect(queue.waiting).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);

    // Held beyond the wait: the next upload is refused with a Retry-After in seconds.
    let hold!: () => void;
    const slow = queue.run(() => new Promise<void>((r) => (hold = r)));
    const refused = await queue.run(async () => 'ran').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DecodeBusy);
    expect((refused as DecodeBusy).retryAfterSeconds).toBe(1);
    expect(queue.waiting).toBe(0);
    hold();
    await slow;
    // The queue is free again.
    expect(await queue.run(async () => 'ran')).toBe('ran');
  });
});
