import type { Selectable } from 'kysely';

/** `images` (migration 036-described-images): the picture library, one row per upload. */
export interface ImageTable {
  /** The upload's id (32 hex): its files are `<id>-<width>.webp`. */
  id: string;
  /** The uploaded picture's size (upright). */
  width: number;
  height: number;
  /** The library's description, offered when the picture is chosen for an article ('' : none). */
  alt: string;
  caption: string;
  credit: string;
  /** The focal point, 0..1 from the left and from the top (0.5: the centre): every crop keeps it in frame. */
  focal_x: number;
  focal_y: number;
  created_at: string;
  /** Display name of the editor who uploaded it (null: unknown, a picture older than the library). */
  uploaded_by: string | null;
}

export type ImageRow = Selectable<ImageTable>;
