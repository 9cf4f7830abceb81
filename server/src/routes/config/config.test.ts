import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/config/appinsights', () => {
  it('gives the connection string and its instrumentation key', async () => {
    const cs =
      'InstrumentationKey=11111111-2222-3333-4444-555555555555;IngestionEndpoint=http://127.0.0.1:9/;LiveEndpoint=http://127.0.0.1:9/';
    t = await createTestApp({ env: { APPLICATIONINSIGHTS_CONNECTION_STRING: cs } });
    const res = await t.app.inject({ method: 'GET', url: '/api/config/appinsights' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({ ConnectionString: cs, InstrumentationKey: '11111111-2222-3333-4444-555555555555' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/config/appinsights',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('gives empty strings when unset', async () => {
    t = await createTestApp({ env: { APPLICATIONINSIGHTS_CONNECTION_STRING: '' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/config/appinsights' });
    expect(res.json()).toEqual({ ConnectionString: '', InstrumentationKey: '' });
  });
});
