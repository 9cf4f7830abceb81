export interface ShareInput {
  /** The page's absolute URL. */
  url: string;
  /** The text: the article's headline. */
  title: string;
  /** The second text: the article's summary (optional). */
  description?: string | null;
}

export interface ShareLinks {
  facebook: string;
  twitter: string;
  email: string;
}

/**
 * mailto link (RFC 6068): subject = the text; body = the second text falling back to the
 * first, a blank line, then the URL. Line breaks are CRLF; everything is percent-encoded.
 */
export function buildMailtoLink({ url, title, description }: ShareInput): string {
  const body = `${description?.trim() ? description : title}\r\n\r\n${url}`;
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}

/** The share link set: Facebook sharer, X tweet intent and e-mail, built from url, title and description. */
export function buildShareLinks(input: ShareInput): ShareLinks {
  const url = encodeURIComponent(input.url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(input.title)}`,
    email: buildMailtoLink(input),
  };
}
