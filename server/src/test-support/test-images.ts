import type { FastifyInstance } from 'fastify';
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

/**
 * A JPEG with its subject off the centre: a grey field (with a little texture) and a red disc of
 * radius `r` centred at (`cx`, `cy`). `redShare` tells how much of a decoded picture is that red.
 */
export async function offCentreSubject(width: number, height: number, cx: number, cy: number, r = 40): Promise<Buffer> {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${cx}" cy="${cy}" r="${r}" fill="#ff0000"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([{ input: disc }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The number of clearly red pixels of a picture (any format sharp reads). */
export async function redPixels(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) n++;
  }
  return n;
}

/** What the library answers for an upload (POST /api/admin/images). */
export interface UploadedImage {
  id: string;
  url: string;
  focalX: number;
  focalY: number;
  width: number;
  height: number;
}

/** Uploads a picture as the editor `authorization` names and answers the library's row; anything but 201 fails the test. */
export async function uploadImage(
  app: { inject: FastifyInstance['inject'] },
  authorization: string,
  bytes: Buffer,
  type = 'image/jpeg',
): Promise<UploadedImage> {
  const name = type === 'image/png' ? 'p.png' : 'p.jpg';
  const { payload, headers } = multipartBody('file', name, type, bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: { authorization, ...headers },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json() as UploadedImage;
}
