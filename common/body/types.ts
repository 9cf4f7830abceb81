/**
 * The stored format of an article body: ProseMirror JSON as Tiptap's `editor.getJSON()` produces it,
 * limited to the nodes, marks and attributes below (decision 032). The admin editor writes it, the
 * server validates it (`validateBody`) and renders it (`renderBodyHtml`); nothing else is stored.
 *
 * Attributes not named here are refused, `null`-valued ones too: a Tiptap extension that adds
 * attributes of its own (Link's `target`/`rel`/`class`, OrderedList's `type`) is configured without
 * them, or the editor drops them before saving.
 */

/** Bold and italic; a link to an http(s) or mailto: URL, or to another article (`/article/…`). */
export type BodyMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | {
      type: 'link';
      attrs: {
        /** http:, https:, mailto: URL, or a site path starting with `/article/`. */
        href: string;
        /** The linked article's id when the editor chose it by headline search; else absent or null. */
        articleId?: number | null;
      };
    };

/** A run of text (never empty) with its marks, each type at most once. */
export interface BodyText {
  type: 'text';
  text: string;
  marks?: BodyMark[];
}

/** A line break inside a paragraph, heading or pull quote (Shift+Enter). */
export interface BodyHardBreak {
  type: 'hardBreak';
}

export type BodyInline = BodyText | BodyHardBreak;

export interface BodyParagraph {
  type: 'paragraph';
  content?: BodyInline[];
}

/** A subheading: h2, or h3 under it (the page's h1 is the headline). */
export interface BodyHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: BodyInline[];
}

/** A list item: a paragraph first, then more paragraphs or nested lists. */
export interface BodyListItem {
  type: 'listItem';
  content: (BodyParagraph | BodyBulletList | BodyOrderedList)[];
}

export interface BodyBulletList {
  type: 'bulletList';
  content: BodyListItem[];
}

export interface BodyOrderedList {
  type: 'orderedList';
  /** `start`: the first number (a whole number from 1); absent means 1. */
  attrs?: { start?: number };
  content: BodyListItem[];
}

/** A quotation of one or more paragraphs. */
export interface BodyBlockquote {
  type: 'blockquote';
  content: BodyParagraph[];
}

/** One short quote set large beside the text. */
export interface BodyPullQuote {
  type: 'pullQuote';
  content?: BodyInline[];
}

export interface BodyHorizontalRule {
  type: 'horizontalRule';
}

/** A picture from the site's image library, with its alternative text, caption and credit. */
export interface BodyImage {
  type: 'image';
  attrs: {
    /** The library image's id: 32 lowercase hex characters (`/images/<id>-<width>.webp`). */
    imageId: string;
    /** What the picture shows, for readers who cannot see it (required, not empty). */
    alt: string;
    /** Shown under the picture ('' for none). */
    caption: string;
    /** Who made it ('' for none). */
    credit: string;
  };
}

/** The providers whose posts can be embedded; each is shown as a link card, never their script. */
export const EMBED_PROVIDERS = ['x', 'youtube'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

/** A post on X or a YouTube video, shown as a card that links to it. */
export interface BodyEmbed {
  type: 'embed';
  attrs: {
    provider: EmbedProvider;
    /** The https URL of the post or video on that provider's site. */
    url: string;
    /** The post's text or the video's title, as pasted. */
    text: string;
    /** A library image shown on the card, else null. */
    thumbnailImageId: string | null;
  };
}

export type BodyBlock =
  | BodyParagraph
  | BodyHeading
  | BodyBulletList
  | BodyOrderedList
  | BodyBlockquote
  | BodyPullQuote
  | BodyHorizontalRule
  | BodyImage
  | BodyEmbed;

/** An article body. An empty body is `{ type: 'doc', content: [] }`. */
export interface BodyDoc {
  type: 'doc';
  content: BodyBlock[];
}

/** The largest body accepted, as serialized JSON in UTF-8 bytes (about 80,000 words of plain text). */
export const BODY_MAX_BYTES = 500_000;

/** Limits of the attribute texts (characters). */
export const BODY_LIMITS = {
  href: 2048,
  embedUrl: 2048,
  embedText: 2000,
  alt: 500,
  caption: 1000,
  credit: 300,
  /** Lists inside lists, at most this deep. */
  listDepth: 8,
} as const;

/** The empty body. */
export function emptyBody(): BodyDoc {
  return { type: 'doc', content: [] };
}

/** Where a refused body went wrong: a JSON path from `body` (`body.content[3].content[0].marks[1].attrs.href`). */
export interface BodyProblem {
  path: string;
  message: string;
}
