import { describe, expect, it } from 'vitest';
import { readMachineCpu, stealPercent } from './bench-server.ts';

describe('bench: CPU steal of the machine', () => {
  it('reads /proc/stat: a growing total with the steal inside it', async () => {
    const a = readMachineCpu();
    expect(a).not.toBeNull();
    expect(a!.steal).toBeGreaterThanOrEqual(0);
    expect(a!.total).toBeGreaterThan(a!.steal);
    await new Promise((r) => setTimeout(r, 50));
    const b = readMachineCpu()!;
    expect(b.total).toBeGreaterThanOrEqual(a!.total);
  });

  it('gives the stolen share of the time between two readings, or null when none passed', () => {
    expect(stealPercent({ total: 1000, steal: 10 }, { total: 1400, steal: 110 })).toBe(25);
    expect(stealPercent({ total: 1000, steal: 10 }, { total: 1300, steal: 10 })).toBe(0);
    expect(stealPercent({ total: 1000, steal: 10 }, { total: 1000, steal: 10 })).toBeNull();
    expect(stealPercent(null, { total: 1000, steal: 10 })).toBeNull();
  });
});
