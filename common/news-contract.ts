/** The public news API's JSON shapes (GET /News and GET /News/slug/{slug}); list items omit `content`. */
export interface PublicArticle {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  content?: string;
  author: string;
  category: string;
  source: string;
  imageUrl: string | null;
  originalUrl: string | null;
  publishedAt: string;
  isBreaking: boolean;
}

export interface NewsList {
  breakingNews: PublicArticle[];
  allArticles: PublicArticle[];
}
