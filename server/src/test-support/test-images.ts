import zlib from 'node:zlib';
import sharp from 'sharp';

/** A photo-like test picture (noise, so encoders cannot shrink it to nothing) with EXIF GPS. */
export async function testImage(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 1200, height = 800): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 7) * 104729) & 0xff;
  const base = sharp(noise, { raw: { width, height, channels: 3 } }).withExif({
    IFD0: { Make: 'TestCam', Model: 'Leaky 1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
  });
  if (format === 'jpeg') return base.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return base.png().toBuffer();
  if (format === 'webp') return base.webp().toBuffer();
  return base.avif({ effort: 0 }).toBuffer();
}

/** A real PNG whose header claims `width` x `height` pixels (a decompression bomb's signature). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR is the first chunk: length(4) 'IHDR'(4) width(4) height(4) ... crc(4), after the 8-byte signature.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tabloid${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
