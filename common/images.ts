/**
 * Uploaded images are stored in a few widths under one stable URL pattern:
 * `/images/<id>-<width>.webp`, where id is 32 lowercase hex characters.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOADED = /^\/images\/([0-9a-f]{32})-(\d+)\.webp$/;

/** The URL of one stored width of an uploaded image. */
export function imageVariantUrl(id: string, width: number): string {
  return `/images/${id}-${width}.webp`;
}

/**
 * The srcset of an uploaded image URL (any of its widths), e.g.
 * '/images/ab…-480.webp 480w, /images/ab…-960.webp 960w, /images/ab…-1600.webp 1600w'.
 * Other URLs (outside pictures) have no widths: undefined.
 */
export function imageSrcSet(imageUrl: string | null | undefined): string | undefined {
  const match = imageUrl ? UPLOADED.exec(imageUrl) : null;
  if (!match) return undefined;
  const id = match[1]!;
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(id, w)} ${w}w`).join(', ');
}

/** The id of an uploaded image from the URL of any of its widths; undefined for other URLs. */
export function uploadedImageId(imageUrl: string | null | undefined): string | undefined {
  const match = imageUrl ? UPLOADED.exec(imageUrl) : null;
  return match ? match[1] : undefined;
}

/** The crops of an uploaded image that search engines get (the article's JSON-LD `image`). */
export const IMAGE_CROPS = {
  '16x9': 16 / 9,
  '4x3': 4 / 3,
  '1x1': 1,
} as const;
export type ImageCropRatio = keyof typeof IMAGE_CROPS;
/** Width of each crop (never enlarged past the stored picture). */
export const IMAGE_CROP_WIDTH = 1200;

/** A focal point as a whole percentage (0..100), the form crop URLs carry it in. */
export const focalPercent = (fraction: number): number => Math.min(100, Math.max(0, Math.round(fraction * 100)));

/**
 * The URL of one crop of an uploaded image around its focal point, e.g. `/images/<id>-16x9-30-40.webp`
 * (30 % from the left, 40 % from the top). The focal point is in the name: a new focal point is a new
 * URL, so each name keeps its content for good (served `immutable`).
 */
export function imageCropUrl(id: string, ratio: ImageCropRatio, focalX: number, focalY: number): string {
  return `/images/${id}-${ratio}-${focalPercent(focalX)}-${focalPercent(focalY)}.webp`;
}

/** The CSS `object-position` that keeps a focal point in a cropped box ('50% 50%' is the centre). */
export function objectPosition(focalX: number | undefined, focalY: number | undefined): string {
  return `${focalPercent(focalX ?? 0.5)}% ${focalPercent(focalY ?? 0.5)}%`;
}

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest rectangle of `aspect` (width / height) inside a `width` x `height` picture that has the
 * focal point (fractions) as near its centre as the picture's edges allow: the focal point is always
 * inside it. Whole pixels.
 */
export function focalCrop(width: number, height: number, aspect: number, focalX: number, focalY: number): CropRect {
  let w = width;
  let h = Math.round(width / aspect);
  if (h > height) {
    h = height;
    w = Math.min(width, Math.round(height * aspect));
  }
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const left = clamp(Math.round(focalX * width - w / 2), width - w);
  const top = clamp(Math.round(focalY * height - h / 2), height - h);
  return { left, top, width: w, height: h };
}
