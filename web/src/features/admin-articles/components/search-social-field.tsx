import { useEffect, useId, useState } from 'react';
import { articleDescription, searchSocialText } from '@common/search-social';
import { characterCount } from '@common/text-length';
import { countText } from '@/components/admin/character-count';
import { getSiteOrigin } from '@/config/app-config';
import { parseBody } from '@/lib/admin-body/body-doc';
import { bodyText } from '../lib/body-text.ts';
import { FIELD_LABELS, LIMITS } from '../lib/article-fields.ts';
import type { SocialCardImage } from '../lib/social-card.ts';
import { SocialCardPreview } from './social-card-preview.tsx';
import './search-social-field.css';

export type SearchSocialFieldName = 'metaTitle' | 'metaDescription';

export interface SearchSocialFieldProps {
  metaTitle: string;
  metaDescription: string;
  /** The fallbacks: the headline, the summary and the body (JSON text) as the form holds them now. */
  headline: string;
  summary: string;
  body: string;
  /** The article's address as it will be after a save (its slug). */
  slug: string;
  /** The social card's picture (lib/social-card.ts). */
  cardImage: SocialCardImage;
  errors?: Partial<Record<SearchSocialFieldName, string>>;
  disabled?: boolean;
  onChange(field: SearchSocialFieldName, value: string): void;
}

/** How close to the limit the count starts being announced. */
const NEAR = { metaTitle: 10, metaDescription: 20 } as const;

/** What search results show without a description of their own (the page head's rule), on one line. */
export function fallbackDescription(summary: string, body: string, headline: string): string {
  return searchSocialText(articleDescription({ summary, bodyText: bodyText(parseBody(body)), headline }));
}

/**
 * The "Search and social" section of the edit form (decision 043): the title and the description
 * that search results and share cards show instead of the headline and the summary, each with a
 * count, and previews of the search result and of the share card. Closed until a field is filled
 * or has a problem.
 */
export function SearchSocialField({
  metaTitle,
  metaDescription,
  headline,
  summary,
  body,
  slug,
  cardImage,
  errors = {},
  disabled = false,
  onChange,
}: SearchSocialFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(() => Boolean(metaTitle.trim() || metaDescription.trim()));
  const hasError = Boolean(errors.metaTitle || errors.metaDescription);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);

  const titleFallback = searchSocialText(headline);
  const descriptionFallback = fallbackDescription(summary, body, headline);
  const shownTitle = searchSocialText(metaTitle) || titleFallback || 'Headline';
  const shownDescription = searchSocialText(metaDescription) || descriptionFallback;
  const address = `${getSiteOrigin()}/article/${slug || '…'}`;

  const input = (name: SearchSocialFieldName, placeholder: string, multiline: boolean) => {
    const fieldId = `${id}-${name}`;
    const value = name === 'metaTitle' ? metaTitle : metaDescription;
    const max = LIMITS[name];
    // Counted as the server counts: on one line, trimmed, in characters (common/text-length.ts).
    const length = characterCount(searchSocialText(value));
    const count = countText(length, max, NEAR[name]);
    const error = errors[name];
    const describedBy = [`${fieldId}-count`, error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
    const props = {
      id: fieldId,
      name,
      className: multiline ? 'admin-input admin-textarea' : 'admin-input',
      value,
      placeholder,
      disabled,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    };
    return (
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={fieldId}>
          {FIELD_LABELS[name]}
        </label>
        {multiline ? (
          <textarea {...props} rows={3} onChange={(e) => onChange(name, e.target.value)} />
        ) : (
          <input {...props} type="text" onChange={(e) => onChange(name, e.target.value)} />
        )}
        <p
          id={`${fieldId}-count`}
          className={`search-social__count${length > max ? ' search-social__count--over' : ''}`}
        >
          {count.shown}
        </p>
        <p className="admin-sr-only" aria-live="polite">
          {count.announced}
        </p>
        {error ? (
          <p id={`${fieldId}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <details className="search-social" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="search-social__summary">Search and social</summary>
      <div className="search-social__body">
        <p className="admin-form__hint">
          What search results and share cards on Facebook and X show. Left empty, they show the headline and the
          summary.
        </p>
        {input('metaTitle', titleFallback, false)}
        {input('metaDescription', descriptionFallback, true)}
        {/* Drawn while the section is open only: closed, its copy of the summary would be a second one in the page. */}
        {open ? (
          <section className="search-social__preview" aria-labelledby={`${id}-preview`}>
            <h2 id={`${id}-preview`} className="search-social__preview-heading">
              Search result preview
            </h2>
            <p className="search-social__preview-title">{shownTitle}</p>
            <p className="search-social__preview-address">{address}</p>
            <p className="search-social__preview-description">{shownDescription}</p>
          </section>
        ) : null}
        {open ? <SocialCardPreview title={shownTitle} description={shownDescription} image={cardImage} /> : null}
      </div>
    </details>
  );
}
