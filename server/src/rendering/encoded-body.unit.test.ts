import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../plugins/http-cache.ts';
import { CompressedForms, compressBodyAsync, encodedAs, negotiateEncoding, type EncodedBody } from './encoded-body.ts';

const text = (n: number) => Buffer.from('The Daily Smear: '.repeat(n), 'utf8');
const entry = (body: Buffer): EncodedBody => ({ body, etag: etagOf(body) });

describe('encoded bodies', () => {
  it('makes only the coding asked for, once, and keeps it on the body', () => {
    const forms = new CompressedForms();
    const e = entry(text(200));
    const br = encodedAs(e, 'br', forms)!;
    expect(zlib.brotliDecompressSync(br).equals(e.body)).toBe(true);
    expect(e.gzip).toBeUndefined();
    expect(encodedAs(e, 'br', forms)).toBe(br);
    const gz = encodedAs(e, 'gzip', forms)!;
    expect(zlib.gunzipSync(gz).equals(e.body)).toBe(true);
  });

  it('reuses the compressed forms of an identical body built again (same ETag)', async () => {
    const forms = new CompressedForms();
    const first = await compressBodyAsync(entry(text(300)), forms);
    const again = entry(Buffer.from(first.body));
    expect(encodedAs(again, 'br', forms)).toBe(first.br);
    const rebuilt = await compressBodyAsync(entry(Buffer.from(first.body)), forms);
    expect(rebuilt.gzip).toBe(first.gzip);
  });

  it('leaves small bodies uncompressed', () => {
    expect(encodedAs(entry(text(2)), 'br', new CompressedForms())).toBeUndefined();
  });

  it('holds at most its byte budget, dropping the least recently used forms', () => {
    const forms = new CompressedForms(5_000);
    // Random hex: each compresses to about 1.3 KB, so five do not fit.
    const bodies = [1, 2, 3, 4, 5].map(() => entry(Buffer.from(randomBytes(1_200).toString('hex'))));
    for (const b of bodies) encodedAs(b, 'gzip', forms);
    expect(forms.totalBytes).toBeLessThanOrEqual(5_000);
    expect(forms.size).toBeGreaterThan(0);
    expect(forms.size).toBeLessThan(bodies.length);
    // The newest is kept, the oldest went first.
    const newest = entry(Buffer.from(bodies[4]!.body));
    expect(encodedAs(newest, 'gzip', forms)).toBe(bodies[4]!.gzip);
  });

  it('negotiates brotli before gzip, honours q=0, and answers repeated headers the same', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
