import { CATEGORIES } from '@common/categories';
import { focalPercent } from '@common/images';
import { shareCardContent } from '@common/share-card';
import type { FocalPoint } from '@/components/admin/focal-point-picker';
import type { AdminArticle } from '../types.ts';
import { isPublished } from './article-status.ts';
import type { ArticleFormValues } from './article-fields.ts';

/** The text alternative of the card the server made for the saved story. */
export const SAVED_CARD_ALT = "The story's share card, as saved";

/** The card of the site (home and section pages): what an article's card looks like without its picture. */
export const SITE_CARD_URL = '/share-cards/site.png';

/**
 * The picture of the social card preview (decision 043):
 * - `saved`: the share card the server made for the saved article (its og:image), shown while the
 *   form has no unsaved change of what the card is drawn from (headline, section, picture, focal point);
 * - `crop`: the chosen picture, cut to 1.91:1 around its focal point in the browser;
 * - `site`: no picture: the site's card (the server draws the article's own on the same red, with its
 *   section and headline, once it is published).
 * `changed`: the saved card differs from what the form holds now (it is drawn again after saving).
 */
export type DrawnCardImage =
  | { kind: 'crop'; src: string; alt: string; focal: FocalPoint; changed: boolean }
  | { kind: 'site'; src: string; alt: ''; changed: boolean };
/** `fallback`: what is shown when the saved card cannot be loaded. */
export type SocialCardImage = { kind: 'saved'; src: string; alt: string; fallback: DrawnCardImage } | DrawnCardImage;

type CardValues = Pick<ArticleFormValues, 'headline' | 'categoryId' | 'imageUrl' | 'imageAlt'>;

/** What the server draws the card from, for the form's values (its category by name, as the server's). */
function cardContent(v: CardValues, focal: FocalPoint): string {
  const category = CATEGORIES.find((c) => String(c.id) === String(v.categoryId))?.name ?? '';
  return shareCardContent({
    headline: v.headline.trim(),
    category,
    imageUrl: v.imageUrl.trim() || null,
    imageFocalX: focal.x,
    imageFocalY: focal.y,
  });
}

/**
 * Which picture the preview shows. `loaded`: the values the saved version holds; `version`: that
 * version; `focal`: the focal point of the form's picture now (the image field's).
 */
export function socialCardImage({
  article,
  values,
  loaded,
  version,
  focal,
}: {
  article: Pick<AdminArticle, 'id' | 'publishedAt' | 'imageFocalX' | 'imageFocalY'> | undefined;
  values: CardValues;
  loaded: CardValues;
  version: number | undefined;
  focal: FocalPoint;
}): SocialCardImage {
  const savedFocal = { x: article?.imageFocalX ?? 0.5, y: article?.imageFocalY ?? 0.5 };
  const changed = cardContent(values, focal) !== cardContent(loaded, savedFocal);
  const imageUrl = values.imageUrl.trim();
  const alt = imageUrl && values.imageAlt.trim() ? `Card picture: ${values.imageAlt.trim()}` : '';
  // The server makes (and serves) the cards of published articles only. Its URL names a hash of what the
  // card shows; an outdated one is redirected to the current card, which is how the form asks for it
  // without knowing the hash. The query changes with what the card is drawn from, so the browser does
  // not show an image it kept from before a save.
  const published = Boolean(article && isPublished(article.publishedAt));
  const drawn: DrawnCardImage = imageUrl
    ? { kind: 'crop', src: imageUrl, alt, focal, changed: published && changed }
    : { kind: 'site', src: SITE_CARD_URL, alt: '', changed: published && changed };
  if (article && published && !changed) {
    const key = [version ?? 0, focalPercent(savedFocal.x), focalPercent(savedFocal.y)].join('-');
    // Its text alternative does not name the picture: the server draws its own card when it cannot use
    // the article's picture (one on another site, a drawing it does not read).
    return {
      kind: 'saved',
      src: `/share-cards/${article.id}-current.png?v=${key}`,
      alt: SAVED_CARD_ALT,
      fallback: drawn,
    };
  }
  return drawn;
}
