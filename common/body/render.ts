import { IMAGE_WIDTHS, imageVariantUrl } from '../images.ts';
import type {
  BodyBlock,
  BodyDoc,
  BodyEmbed,
  BodyImage,
  BodyInline,
  BodyListItem,
  BodyMark,
  EmbedProvider,
} from './types.ts';

/** How wide a body picture is shown (the article's text column, at most 68ch ≈ 42rem). */
export const BODY_IMAGE_SIZES = '(min-width: 46rem) 42rem, calc(100vw - 2rem)';

/** A picture's size in pixels, when the library knows it (for width/height, so nothing moves). */
export interface BodyImageSize {
  width: number;
  height: number;
}

export interface RenderOptions {
  /**
   * The site's origin (`https://dailysmear.example`): pictures and article links become absolute
   * URLs (feeds). Without it they stay site paths (pages).
   */
  origin?: string;
  /** The size of a library image, if known. */
  imageSize?: (imageId: string) => BodyImageSize | undefined;
  /**
   * Pictures among the first this many blocks load at once (they are likely on the first screen);
   * later ones are `loading="lazy"`. Default 3.
   */
  eagerBlocks?: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const PROVIDER_NAMES: Record<EmbedProvider, string> = { x: 'X', youtube: 'YouTube' };

/** The name a reader knows a provider by. */
export function embedProviderName(provider: EmbedProvider): string {
  return PROVIDER_NAMES[provider];
}

/**
 * The one renderer of an article body (decision 032): a valid doc to HTML, on the server or in the
 * browser (no DOM). Every text and attribute is escaped; only the format's own elements are written.
 * External links get `rel="external nofollow noopener noreferrer"`; pictures a `<figure>` with their
 * widths, alternative text, caption and credit; an embed a card that links to the post, with no
 * script or frame of the provider.
 */
export function renderBodyHtml(doc: BodyDoc, options: RenderOptions = {}): string {
  const r = new Renderer(options);
  return doc.content.map((block, i) => r.block(block, i)).join('');
}

class Renderer {
  private readonly origin: string;
  private readonly eagerBlocks: number;

  constructor(private readonly options: RenderOptions) {
    this.origin = (options.origin ?? '').replace(/\/+$/, '');
    this.eagerBlocks = options.eagerBlocks ?? 3;
  }

  /** A site path as the output wants it (absolute with an origin). */
  private site(path: string): string {
    return this.origin + path;
  }

  block(block: BodyBlock, index: number): string {
    switch (block.type) {
      case 'paragraph':
        return `<p>${this.inline(block.content)}</p>`;
      case 'heading': {
        const tag = block.attrs.level === 3 ? 'h3' : 'h2';
        return `<${tag}>${this.inline(block.content)}</${tag}>`;
      }
      case 'bulletList':
        return `<ul>${block.content.map((item) => this.item(item)).join('')}</ul>`;
      case 'orderedList': {
        const start = block.attrs?.start ?? 1;
        return `<ol${start !== 1 ? ` start="${start}"` : ''}>${block.content.map((item) => this.item(item)).join('')}</ol>`;
      }
      case 'blockquote':
        return `<blockquote>${block.content.map((p) => `<p>${this.inline(p.content)}</p>`).join('')}</blockquote>`;
      case 'pullQuote':
        return `<blockquote class="pull-quote"><p>${this.inline(block.content)}</p></blockquote>`;
      case 'horizontalRule':
        return '<hr>';
      case 'image':
        return this.image(block, index);
      case 'embed':
        return this.embed(block, index);
      default:
        return '';
    }
  }

  private item(item: BodyListItem): string {
    const inner = item.content
      .map((child) =>
        child.type === 'paragraph' ? `<p>${this.inline(child.content)}</p>` : this.block(child, Infinity),
      )
      .join('');
    return `<li>${inner}</li>`;
  }

  private picture(imageId: string, alt: string, index: number, extra = ''): string {
    const src = escapeHtml(this.site(imageVariantUrl(imageId, 960)));
    const srcset = IMAGE_WIDTHS.map((w) => `${this.site(imageVariantUrl(imageId, w))} ${w}w`).join(', ');
    const size = this.options.imageSize?.(imageId);
    const dims = size ? ` width="${Math.round(size.width)}" height="${Math.round(size.height)}"` : '';
    const loading = index < this.eagerBlocks ? '' : ' loading="lazy"';
    return `<img src="${src}" srcset="${escapeHtml(srcset)}" sizes="${BODY_IMAGE_SIZES}" alt="${escapeHtml(alt)}"${dims}${loading} decoding="async"${extra}>`;
  }

  private image(block: BodyImage, index: number): string {
    const { imageId, alt, caption, credit } = block.attrs;
    const parts: string[] = [];
    if (caption) parts.push(`<span class="caption">${escapeHtml(caption)}</span>`);
    if (credit) parts.push(`<span class="credit">${escapeHtml(credit)}</span>`);
    const figcaption = parts.length ? `<figcaption>${parts.join(' ')}</figcaption>` : '';
    return `<figure class="body-image">${this.picture(imageId, alt, index)}${figcaption}</figure>`;
  }

  private embed(block: BodyEmbed, index: number): string {
    const { provider, url, text, thumbnailImageId } = block.attrs;
    const name = embedProviderName(provider);
    const thumb = thumbnailImageId ? this.picture(thumbnailImageId, '', index) : '';
    const quote = text ? `<span class="embed-text">${escapeHtml(text)}</span>` : '';
    return (
      `<figure class="embed-card embed-${provider}">` +
      `<a href="${escapeHtml(url)}" rel="external nofollow noopener noreferrer">` +
      thumb +
      `<span class="embed-body"><span class="embed-provider">${provider === 'youtube' ? 'Watch on' : 'View on'} ${name}</span>${quote}</span>` +
      `</a></figure>`
    );
  }

  /** Inline content: consecutive runs with the same link become one <a>; bold and italic inside it. */
  inline(content: BodyInline[] | undefined): string {
    if (!content || content.length === 0) return '';
    let out = '';
    let i = 0;
    while (i < content.length) {
      const link = linkOf(content[i]!);
      if (!link) {
        out += this.run(content[i]!);
        i++;
        continue;
      }
      let inner = '';
      while (i < content.length && linkOf(content[i]!)?.attrs.href === link.attrs.href) {
        inner += this.run(content[i]!);
        i++;
      }
      out += `<a href="${escapeHtml(this.href(link.attrs.href))}"${relOf(link.attrs.href, this.origin)}>${inner}</a>`;
    }
    return out;
  }

  private run(node: BodyInline): string {
    if (node.type === 'hardBreak') return '<br>';
    let html = escapeHtml(node.text);
    const marks = node.marks ?? [];
    if (marks.some((m) => m.type === 'italic')) html = `<em>${html}</em>`;
    if (marks.some((m) => m.type === 'bold')) html = `<strong>${html}</strong>`;
    return html;
  }

  private href(href: string): string {
    return href.startsWith('/') ? this.site(href) : href;
  }
}

type LinkMark = Extract<BodyMark, { type: 'link' }>;

function linkOf(node: BodyInline): LinkMark | undefined {
  if (node.type !== 'text') return undefined;
  return node.marks?.find((m): m is LinkMark => m.type === 'link');
}

/** Links off the site get rel; site paths, links to the site's own origin and mailto: none. */
function relOf(href: string, origin: string): string {
  if (href.startsWith('/') || href.startsWith('mailto:')) return '';
  if (origin && (href === origin || href.startsWith(`${origin}/`))) return '';
  return ' rel="external nofollow noopener noreferrer"';
}
