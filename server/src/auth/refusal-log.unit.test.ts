import { describe, expect, it } from 'vitest';
import { refusalLog } from './refusal-log.ts';

describe('refusalLog', () => {
  it('logs the first refusal of a pair, counts the rest of the window, reports them on the next line', () => {
    let now = 1_000;
    const log = refusalLog(() => now, 10_000);
    expect(log.take('203.0.113.1', 'editor', 'locked')).toEqual({ suppressed: 0 });
    expect(log.take('203.0.113.1', 'editor', 'locked')).toBeUndefined();
    expect(log.take('203.0.113.1', 'editor', 'locked')).toBeUndefined();
    // Another pair, or another reason, is logged on its own.
    expect(log.take('203.0.113.1', 'editor', 'busy')).toEqual({ suppressed: 0 });
    expect(log.take('203.0.113.2', 'editor', 'locked')).toEqual({ suppressed: 0 });
    now += 10_000;
    expect(log.take('203.0.113.1', 'editor', 'locked')).toEqual({ suppressed: 2 });
    expect(log.take('203.0.113.1', 'editor', 'locked')).toBeUndefined();
  });
});
