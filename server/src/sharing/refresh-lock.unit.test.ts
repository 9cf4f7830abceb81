import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './refresh-lock.ts';

describe('KeyedMutex', () => {
  it('runs callers of the same key one at a time, other keys in parallel', async () => {
    const m = new KeyedMutex();
    let active = 0;
    let maxActive = 0;
    const order: number[] = [];
    const job = (i: number) =>
      m.run('k', async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        active -= 1;
      });
    let otherRan = false;
    await Promise.all([
      job(1),
      job(2),
      job(3),
      m.run('other', async () => {
        otherRan = active > 0;
      }),
    ]);
    expect(maxActive).toBe(1);
    expect(order).toEqual([1, 2, 3]);
    expect(otherRan).toBe(true);
  });

  it('a failing caller releases the lock', async () => {
    const m = new KeyedMutex();
    await expect(
      m.run('k', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(m.run('k', async () => 42)).resolves.toBe(42);
  });
});
