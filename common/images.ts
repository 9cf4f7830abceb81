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
