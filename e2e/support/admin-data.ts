import type { ArticleInput } from './articles.ts';

const DAY = 24 * 60 * 60 * 1000;
export const LONG_COMMENT =
  'This piece was checked by nobody, approved by a parrot and will be denied by every minister before lunch. Also the photo is upside down.';

/**
 * The admin tests' articles (62): Politics 45 published (5 of them a month old), Technology 8
 * drafts, Sport 6 published, Business 1 published + 2 drafts. Published 52, drafts 10.
 */
export function adminArticles(): ArticleInput[] {
  const old = new Date(Date.now() - 30 * DAY).toISOString();
  const items: ArticleInput[] = [];
  for (let i = 1; i <= 45; i++) {
    items.push({
      headline: `Politics Story ${String(i).padStart(2, '0')}`,
      category: 'Politics',
      ...(i > 40 ? { published_at: old, created_at: old, updated_at: old } : {}),
    });
  }
  for (let i = 1; i <= 8; i++) items.push({ headline: `Tech Draft ${i}`, category: 'Technology', published_at: null });
  for (let i = 1; i <= 6; i++) items.push({ headline: `Sport Story ${i}`, category: 'Sport' });
  items.push({
    headline: 'Business Scoop Of The Year',
    category: 'Business',
    rating: 7,
    comments: LONG_COMMENT,
    source: 'The Wire Desk',
    editor_name: 'Pat Editor',
    original_url: 'https://example.com/original-scoop',
    content: 'First paragraph of the scoop.\n\nSecond paragraph of the scoop.',
    summary: 'A summary of the scoop.',
  });
  items.push({
    headline: 'Business Draft Alpha',
    category: 'Business',
    published_at: null,
    rating: 3,
    comments: 'Needs a fact check.',
  });
  items.push({ headline: 'Business Draft Beta', category: 'Business', published_at: null });
  return items;
}
