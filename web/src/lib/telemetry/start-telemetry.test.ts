import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { CONFIG_FAILED_WARNING, NOT_CONFIGURED_WARNING, TELEMETRY_CONFIG_URL } from './constants';
import type { SdkConfig } from './sdk-config';
import { startTelemetry } from './start-telemetry';
import { TelemetryClient, type TelemetrySink } from './telemetry-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeSdk() {
  const configs: SdkConfig[] = [];
  const sink: TelemetrySink & { items: string[] } = {
    items: [],
    trackPageView: (i) => sink.items.push(`pv ${i.uri}`),
    trackEvent: (n) => sink.items.push(`ev ${n}`),
    trackDependency: (d) => sink.items.push(`dep ${d.name} ${d.responseCode}`),
    trackException: (e) => sink.items.push(`ex ${e.message}`),
  };
  const loadSdk = vi.fn(async () => ({
    createSdkSink: (config: SdkConfig) => {
      configs.push(config);
      return sink;
    },
  }));
  return { configs, sink, loadSdk };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('startTelemetry', () => {
  it('skips with the product warning, once, when neither value comes back; nothing is loaded or kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = new TelemetryClient();
    const { loadSdk } = fakeSdk();
    const fetchMock = vi.fn(async () => json({ ConnectionString: '', InstrumentationKey: '' }));
    client.trackEvent('early');
    await startTelemetry({ client, fetch: fetchMock, schedule: (t) => t(), loadSdk, pageOrigin: 'http://h' });
    expect(fetchMock).toHaveBeenCalledWith(TELEMETRY_CONFIG_URL, expect.anything());
    expect(warn.mock.calls).toEqual([[NOT_CONFIGURED_WARNING]]);
    expect(loadSdk).not.toHaveBeenCalled();
    expect(client.status).toBe('skipped');
    expect(client.pendingCount).toBe(0);
  });

  it('only warns when the configuration call fails (status or network)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const fetchMock of [
      vi.fn(async () => json({}, 503)),
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    ]) {
      const client = new TelemetryClient();
      const { loadSdk } = fakeSdk();
      await expect(
        startTelemetry({ client, fetch: fetchMock, schedule: (t) => t(), loadSdk, pageOrigin: 'http://h' }),
      ).resolves.toBeUndefined();
      expect(client.status).toBe('skipped');
      expect(loadSdk).not.toHaveBeenCalled();
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.every((c) => c[0] === CONFIG_FAILED_WARNING)).toBe(true);
  });

  it('loads the SDK with the product configuration and replays news calls made before it was up', async () => {
    const client = new TelemetryClient();
    const { configs, sink, loadSdk } = fakeSdk();
    let run: (() => void) | undefined;
    const cs = 'InstrumentationKey=k;IngestionEndpoint=http://127.0.0.1:9/';
    const fetchMock = vi.fn(async () => json({ ConnectionString: cs, InstrumentationKey: 'k' }));
    const started = startTelemetry({
      client,
      fetch: fetchMock,
      schedule: (t) => (run = t),
      loadSdk,
      pageOrigin: 'http://h',
    });

    // a news call through the app's API client, before the browser got idle
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ breakingNews: [], allArticles: [] })),
    );
    await apiFetch('/News?count=15');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.pendingCount).toBe(1);

    run!();
    await started;
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(configs[0]).toMatchObject({ connectionString: cs, maxBatchInterval: 15000 });
    expect(sink.items).toEqual(['dep GET /News 200']);
    await apiFetch('/News/slug/x');
    expect(sink.items.at(-1)).toBe('dep GET /News/slug/x 200');
  });

  it('does not report a news call the page cancelled itself; a network failure is a failed dependency with 0', async () => {
    const client = new TelemetryClient();
    const { sink, loadSdk } = fakeSdk();
    const fetchMock = vi.fn(async () =>
      json({ ConnectionString: 'InstrumentationKey=k;IngestionEndpoint=http://127.0.0.1:9/' }),
    );
    await startTelemetry({ client, fetch: fetchMock, schedule: (t) => t(), loadSdk, pageOrigin: 'http://h' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            if (init?.signal)
              init.signal.addEventListener('abort', () =>
                reject(new DOMException('The user aborted a request.', 'AbortError')),
              );
            else reject(new TypeError('Failed to fetch'));
          }),
      ),
    );
    const controller = new AbortController();
    const cancelled = apiFetch('/News?count=15', { signal: controller.signal });
    controller.abort(); // e.g. TanStack Query cancelling a list nobody shows any more
    await expect(cancelled).rejects.toThrow('aborted');
    await expect(apiFetch('/News?category=Sport&count=15')).rejects.toThrow('Failed to fetch');
    expect(sink.items).toEqual(['dep GET /News 0']);
  });
});
