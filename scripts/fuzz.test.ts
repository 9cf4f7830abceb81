import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run.ts';

describe('npm run fuzz (a smaller run)', () => {
  it('malformed requests over every route: no 5xx, every /api and /News 4xx is problem+json', async () => {
    const report = await runFuzz({ requests: 800, seed: 20_261_123 });
    expect(report.failures).toEqual([]);
    expect(report.byStatus['5xx'] ?? 0).toBe(0);
    expect(report.requests).toBeGreaterThan(700);
    // The run reached the admin API with a valid token (2xx) as well as the refusals.
    expect(report.byStatus['2xx']).toBeGreaterThan(0);
    expect(report.byStatus['401']).toBeGreaterThan(0);
    expect(Object.keys(report.byRoute).some((r) => r.includes('/oidc/token'))).toBe(true);
    expect(Object.keys(report.byRoute).some((r) => r.includes('/api/social/'))).toBe(true);
  }, 120_000);
});
