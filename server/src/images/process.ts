import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '../../../common/images.ts';
import { LARGE_IMAGE_PIXELS, largeImages } from './decode-queue.ts';
import { loadSharp } from './sharp.ts';

/** The accepted formats, recognised by their first bytes (never by the file name or the declared type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Largest accepted image in pixels (width x height): a decompression bomb is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * How many times longer than wide (or wider than tall) a picture may be. Read from the header before
 * decoding: a 1600 x 31000 strip is 50 megapixels that no resize to a page width makes smaller.
 */
export const MAX_ASPECT_RATIO = 4;

export class ImageRejected extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** JPEG, PNG, WebP or AVIF by magic bytes, else undefined. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brands = bytes.toString('latin1', 8, Math.min(bytes.length, 64));
    if (/avi[fs]/.test(brands)) return 'avif';
  }
  return undefined;
}

export interface ProcessedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** WebP renditions, smallest first; every one without metadata (EXIF, GPS, XMP, ICC kept as sRGB). */
  variants: { width: number; body: Buffer }[];
}

/**
 * Checks an upload by content and renders the stored widths. Orientation from EXIF is applied to
 * the pixels, then every metadata block is dropped (sharp writes none unless asked). A width larger
 * than the original is not enlarged: that variant holds the original size.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new ImageRejected(415, 'The file is not a JPEG, PNG, WebP or AVIF image.');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, sequentialRead: true };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw rejection(err);
  }
  const declared = meta.format === 'heif' ? 'avif' : meta.format;
  if (declared !== format) throw new ImageRejected(422, 'The image content does not match its format.');
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w * h > MAX_INPUT_PIXELS || w === 0 || h === 0) {
    throw new ImageRejected(422, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  }
  if (Math.max(w, h) > MAX_ASPECT_RATIO * Math.min(w, h)) {
    throw new ImageRejected(
      422,
      `The image is too long and narrow: at most ${MAX_ASPECT_RATIO} times as tall as wide, or as wide as tall.`,
    );
  }
  // Large pictures are decoded one at a time (decode-queue.ts); DecodeBusy when the wait is too long.
  return w * h > LARGE_IMAGE_PIXELS ? largeImages.run(() => render(bytes, format, meta)) : render(bytes, format, meta);
}

async function render(bytes: Buffer, format: ImageFormat, meta: Metadata): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, sequentialRead: true };
  const sharp = await loadSharp();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? h : w;
  const height = rotated ? w : h;
  try {
    // Decoded once (JPEG shrink-on-load makes that cheap), at the largest stored width; the smaller
    // widths are resized from those pixels, not from the file again.
    const largest = Math.max(...IMAGE_WIDTHS);
    // Turned upright only when the picture says it is not (a no-op turn would still hold every decoded
    // pixel in memory instead of streaming them through the resize).
    const upright = (meta.orientation ?? 1) === 1 ? sharp(bytes, options) : sharp(bytes, options).rotate();
    const { data, info } = await upright
      .resize({ width: largest, height: largest * MAX_ASPECT_RATIO, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // One width after the other: three encoders at once would each hold their own buffers and threads.
    const variants: ProcessedImage['variants'] = [];
    for (const target of IMAGE_WIDTHS) {
      const body = await sharp(data, raw)
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
      variants.push({ width: target, body });
    }
    return { format, width, height, variants };
  } catch (err) {
    throw rejection(err);
  }
}

function rejection(err: unknown): ImageRejected {
  if (/pixel limit/i.test(String(err))) {
    return new ImageRejected(422, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  }
  return new ImageRejected(422, 'The image could not be read (damaged or incomplete).');
}
