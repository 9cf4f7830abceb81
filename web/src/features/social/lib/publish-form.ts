import type { SocialPlatformId } from '@common/social';

export interface TestPublishInput {
  platform: SocialPlatformId;
  message: string;
  persona: string;
  link: string;
}

export interface TestPublishRequest {
  platform: SocialPlatformId;
  message: string;
  persona: string;
  link?: string;
}

/** Message, persona and link trimmed; blank message 'Enter a message'; empty link omitted. */
export function toPublishRequest(
  input: TestPublishInput,
): { ok: true; request: TestPublishRequest } | { ok: false; error: string } {
  const message = input.message.trim();
  if (!message) return { ok: false, error: 'Enter a message' };
  const request: TestPublishRequest = { platform: input.platform, message, persona: input.persona.trim() };
  const link = input.link.trim();
  if (link) request.link = link;
  return { ok: true, request };
}

export interface AutofillArticle {
  headline: string;
  summary: string;
  slug: string;
  publishedAt: string;
}

/** The autofill text: headline, then one line of the summary; the link is the article's public URL. */
export function autofillFrom(article: AutofillArticle, origin: string): { message: string; link: string } {
  const firstLine = (article.summary.split(/\r?\n/).find((l) => l.trim()) ?? '').trim();
  const sentence = firstLine.length > 200 ? `${firstLine.slice(0, 197).trimEnd()}…` : firstLine;
  return {
    message: sentence ? `${article.headline}\n${sentence}` : article.headline,
    link: `${origin}/article/${encodeURIComponent(article.slug)}`,
  };
}

/** The newest published article of a GET /News answer (breaking and other lists together). */
export function newestArticle<T extends { publishedAt: string }>(lists: {
  breakingNews?: T[];
  allArticles?: T[];
}): T | null {
  const all = [...(lists.breakingNews ?? []), ...(lists.allArticles ?? [])].filter((a) => a.publishedAt);
  all.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  return all[0] ?? null;
}
