import zlib from 'node:zlib';

/** The content codings the server sends, best first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * A response body with its strong ETag and its compressed forms. A compressed form is made once
 * per body and kept with it (a cache hit never compresses again), and only when a client asks for
 * that coding: a body nobody fetches compressed (the server's own reads for rendering, a client
 * without Accept-Encoding) costs no compression at all.
 */
export interface EncodedBody {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies below this size go out as they are (the headers would outweigh the saving). */
export const MIN_COMPRESS_BYTES = 512;

/**
 * Brotli at quality 9 with a window just large enough for the body: the same output as the
 * default 4 MB window for bodies of this size, but the encoder's memory follows the window (a
 * default encoder takes tens of MB of native memory, which the allocator then keeps).
 */
const BROTLI_OPTIONS = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
      zlib.constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
    ),
  },
});

/**
 * Compressed forms by ETag, kept across rebuilds: the caches rebuild their bodies every few
 * seconds (their TTL) and nearly always get the same bytes again, whose compressed forms are then
 * taken from here instead of being made again. Bounded by the bytes it holds (oldest out first).
 */
export class CompressedForms {
  private readonly entries = new Map<string, { br?: Buffer; gzip?: Buffer; bytes: number }>();
  private bytes = 0;

  constructor(readonly maxBytes = 8 * 1024 * 1024) {}

  /**
   * Copies the forms known for `entry.etag` onto `entry` (those it lacks). Only for strong tags:
   * bodies with the same weak tag (rendered pages) may differ in their bytes.
   */
  fill(entry: EncodedBody): void {
    if (entry.etag.startsWith('W/')) return;
    const known = this.entries.get(entry.etag);
    if (!known) return;
    // Most recently used last: re-inserted, so the oldest is the first key.
    this.entries.delete(entry.etag);
    this.entries.set(entry.etag, known);
    entry.br ??= known.br;
    entry.gzip ??= known.gzip;
  }

  /** Remembers the forms `entry` carries. */
  remember(entry: EncodedBody): void {
    if (entry.etag.startsWith('W/')) return;
    const old = this.entries.get(entry.etag);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(entry.etag);
    }
    const br = entry.br ?? old?.br;
    const gzip = entry.gzip ?? old?.gzip;
    const bytes = (br?.length ?? 0) + (gzip?.length ?? 0);
    if (bytes > this.maxBytes) return;
    this.entries.set(entry.etag, { br, gzip, bytes });
    this.bytes += bytes;
    for (const [etag, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(etag);
      this.bytes -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

/** The process's store of compressed forms (shared by the news API and the rendered pages). */
export const compressedForms = new CompressedForms();

/**
 * The body in `coding`, made now (synchronously) if this body, or an identical one built before,
 * does not have it yet; undefined when the body is too small to be worth compressing.
 */
export function encodedAs(entry: EncodedBody, coding: ContentCoding, forms = compressedForms): Buffer | undefined {
  if (entry.body.length < MIN_COMPRESS_BYTES) return undefined;
  if (entry[coding]) return entry[coding];
  forms.fill(entry);
  if (entry[coding]) return entry[coding];
  entry[coding] =
    coding === 'br'
      ? zlib.brotliCompressSync(entry.body, BROTLI_OPTIONS(entry.body.length))
      : zlib.gzipSync(entry.body, { level: 9 });
  forms.remember(entry);
  return entry[coding];
}

/** Fills in both compressed forms of a body (synchronously; callers do it once per body). */
export function compressBody(entry: EncodedBody, forms = compressedForms): EncodedBody {
  encodedAs(entry, 'br', forms);
  encodedAs(entry, 'gzip', forms);
  return entry;
}

/**
 * Both compressed forms without blocking the event loop (for freshly rendered pages), unless an
 * identical body already has them.
 */
export async function compressBodyAsync(entry: EncodedBody, forms = compressedForms): Promise<EncodedBody> {
  if (entry.body.length < MIN_COMPRESS_BYTES) return entry;
  forms.fill(entry);
  const [br, gzip] = await Promise.all([
    entry.br ??
      new Promise<Buffer>((resolve, reject) =>
        zlib.brotliCompress(entry.body, BROTLI_OPTIONS(entry.body.length), (err, out) =>
          err ? reject(err) : resolve(out),
        ),
      ),
    entry.gzip ??
      new Promise<Buffer>((resolve, reject) =>
        zlib.gzip(entry.body, { level: 9 }, (err, out) => (err ? reject(err) : resolve(out))),
      ),
  ]);
  entry.br = br;
  entry.gzip = gzip;
  forms.remember(entry);
  return entry;
}

const negotiated = new Map<string, ContentCoding | null>();
const NEGOTIATED_MAX = 256;

/**
 * The coding to use for an Accept-Encoding header (RFC 9110 12.5.3): brotli before gzip, a coding
 * with q=0 is refused, `*` stands for the codings not named. null = send the body as it is.
 * Browsers send a handful of distinct values: the answer for each is remembered.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  const known = negotiated.get(value);
  if (known !== undefined) return known;
  const coding = parseAcceptEncoding(value);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(value, coding);
  return coding;
}

function parseAcceptEncoding(value: string): ContentCoding | null {
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
