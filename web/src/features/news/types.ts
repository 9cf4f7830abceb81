import type { PublicCorrection } from '@common/corrections-contract';
import type { LiveBlog } from '@common/live-contract';

/** A public article after normalisation (docs/product.md, Data). */
export interface Article {
  /** Server id; falls back to Id, then Title, then the list index. */
  id: number | string;
  slug: string;
  headline: string;
  summary: string;
  /** The body's plain text. */
  content: string;
  /**
   * The body as HTML from the one renderer (common/body/render.ts, escaped there): what the page
   * shows. Absent from an older answer: the plain text's paragraphs are shown instead.
   */
  bodyHtml?: string;
  /**
   * The words of the body, counted by the server when it read the article (the page's reading time,
   * '4 min read'); the article page only, and never for a live blog.
   */
  wordCount?: number;
  author: string;
  category: string;
  source: string;
  imageUrl: string | null;
  /** The image's text alternative, caption and credit (left out: none). */
  imageAlt?: string;
  imageCaption?: string;
  imageCredit?: string;
  /** The image's focal point, 0..1 from the left and the top (left out: the centre). */
  imageFocalX?: number;
  imageFocalY?: number;
  originalUrl: string | null;
  publishedAt: string | null;
  /** The last change readers are told about ("Updated"), when later than publishedAt; else null. */
  modifiedAt?: string | null;
  isBreaking: boolean;
  /** A live blog whose coverage runs now (LIVE on its card). */
  isLive?: boolean;
  /** The article page only: its live blog (entries, key events, coverage times); absent: not one. */
  live?: LiveBlog;
  /** The byline's authors (each links to /author/{slug}); the article page only. */
  authors?: PublicRef[];
  /** The article's tags (each links to /tag/{slug}); the article page only. */
  tags?: PublicRef[];
  /** The title search results show instead of the headline (the page's title); the article page only, when set. */
  metaTitle?: string;
  /** The article page only, when it has any: its corrections, newest first. */
  corrections?: PublicCorrection[];
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
