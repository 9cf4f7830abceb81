import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '../../../common/images.ts';

let loaded: Promise<typeof import('sharp')> | undefined;
/** sharp (and libvips) is loaded on the first upload, not at start: readers never need it. */
async function loadSharp(): Promise<typeof import('sharp')> {
  loaded ??= import('sharp').then((mod) => {
    // Every upload is a different picture: sharp's operation cache would only hold memory.
    mod.default.cache(false);
    return mod;
  });
  return loaded;
}

/** The accepted formats, recognised by their first bytes (never by the file name or the declared type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Largest accepted image in pixels (width x height): a decompression bomb is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

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
  const { default: sharp } = await loadSharp();
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
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? h : w;
  const height = rotated ? w : h;
  try {
    // Decoded once (JPEG shrink-on-load makes that cheap), at the largest stored width; the smaller
    // widths are resized from those pixels, not from the file again.
    const largest = Math.max(...IMAGE_WIDTHS);
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (target) => ({
        width: target,
        body: await sharp(data, raw)
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80, effort: 2 })
          .toBuffer(),
      })),
    );
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
