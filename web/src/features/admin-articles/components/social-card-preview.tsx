import { useId, useState } from 'react';
import { objectPosition } from '@common/images';
import { getSiteOrigin } from '@/config/app-config';
import type { SocialCardImage } from '../lib/social-card.ts';

export interface SocialCardPreviewProps {
  /** The title and description the page head gives Open Graph and X (the search preview's, with its fallbacks). */
  title: string;
  description: string;
  image: SocialCardImage;
}

/** The host of the site's address ('news.example'), as a link card names the site. */
function siteDomain(): string {
  try {
    return new URL(getSiteOrigin()).host;
  } catch {
    return '';
  }
}

/**
 * A large-image link card as X and Facebook draw one from the page's Open Graph tags (decision 043):
 * the 1200x630 picture, the site's domain, the title on one line and the description on two.
 */
export function SocialCardPreview({ title, description, image }: SocialCardPreviewProps) {
  const id = useId();
  // The saved card could not be loaded (e.g. the article was unpublished meanwhile): the picture as the
  // form has it, cut in the browser.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = image.kind === 'saved' && failed === image.src ? image.fallback : image;
  const note = shown.kind !== 'saved' && shown.changed;
  return (
    <figure className="search-social__preview social-card" aria-labelledby={`${id}-caption`}>
      <figcaption>
        <h2 id={`${id}-caption`} className="search-social__preview-heading">
          Social card preview
        </h2>
      </figcaption>
      <div className="social-card__card">
        <img
          className="social-card__image"
          src={shown.src}
          alt={shown.alt}
          style={shown.kind === 'crop' ? { objectPosition: objectPosition(shown.focal.x, shown.focal.y) } : undefined}
          onError={shown.kind === 'saved' ? () => setFailed(shown.src) : undefined}
        />
        <div className="social-card__text">
          <p className="social-card__domain">{siteDomain()}</p>
          <p className="social-card__title">{title}</p>
          <p className="social-card__description">{description}</p>
        </div>
      </div>
      {note ? <p className="admin-form__hint">Changes show on the card after saving.</p> : null}
    </figure>
  );
}
