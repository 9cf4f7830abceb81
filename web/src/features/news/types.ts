/** A public article after normalisation (docs/product.md, Data). */
export interface Article {
  /** Server id; falls back to Id, then Title, then the list index. */
  id: number | string;
  slug: string;
  headline: string;
  summary: string;
  content: string;
  author: string;
  category: string;
  source: string;
  imageUrl: string | null;
  originalUrl: string | null;
  publishedAt: string | null;
  /** The last change readers are told about ("Updated"), when later than publishedAt; else null. */
  modifiedAt?: string | null;
  isBreaking: boolean;
  /** The byline's authors (each links to /author/{slug}); the article page only. */
  authors?: PublicRef[];
  /** The article's tags (each links to /tag/{slug}); the article page only. */
  tags?: PublicRef[];
}

/** An author or a tag as the public pages link it. */
export interface PublicRef {
  name: string;
  slug: string;
}

export interface NewsList {
  breakingNews: Article[];
  allArticles: Article[];
}

/** A list result: a failed fetch is an empty list plus the error message. */
export interface NewsResult extends NewsList {
  error?: string;
}

export interface ArticleResult {
  article: Article | null;
  error?: string;
}
