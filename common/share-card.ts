import { focalPercent, uploadedImageId } from './images.ts';

/** What an article's share card is drawn from (the server's card, its og:image). */
export interface ShareCardContentInput {
  headline: string;
  category: string;
  imageUrl: string | null;
  /** The image's focal point (0..1; left out: the centre): an uploaded picture is cut around it. */
  imageFocalX?: number;
  imageFocalY?: number;
}

/** The focal point of an uploaded picture in whole percent, when it is not the centre (else undefined). */
export function shareCardFocus(a: ShareCardContentInput): [number, number] | undefined {
  if (!uploadedImageId(a.imageUrl)) return undefined;
  const focus: [number, number] = [focalPercent(a.imageFocalX ?? 0.5), focalPercent(a.imageFocalY ?? 0.5)];
  return focus[0] === 50 && focus[1] === 50 ? undefined : focus;
}

/**
 * What the card shows, as one string: the server names the card's file by a hash of it (a new file
 * when any of it changes), and the article form's card preview compares it to tell whether the saved
 * card is still what the form would make. A focal point other than the centre is part of it (cards made
 * before focal points existed keep their content, and so their file).
 */
export function shareCardContent(a: ShareCardContentInput): string {
  const focus = shareCardFocus(a);
  return JSON.stringify(
    focus ? [a.headline, a.category, a.imageUrl ?? '', focus] : [a.headline, a.category, a.imageUrl ?? ''],
  );
}
