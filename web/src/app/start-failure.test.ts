// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { telemetry } from '@/lib/telemetry/telemetry-client';
import { reportStartFailure } from './start-failure.ts';

const startPageTelemetry = vi.hoisted(() => vi.fn());
vi.mock('@/lib/telemetry', () => ({ startPageTelemetry }));

let trackException: MockInstance<typeof telemetry.trackException>;
beforeEach(() => {
  trackException = vi.spyOn(telemetry, 'trackException').mockImplementation(() => {});
  window.history.replaceState(null, '', '/article/pigeon?utm_source=x#comments');
});
afterEach(() => {
  vi.restoreAllMocks();
  startPageTelemetry.mockClear();
});

// A page opened afresh whose app could not start (boot.ts): reported as the route error element reports one.
describe('a page whose app could not start', () => {
  it('its code did not load: an exception of kind chunk with the path alone, telemetry started for it, once', () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: https://smear.example/assets/article-Ab12Cd34.js',
    );
    reportStartFailure(error);
    reportStartFailure(error);
    expect(startPageTelemetry).toHaveBeenCalledWith();
    expect(trackException).toHaveBeenCalledTimes(1);
    expect(trackException).toHaveBeenCalledWith(error, { route: '/article/pigeon', kind: 'chunk' });
  });

  it('anything else it threw: kind render', () => {
    const error = new Error('boom');
    reportStartFailure(error);
    expect(trackException).toHaveBeenCalledWith(error, { route: '/article/pigeon', kind: 'render' });
  });
});
