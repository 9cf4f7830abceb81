import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../newsroom-config.ts';

/** Where processed images live. Keys are file names such as '<32 hex>-960.webp'. */
export interface ImageStore {
  readonly kind: 'files' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such image. */
  get(key: string): Promise<Buffer | undefined>;
  /** Every stored key with the time it was written (temporary files of unfinished writes left out). */
  list(): AsyncIterable<StoredImageFile>;
  /** Deletes these keys; one that is already gone is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

export interface StoredImageFile {
  key: string;
  modifiedAt: Date;
}

/**
 * The stored files' names: '<32 hex>-<width>.webp', and the crops around a focal point
 * '<32 hex>-<ratio>-<x %>-<y %>.webp' (made on first request, decision 033).
 */
export const STORED_KEY = /^[0-9a-f]{32}-(?:\d{2,4}|(?:16x9|4x3|1x1)-\d{1,3}-\d{1,3})\.webp$/;

/** Files under DATA_DIR/images (one instance, or a shared volume). Written to a temp name, then renamed. */
export class FileImageStore implements ImageStore {
  readonly kind = 'files';
  constructor(private readonly dir: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, key);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(path.join(this.dir, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredImageFile> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const key of names) {
      if (!STORED_KEY.test(key)) continue;
      try {
        yield { key, modifiedAt: (await fs.stat(path.join(this.dir, key))).mtime };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fs.rm(path.join(this.dir, key), { force: true });
  }
}

/** An S3-compatible bucket, shared by every instance. */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private loading: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  private loadedClient: S3Client | undefined;

  constructor(private readonly config: S3Config) {}

  /** The AWS SDK is loaded with the first image stored or read, not at start. */
  private s3(): Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> {
    this.loading ??= import('@aws-sdk/client-s3').then((sdk) => {
      this.loadedClient = new sdk.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        forcePathStyle: this.config.forcePathStyle,
        credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
      });
      return { client: this.loadedClient, sdk };
    });
    return this.loading;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { client, sdk } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: `images/${key}`,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { client, sdk } = await this.s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: `images/${key}` }));
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredImageFile> {
    const { client, sdk } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: 'images/', ContinuationToken: token }),
      );
      for (const obj of page.Contents ?? []) {
        const key = obj.Key?.slice('images/'.length) ?? '';
        if (STORED_KEY.test(key)) yield { key, modifiedAt: obj.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(keys: readonly string[]): Promise<void> {
    const { client, sdk } = await this.s3();
    // At most 1000 keys per request (the S3 limit).
    for (let i = 0; i < keys.length; i += 1000) {
      const out = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((k) => ({ Key: `images/${k}` })), Quiet: true },
        }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(`could not delete ${failed.length} image objects (first: ${failed[0]!.Code ?? 'error'})`);
      }
    }
  }

  destroy(): void {
    this.loadedClient?.destroy();
  }
}
