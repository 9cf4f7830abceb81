// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendRead } from './send-read';

afterEach(() => vi.unstubAllGlobals());

describe("the article page's read beacon", () => {
  it('sends the article id as JSON with navigator.sendBeacon', async () => {
    const beacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchSpy);
    sendRead(12);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/News/reads');
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toEqual({ articleId: 12 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive when the browser has no beacon or refuses it', () => {
    for (const navigatorLike of [
      {},
      { sendBeacon: () => false },
      {
        sendBeacon: () => {
          throw new TypeError('no');
        },
      },
    ]) {
      const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
      vi.stubGlobal('navigator', navigatorLike);
      vi.stubGlobal('fetch', fetchSpy);
      sendRead(5);
      expect(fetchSpy).toHaveBeenCalledWith('/News/reads', {
        method: 'POST',
        body: '{"articleId":5}',
        headers: { 'content-type': 'application/json' },
        keepalive: true,
        credentials: 'omit',
      });
    }
  });

  it('ignores a failed fetch (a read not counted costs the reader nothing)', async () => {
    vi.stubGlobal('navigator', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => sendRead(5)).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
