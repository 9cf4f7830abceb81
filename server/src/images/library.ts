import {
  IMAGE_CROPS,
  IMAGE_CROP_WIDTH,
  IMAGE_WIDTHS,
  focalCrop,
  imageCropUrl,
  imageSrcSet,
  imageVariantUrl,
  type ImageCropRatio,
} from '../../../common/images.ts';
import type { ImageRow } from '../db/schema.ts';
import type { ImagesRepository } from '../repositories/images-repository.ts';
import { loadSharp } from './sharp.ts';
import type { ImageStore } from './storage.ts';

/** One picture of the library as the admin API sends it (GET/PATCH /api/admin/images, the upload). */
export interface ImageLibraryItem {
  id: string;
  /** The 960-pixel width (the form's preview). */
  url: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  credit: string;
  focalX: number;
  focalY: number;
  createdAt: string;
  uploadedBy: string | null;
}

export function toLibraryItem(row: ImageRow): ImageLibraryItem {
  const url = imageVariantUrl(row.id, 960);
  return {
    id: row.id,
    url,
    srcset: imageSrcSet(url) ?? '',
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    createdAt: row.created_at,
    uploadedBy: row.uploaded_by,
  };
}

/** The largest stored width of an upload (the crops' source), with its width; undefined when none is stored. */
export async function largestStored(store: ImageStore, id: string): Promise<{ body: Buffer; key: string } | undefined> {
  for (const width of [...IMAGE_WIDTHS].reverse()) {
    const key = `${id}-${width}.webp`;
    const body = await store.get(key);
    if (body) return { body, key };
  }
  return undefined;
}

/**
 * The library row of an upload, made on first use for a picture uploaded before the library (its
 * size read from its largest stored width). Undefined when no width of it is stored.
 */
export async function ensureImageRow(
  images: ImagesRepository,
  store: ImageStore,
  id: string,
): Promise<ImageRow | undefined> {
  const row = await images.get(id);
  if (row) return row;
  const stored = await largestStored(store, id);
  if (!stored) return undefined;
  const sharp = await loadSharp();
  const meta = await sharp(stored.body).metadata();
  return images.insert({ id, width: meta.width ?? 0, height: meta.height ?? 0, uploadedBy: null });
}

/**
 * Cuts a picture to `outWidth` x `outHeight` (never enlarged past the cut, so the result may be
 * smaller at the same ratio) around its focal point: the largest rectangle of that ratio whose
 * centre is as near the focal point as the edges allow (common/images.ts focalCrop), so the focal
 * point is always in the picture.
 */
export async function cropAroundFocalPoint(
  bytes: Buffer,
  outWidth: number,
  outHeight: number,
  focalX: number,
  focalY: number,
): Promise<{ pipeline: import('sharp').Sharp; width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const rect = focalCrop(w, h, outWidth / outHeight, focalX, focalY);
  const width = Math.min(outWidth, rect.width);
  const height = Math.round((width * outHeight) / outWidth);
  const pipeline = sharp(bytes).extract(rect).resize(width, height, { fit: 'fill' });
  return { pipeline, width, height };
}

/** One crop (WebP) of an upload around its focal point: undefined when no width of it is stored. */
export async function renderCrop(
  store: ImageStore,
  row: Pick<ImageRow, 'id' | 'focal_x' | 'focal_y'>,
  ratio: ImageCropRatio,
): Promise<Buffer | undefined> {
  const source = await largestStored(store, row.id);
  if (!source) return undefined;
  const aspect = IMAGE_CROPS[ratio];
  const { pipeline } = await cropAroundFocalPoint(
    source.body,
    IMAGE_CROP_WIDTH,
    Math.round(IMAGE_CROP_WIDTH / aspect),
    Number(row.focal_x),
    Number(row.focal_y),
  );
  return pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
}

/** The stored keys of an image's crops at one focal point (deleted when the focal point moves). */
export function cropKeys(id: string, focalX: number, focalY: number): string[] {
  return (Object.keys(IMAGE_CROPS) as ImageCropRatio[]).map((r) =>
    imageCropUrl(id, r, focalX, focalY).slice('/images/'.length),
  );
}
