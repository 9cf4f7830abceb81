import { describe, expect, it } from 'vitest';
import { createActivityThrottle } from './activity-editors.ts';

describe('createActivityThrottle', () => {
  it('lets one write per editor through per interval', () => {
    const t = createActivityThrottle(60_000);
    expect(t.due('a', 0)).toBe(true);
    expect(t.due('a', 59_999)).toBe(false);
    expect(t.due('b', 59_999)).toBe(true);
    expect(t.due('a', 60_000)).toBe(true);
    expect(t.due('a', 60_001)).toBe(false);
  });

  it('retries after forget (a failed write)', () => {
    const t = createActivityThrottle(60_000);
    expect(t.due('a', 0)).toBe(true);
    t.forget('a');
    expect(t.due('a', 1)).toBe(true);
  });

  it('stays bounded in memory', () => {
    const t = createActivityThrottle(60_000, 3);
    for (const s of ['a', 'b', 'c']) t.due(s, 0);
    expect(t.due('d', 1)).toBe(true); // full: forgets everyone, so 'a' is due again
    expect(t.due('a', 2)).toBe(true);
  });
});
