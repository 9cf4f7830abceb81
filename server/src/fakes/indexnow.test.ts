import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type FakeServer } from './http-util.ts';
import { startFakeIndexNow, type FakeIndexNow } from './indexnow.ts';

// The fake IndexNow endpoint refuses what the real one refuses, and checks the key file over HTTP.
const KEY = 'fake-site-key-0123456789';
let fake: FakeIndexNow;
let site: FakeServer;
let host: string;

beforeAll(async () => {
  fake = await startFakeIndexNow();
  site = await listen((_req, res, url) => {
    if (url.pathname === `/${KEY}.txt`) res.writeHead(200, { 'content-type': 'text/plain' }).end(KEY);
    else if (url.pathname === '/wrong.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('another-key-value');
    else res.writeHead(404).end();
  });
  host = new URL(site.baseUrl).host;
});
afterAll(async () => {
  await fake?.close();
  await site?.close();
});

const post = (body: unknown, contentType = 'application/json; charset=utf-8') =>
  fetch(fake.endpoint, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then((r) => r.status);

const valid = () => ({
  host,
  key: KEY,
  keyLocation: `${site.baseUrl}/${KEY}.txt`,
  urlList: [`${site.baseUrl}/article/a`],
});

describe('fake IndexNow', () => {
  it('accepts a well-formed submission whose key file holds the key (200)', async () => {
    expect(await post(valid())).toBe(200);
    expect(fake.submissions.at(-1)).toEqual(valid());
  });

  it('400: wrong content type, not JSON, missing host, key or urlList, an empty list', async () => {
    expect(await post(valid(), 'text/plain')).toBe(400);
    expect(await post('{not json')).toBe(400);
    expect(await post({ ...valid(), host: undefined })).toBe(400);
    expect(await post({ ...valid(), key: undefined })).toBe(400);
    expect(await post({ ...valid(), urlList: undefined })).toBe(400);
    expect(await post({ ...valid(), urlList: [] })).toBe(400);
  });

  it('422: a URL of another host, a key location elsewhere, a key not of the protocol form', async () => {
    expect(await post({ ...valid(), urlList: [`${site.baseUrl}/a`, 'https://elsewhere.example/b'] })).toBe(422);
    expect(await post({ ...valid(), keyLocation: `https://elsewhere.example/${KEY}.txt` })).toBe(422);
    expect(await post({ ...valid(), key: 'short' })).toBe(422);
  });

  it('403: the key file is missing, or holds another key', async () => {
    expect(await post({ ...valid(), keyLocation: `${site.baseUrl}/missing.txt` })).toBe(403);
    expect(await post({ ...valid(), keyLocation: `${site.baseUrl}/wrong.txt` })).toBe(403);
    expect(await post({ ...valid(), key: 'another-key-of-the-form' })).toBe(403);
  });

  it('the failure switch answers the next submissions with the status asked for', async () => {
    fake.failNext(429, 2);
    expect([await post(valid()), await post(valid()), await post(valid())]).toEqual([429, 429, 200]);
  });
});
