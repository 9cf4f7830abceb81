import { describe, expect, it } from 'vitest';
import { hourOf } from '../repositories/article-reads.ts';
import { READ_REPEAT_MS, ReadCounter } from './read-counter.ts';

// The instance's read counter (decision 049): one read per address and article in 30 minutes, a bounded
// memory of keyed hashes, the counts by article and hour until they are written.
const AT = Date.parse('2026-11-30T20:59:30.000Z');

describe('ReadCounter', () => {
  it('counts an address once per article in the window, by article and UTC hour', () => {
    const c = new ReadCounter();
    expect(c.count('192.0.2.1', 1, AT)).toBe(true);
    expect(c.count('192.0.2.1', 1, AT + 1_000)).toBe(false);
    expect(c.count('192.0.2.1', 2, AT + 1_000)).toBe(true);
    expect(c.count('192.0.2.2', 1, AT + 31_000)).toBe(true); // the next hour
    expect(c.count('192.0.2.1', 1, AT + READ_REPEAT_MS)).toBe(true);
    expect(c.take()).toEqual([
      { articleId: 1, hour: hourOf(AT), reads: 1 },
      { articleId: 2, hour: hourOf(AT), reads: 1 },
      { articleId: 1, hour: hourOf(AT + 31_000), reads: 2 },
    ]);
    expect(c.take()).toEqual([]);
  });

  it('remembers keyed hashes only, forgets them after the window, and at most maxSeen of them', () => {
    const c = new ReadCounter({ maxSeen: 3 });
    for (const a of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) c.count(a, 9, AT);
    const keys = c.seenKeys();
    expect(keys).toHaveLength(3);
    expect(keys.join(' ')).not.toMatch(/198\.51\.100/);
    // The oldest was forgotten: it counts again.
    expect(c.count('198.51.100.1', 9, AT + 1)).toBe(true);
    expect(c.count('198.51.100.4', 9, AT + 1)).toBe(false);
    // After the window, everything from before it is gone.
    c.count('203.0.113.9', 9, AT + READ_REPEAT_MS + 1);
    expect(c.seenKeys()).toHaveLength(1);
  });

  it('two counters hash the same address differently (a key of their own each)', () => {
    const a = new ReadCounter();
    const b = new ReadCounter();
    a.count('192.0.2.1', 1, AT);
    b.count('192.0.2.1', 1, AT);
    expect(a.seenKeys()).not.toEqual(b.seenKeys());
  });

  it('takes counts given back (a failed write) into the next take', () => {
    const c = new ReadCounter();
    c.count('192.0.2.1', 1, AT);
    const taken = c.take();
    c.count('192.0.2.2', 1, AT);
    c.giveBack(taken);
    expect(c.take()).toEqual([{ articleId: 1, hour: hourOf(AT), reads: 2 }]);
  });
});
