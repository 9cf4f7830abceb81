import { describe, expect, it } from 'vitest';
import { dependencyId, isNewsCall, toDependency } from './dependency';

describe('toDependency', () => {
  const origin = 'https://smear.example';

  it('turns a news call into a dependency: method and path as name, full URL, status, duration, success', () => {
    const d = toDependency(
      { method: 'GET', url: '/News?category=Politics&count=15', status: 200, durationMs: 41.6, ok: true },
      origin,
      10_000,
    );
    expect(d).toMatchObject({
      name: 'GET /News',
      url: 'https://smear.example/News?category=Politics&count=15',
      type: 'Fetch',
      responseCode: 200,
      duration: 42,
      success: true,
    });
    expect(d!.startTime.getTime()).toBe(10_000 - 42);
    expect(d!.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the slug in the name of an article call and reports failures', () => {
    expect(
      toDependency({ method: 'GET', url: '/News/slug/a%20b', status: 404, durationMs: 3, ok: false }, origin),
    ).toMatchObject({
      name: 'GET /News/slug/a%20b',
      responseCode: 404,
      success: false,
    });
  });

  it('reports 0 as the status when no answer came (network failure)', () => {
    expect(
      toDependency({ method: 'GET', url: '/News?count=15', status: null, durationMs: 7, ok: false }, origin),
    ).toMatchObject({
      responseCode: 0,
      success: false,
    });
  });

  it('does not report a call the page cancelled itself (aborted: no longer needed), but does report a timeout', () => {
    expect(
      toDependency(
        { method: 'GET', url: '/News?count=15', status: null, durationMs: 7, ok: false, aborted: true },
        origin,
      ),
    ).toBeNull();
    expect(
      toDependency(
        { method: 'GET', url: '/News?count=15', status: null, durationMs: 7, ok: false, aborted: false },
        origin,
      ),
    ).toMatchObject({
      responseCode: 0,
      success: false,
    });
  });

  it('ignores other calls', () => {
    expect(
      toDependency({ method: 'GET', url: '/api/config/appinsights', status: 200, durationMs: 1, ok: true }, origin),
    ).toBeNull();
    expect(
      toDependency({ method: 'GET', url: '/Newsletter', status: 200, durationMs: 1, ok: true }, origin),
    ).toBeNull();
    expect(isNewsCall('/News')).toBe(true);
    expect(isNewsCall('/News/slug/x')).toBe(true);
    expect(isNewsCall('/news')).toBe(false);
  });

  it('makes distinct ids', () => {
    expect(new Set(Array.from({ length: 50 }, () => dependencyId())).size).toBe(50);
  });
});
