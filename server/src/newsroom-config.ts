import { wholeNumberReader } from './config-number.ts';
/** Settings of the newsroom's scheduler, trash and image storage (validated with the rest of the config). */
export interface NewsroomConfig {
  /** SCHEDULER_INTERVAL_MS: how often due scheduled articles are published and the trash is purged. 0 turns it off. */
  schedulerIntervalMs: number;
  /** IMAGE_MAX_BYTES: largest accepted upload. */
  imageMaxBytes: number;
  /** S3-compatible storage for images; null: files under DATA_DIR/images. */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export const DEFAULT_NEWSROOM_CONFIG: NewsroomConfig = {
  schedulerIntervalMs: 15_000,
  imageMaxBytes: 15 * 1024 * 1024,
  s3: null,
};

export function loadNewsroomConfig(env: NodeJS.ProcessEnv, problems: string[]): NewsroomConfig {
  const int = wholeNumberReader(env, problems);
  const schedulerIntervalMs = int('SCHEDULER_INTERVAL_MS', DEFAULT_NEWSROOM_CONFIG.schedulerIntervalMs, 0, 60_000);
  if (schedulerIntervalMs > 0 && schedulerIntervalMs < 50)
    problems.push('SCHEDULER_INTERVAL_MS must be 0 or at least 50');
  const imageMaxBytes = int('IMAGE_MAX_BYTES', DEFAULT_NEWSROOM_CONFIG.imageMaxBytes, 1024, 100 * 1024 * 1024);

  const bucket = (env.S3_BUCKET ?? '').trim();
  let s3: S3Config | null = null;
  if (bucket) {
    const endpoint = (env.S3_ENDPOINT ?? '').trim();
    if (endpoint && !/^https?:\/\/[^\s]+$/i.test(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL');
    const accessKeyId = (env.S3_ACCESS_KEY_ID ?? '').trim();
    const secretAccessKey = (env.S3_SECRET_ACCESS_KEY ?? '').trim();
    if (!accessKeyId || !secretAccessKey) {
      problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
    }
    const forcePathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
    if (forcePathStyle && !['true', 'false'].includes(forcePathStyle)) {
      problems.push('S3_FORCE_PATH_STYLE must be true or false');
    }
    s3 = {
      bucket,
      endpoint,
      region: (env.S3_REGION ?? '').trim() || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: forcePathStyle === 'true',
    };
  }
  return { schedulerIntervalMs, imageMaxBytes, s3 };
}
