import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFacebook, type FakeFacebook } from '../fakes/facebook.ts';
import { FacebookClient } from './facebook-client.ts';
import { FacebookPageNames, PAGE_NAME_FAILURE_TTL_MS, PAGE_NAME_TTL_MS } from './facebook-page-name.ts';
import { SocialProblem } from './provider-error.ts';

let fb: FakeFacebook;
let client: FacebookClient;

beforeAll(async () => {
  fb = await startFakeFacebook({ pageName: 'Smear Test Page' });
  client = new FacebookClient({
    graphUrl: fb.graphUrl,
    appId: fb.appId,
    appSecret: fb.appSecret,
    pageId: fb.pageId,
    timeoutMs: 1500,
  });
});
afterEach(() => fb.fail(null));
afterAll(() => fb.close());

async function pageToken(): Promise<string> {
  return (await client.exchangeForPageToken(fb.issueShortLivedToken())).pageToken;
}

describe('FacebookClient.pageName', () => {
  it('reads the name with the page token and appsecret_proof', async () => {
    expect(await client.pageName(await pageToken())).toBe('Smear Test Page');
  });

  it('a revoked token is a SocialProblem naming error 190; a wrong app secret is refused too', async () => {
    const token = await pageToken();
    fb.revokePageTokens();
    const revoked = await client.pageName(token).catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(SocialProblem);
    expect((revoked as SocialProblem).revoked).toBe(true);
    const wrongSecret = new FacebookClient({
      graphUrl: fb.graphUrl,
      appId: fb.appId,
      appSecret: 'not-the-app-secret-000000000000',
      pageId: fb.pageId,
      timeoutMs: 1500,
    });
    const refused = await wrongSecret.pageName(await pageToken()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SocialProblem);
    expect((refused as SocialProblem).detail).toMatch(/appsecret_proof/);
  });
});

describe('FacebookPageNames', () => {
  it('keeps a name for a few minutes, a failure for a shorter time, and reads again for a new token', async () => {
    let clock = 1_000_000;
    const names = new FacebookPageNames(client, () => clock);
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    const token = await pageToken();

    expect(await names.get(token, onError)).toBe('Smear Test Page');
    fb.fail('server-error');
    clock += PAGE_NAME_TTL_MS - 1;
    expect(await names.get(token, onError)).toBe('Smear Test Page');
    expect(errors).toHaveLength(0);

    clock += 1;
    expect(await names.get(token, onError)).toBeNull();
    expect(errors).toHaveLength(1);
    expect((errors[0] as SocialProblem).status).toBe(502);

    // Facebook is back, but the failure is remembered for a while (said once, not on every read).
    fb.fail(null);
    clock += PAGE_NAME_FAILURE_TTL_MS - 1;
    expect(await names.get(token, onError)).toBeNull();
    expect(errors).toHaveLength(1);
    clock += 1;
    expect(await names.get(token, onError)).toBe('Smear Test Page');

    // Another token is another entry: read from Facebook, not from the entry of the first.
    const other = await pageToken();
    fb.fail('server-error');
    expect(await names.get(other, onError)).toBeNull();
    expect(await names.get(token, onError)).toBe('Smear Test Page');
  });

  it('reads that arrive together share one call to Facebook', async () => {
    const names = new FacebookPageNames(client);
    const token = await pageToken();
    // Only the next call fails: if each read asked Facebook, the second would get the name.
    fb.failNext('server-error', 1);
    expect(await Promise.all([names.get(token), names.get(token)])).toEqual([null, null]);
  });
});
