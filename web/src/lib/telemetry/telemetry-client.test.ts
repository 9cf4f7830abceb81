import { describe, expect, it, vi } from 'vitest';
import { createPerViewLimit } from './per-view-limit';
import { TelemetryClient, type DependencyItem, type TelemetrySink } from './telemetry-client';

function recordingSink() {
  const calls: string[] = [];
  const sink: TelemetrySink = {
    trackPageView: (item) => calls.push(`pv ${item.uri}`),
    trackEvent: (name, properties) => calls.push(`ev ${name} ${JSON.stringify(properties)}`),
    trackDependency: (item) => calls.push(`dep ${item.name} ${item.responseCode}`),
    trackException: (error, properties) => calls.push(`ex ${error.message} ${JSON.stringify(properties)}`),
  };
  return { calls, sink };
}

const dep = (name: string, responseCode = 200): DependencyItem => ({
  id: 'x',
  name,
  url: 'http://h/News',
  type: 'Fetch',
  responseCode,
  duration: 5,
  success: responseCode < 400,
  startTime: new Date(0),
});

describe('TelemetryClient', () => {
  it('keeps calls made before the SDK is up and replays them in order', () => {
    const client = new TelemetryClient();
    client.trackPageView({ name: 'Home', uri: 'http://h/' });
    client.trackDependency(dep('GET /News'));
    client.trackEvent('ArticleLoadError', { message: 'm' });
    expect(client.pendingCount).toBe(3);
    const { calls, sink } = recordingSink();
    client.ready(sink);
    expect(calls).toEqual(['pv http://h/', 'dep GET /News 200', 'ev ArticleLoadError {"message":"m"}']);
    client.trackEvent('Later');
    expect(calls.at(-1)).toBe('ev Later {}');
    expect(client.status).toBe('ready');
  });

  it('forwards an exception with its properties, kept like any call until the SDK is up', () => {
    const client = new TelemetryClient();
    const error = new Error('pigeon ate the page');
    client.trackException(error, { route: '/article/pigeon', kind: 'render' });
    expect(client.pendingCount).toBe(1);
    const sink: TelemetrySink = {
      trackPageView: vi.fn(),
      trackEvent: vi.fn(),
      trackDependency: vi.fn(),
      trackException: vi.fn(),
    };
    client.ready(sink);
    expect(sink.trackException).toHaveBeenCalledTimes(1);
    expect(sink.trackException).toHaveBeenCalledWith(error, { route: '/article/pigeon', kind: 'render' });
    client.trackException(new Error('later'));
    expect(sink.trackException).toHaveBeenLastCalledWith(new Error('later'), {});
  });

  it('drops everything when telemetry is skipped, and stays skipped', () => {
    const client = new TelemetryClient();
    client.trackEvent('Before');
    client.skip();
    expect(client.pendingCount).toBe(0);
    client.trackEvent('After');
    expect(client.pendingCount).toBe(0);
    const { calls, sink } = recordingSink();
    client.ready(sink);
    expect(calls).toEqual([]);
    expect(client.status).toBe('skipped');
  });

  it('keeps at most its limit while waiting', () => {
    const client = new TelemetryClient(2);
    for (let i = 0; i < 5; i++) client.trackEvent(`e${i}`);
    expect(client.pendingCount).toBe(2);
    const { calls, sink } = recordingSink();
    client.ready(sink);
    expect(calls).toEqual(['ev e0 {}', 'ev e1 {}']);
  });

  it('never lets a failing sink break the page', () => {
    const client = new TelemetryClient();
    const sink: TelemetrySink = {
      trackPageView: vi.fn(() => {
        throw new Error('boom');
      }),
      trackEvent: vi.fn(),
      trackDependency: vi.fn(),
      trackException: vi.fn(),
    };
    client.trackPageView({ name: 'a', uri: 'http://h/' });
    expect(() => client.ready(sink)).not.toThrow();
    expect(() => client.trackPageView({ name: 'b', uri: 'http://h/b' })).not.toThrow();
    expect(sink.trackPageView).toHaveBeenCalledTimes(2);
  });
});

describe('createPerViewLimit (20 ajax calls per view)', () => {
  it('keeps the first N dependencies of a page view and starts again at the next page view', () => {
    const keep = createPerViewLimit(3);
    const depItem = { baseType: 'RemoteDependencyData' };
    expect([1, 2, 3, 4, 5].map(() => keep(depItem))).toEqual([true, true, true, false, false]);
    expect(keep({ baseType: 'EventData' })).toBe(true);
    expect(keep({ baseType: 'PageviewData' })).toBe(true);
    expect([1, 2, 3, 4].map(() => keep(depItem))).toEqual([true, true, true, false]);
  });
});
