import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { etagOf } from './http-cache.ts';
import type { EncodedBody } from '../rendering/encoded-body.ts';

/** Content types of what the front-end build emits under /assets/ with a content hash. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
};

export interface HashedAsset {
  encoded: EncodedBody;
  contentType: string;
}

/**
 * Content-hashed build files, read once (with the .br and .gz the build wrote beside them) and
 * then answered from memory in a single write. Such a file never changes, and the build output is
 * a few megabytes. Streaming each request from disk instead goes through libuv's thread pool and
 * several event-loop turns per file, so a burst of other work (a wave of sign-ins) delays scripts
 * and styles; from memory they stay as fast as the cached pages.
 */
export function hashedAssets(distDir: string) {
  const loaded = new Map<string, Promise<HashedAsset>>();
  const optional = (file: string) => readFile(file).catch(() => undefined);

  async function load(rel: string, contentType: string): Promise<HashedAsset> {
    const full = path.join(distDir, rel);
    const [body, br, gzip] = await Promise.all([readFile(full), optional(`${full}.br`), optional(`${full}.gz`)]);
    return { encoded: { body, etag: etagOf(body), br, gzip }, contentType };
  }

  return {
    /** The file from memory, or undefined for a type this cache does not hold (send it from disk). */
    get(rel: string): Promise<HashedAsset> | undefined {
      const contentType = TYPES[path.extname(rel).toLowerCase()];
      if (!contentType) return undefined;
      let asset = loaded.get(rel);
      if (!asset) {
        asset = load(rel, contentType);
        loaded.set(rel, asset);
        asset.catch(() => loaded.delete(rel));
      }
      return asset;
    },
  };
}
