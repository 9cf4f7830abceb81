import type { Article } from '../types';

/** A published article as the public pages get it, for component tests; every field overridable. */
export function publicArticle(over: Partial<Article> = {}): Article {
  return {
    id: 1,
    slug: 'goose-elected',
    headline: 'Goose Elected Mayor',
    summary: 'Honks at the opposition.',
    content: 'The goose won.\n\nNobody was surprised.',
    author: 'Hank Honk',
    category: 'Politics',
    source: 'Pond Wire',
    imageUrl: null,
    originalUrl: null,
    publishedAt: '2026-11-20T10:00:00.000Z',
    isBreaking: false,
    ...over,
  };
}
