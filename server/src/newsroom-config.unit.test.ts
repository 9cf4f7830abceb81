import { describe, expect, it } from 'vitest';
import { DEFAULT_NEWSROOM_CONFIG, loadNewsroomConfig } from './newsroom-config.ts';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { config: loadNewsroomConfig(env, problems), problems };
};

describe('newsroom configuration', () => {
  it('defaults to a 15 s scheduler, 15 MB uploads and files under DATA_DIR', () => {
    expect(load({})).toEqual({ config: DEFAULT_NEWSROOM_CONFIG, problems: [] });
  });
  it('reads the S3 settings and needs credentials with a bucket', () => {
    const ok = load({
      S3_BUCKET: 'pics',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(ok.problems).toEqual([]);
    expect(ok.config.s3).toEqual({
      bucket: 'pics',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(load({ S3_BUCKET: 'pics' }).problems.join()).toContain('S3_ACCESS_KEY_ID');
    expect(
      load({
        S3_BUCKET: 'p',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: 'yes',
      }).problems.join(),
    ).toContain('S3_FORCE_PATH_STYLE');
  });
  it('refuses bad numbers', () => {
    expect(load({ SCHEDULER_INTERVAL_MS: 'soon' }).problems.join()).toContain('SCHEDULER_INTERVAL_MS');
    expect(load({ SCHEDULER_INTERVAL_MS: '10' }).problems.join()).toContain('at least 50');
    expect(load({ SCHEDULER_INTERVAL_MS: '0' }).config.schedulerIntervalMs).toBe(0);
    expect(load({ IMAGE_MAX_BYTES: '-1' }).problems.join()).toContain('IMAGE_MAX_BYTES');
  });
});
