import type { PublicCorrection } from './corrections-contract.ts';
import type { LiveBlog } from './live-contract.ts';

/** The public news API's JSON shapes (GET /News and GET /News/slug/{slug}); list items omit `content`. */
export interface PublicArticle {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  /** The body's plain text (the article only). */
  content?: string;
  /** The body as HTML, from the one renderer (common/body/render.ts); the article only. */
  bodyHtml?: string;
  /**
   * The words of the body's plain text (common/body/text.ts countWords), counted once when the article
   * is read: the page's reading time and its JSON-LD `wordCount`. The article only, and not for a live
   * blog (its length grows with its entries: no reading time).
   */
  wordCount?: number;
  author: string;
  category: string;
  source: string;
  imageUrl: string | null;
  /** The image's text alternative ('' : none given; the page then says nothing of the picture). */
  imageAlt: string;
  /** Shown under the image with the credit ('' : none). */
  imageCaption: string;
  imageCredit: string;
  /** The image's focal point, 0..1 from the left and the top: every crop keeps it in frame. */
  imageFocalX: number;
  imageFocalY: number;
  originalUrl: string | null;
  publishedAt: string;
  /**
   * The last change readers are told about ("Updated"), when later than publishedAt; else null.
   * An edit the editor marks as minor (a typo) does not move it.
   */
  modifiedAt: string | null;
  isBreaking: boolean;
  /** A live blog whose coverage runs now ("Live" on its card); list items and the article read. */
  isLive?: boolean;
  /** The article read only: the live blog (entries, key events, coverage times); absent otherwise. */
  live?: LiveBlog | null;
  /** The byline's authors in order (`author` is their names as one string); the article read only. */
  authors?: PublicRef[];
  /** The article's tags; the article read only. */
  tags?: PublicRef[];
  /**
   * The title and the description search results and share cards show instead of the headline and
   * the summary (decision 043): the article read only, and only when the newsroom set them.
   */
  metaTitle?: string;
  metaDescription?: string;
  /** The article read only, when it has any: its corrections, newest first (decision 046). */
  corrections?: PublicCorrection[];
}

/** An author or tag as the public site links it: /author/{slug}, /tag/{slug}. */
export interface PublicRef {
  name: string;
  slug: string;
}

/**
 * The cursors of a keyset page's neighbours (GET /News/archive, /News/author/{slug}, /News/tag/{slug}):
 * `older` for `?before=`, `newer` for `?after=`; null at the oldest or the newest story.
 */
export interface PageNeighbours {
  older: string | null;
  newer: string | null;
}

/** GET /News/author/{slug}?before=|after= : the author and one keyset page of their published stories. */
export interface AuthorPage extends PageNeighbours {
  author: PublicRef & { bio: string; photoUrl: string | null; xHandle: string | null };
  articles: PublicArticle[];
}

/** GET /News/tag/{slug}?before=|after= : the tag and one keyset page of its published stories. */
export interface TagPage extends PageNeighbours {
  tag: PublicRef;
  articles: PublicArticle[];
}

export interface NewsList {
  breakingNews: PublicArticle[];
  allArticles: PublicArticle[];
}
