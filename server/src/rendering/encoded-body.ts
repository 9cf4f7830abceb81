import zlib from 'node:zlib';

/** The content codings the server sends, best first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * A response body with its strong ETag and its compressed forms. The compressed forms are made
 * once per body (when it is built, or on first demand) and kept with it: a cache hit never
 * compresses again.
 */
export interface EncodedBody {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies below this size go out as they are (the headers would outweigh the saving). */
export const MIN_COMPRESS_BYTES = 512;

const BROTLI_OPTIONS = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** Fills in the compressed forms of a body (synchronously; callers do it once per body). */
export function compressBody(entry: EncodedBody): EncodedBody {
  if (entry.body.length < MIN_COMPRESS_BYTES) return entry;
  entry.br ??= zlib.brotliCompressSync(entry.body, BROTLI_OPTIONS(entry.body.length));
  entry.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
  return entry;
}

/** The same, without blocking the event loop (for freshly rendered pages). */
export async function compressBodyAsync(entry: EncodedBody): Promise<EncodedBody> {
  if (entry.body.length < MIN_COMPRESS_BYTES) return entry;
  const [br, gzip] = await Promise.all([
    new Promise<Buffer>((resolve, reject) =>
      zlib.brotliCompress(entry.body, BROTLI_OPTIONS(entry.body.length), (err, out) =>
        err ? reject(err) : resolve(out),
      ),
    ),
    new Promise<Buffer>((resolve, reject) =>
      zlib.gzip(entry.body, { level: 9 }, (err, out) => (err ? reject(err) : resolve(out))),
    ),
  ]);
  entry.br = br;
  entry.gzip = gzip;
  return entry;
}

/**
 * The coding to use for an Accept-Encoding header (RFC 9110 12.5.3): brotli before gzip, a coding
 * with q=0 is refused, `*` stands for the codings not named. null = send the body as it is.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) weight = Number(m[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) =>
    q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** The ETag of one coding of a body: each representation has its own strong validator. */
export function etagFor(entry: EncodedBody, coding: ContentCoding | null): string {
  return coding ? `${entry.etag.slice(0, -1)}-${coding}"` : entry.etag;
}
