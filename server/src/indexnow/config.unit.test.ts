import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEXNOW_ENDPOINT, loadIndexNowConfig } from './config.ts';

const load = (env: Record<string, string>, publicUrl = 'https://news.example.com') => {
  const problems: string[] = [];
  return { config: loadIndexNowConfig(env, publicUrl, problems), problems };
};

describe('IndexNow configuration', () => {
  it('is off without INDEXNOW_KEY', () => {
    expect(load({})).toEqual({ config: null, problems: [] });
  });

  it('takes a key of the protocol form, the default endpoint and window', () => {
    expect(load({ INDEXNOW_KEY: 'abcd-1234-EFGH' })).toEqual({
      config: { key: 'abcd-1234-EFGH', endpoint: DEFAULT_INDEXNOW_ENDPOINT, batchMs: 2000 },
      problems: [],
    });
  });

  it('names a malformed key without repeating it, a missing PUBLIC_URL, a bad endpoint and window', () => {
    expect(load({ INDEXNOW_KEY: 'short' }).problems).toEqual([
      "INDEXNOW_KEY must be 8 to 128 characters of a-z, A-Z, 0-9 and '-' (got 5 characters)",
    ]);
    expect(load({ INDEXNOW_KEY: 'has space in it' }).problems[0]).not.toContain('has space');
    expect(load({ INDEXNOW_KEY: 'a'.repeat(129) }).problems).toHaveLength(1);
    expect(load({ INDEXNOW_KEY: 'abcdefgh' }, '').problems).toEqual([
      'INDEXNOW_KEY needs PUBLIC_URL: the URLs submitted and the key file are on that host',
    ]);
    expect(load({ INDEXNOW_ENDPOINT: 'ftp://x' }).problems).toEqual([
      'INDEXNOW_ENDPOINT must be an http(s) URL (got "ftp://x")',
    ]);
    expect(load({ INDEXNOW_BATCH_MS: '-1' }).problems).toEqual([
      'INDEXNOW_BATCH_MS must be a whole number from 0 to 600000 (got "-1")',
    ]);
  });
});
