import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { OverlayOptions } from 'sharp';

/**
 * Share cards: a 1200x630 PNG per article for link previews (og:image, feeds). Made from the article's
 * own raster image (cropped to fill), or, when it has none or only a vector image, drawn in the site's
 * look: masthead, category and headline on the tabloid red, in the fonts the site ships (@fontsource).
 * The URL names the article and a hash of what the card shows, so an edit of headline, category or
 * image gives a new URL and an unchanged article keeps its cached card.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const SHARE_CARD_TYPE = 'image/png';
export const SITE_CARD_PATH = '/share-cards/site.png';

export interface ShareCardInput {
  id: number;
  headline: string;
  category: string;
  imageUrl: string | null;
}

export interface ShareCardRef {
  url: string;
  width: number;
  height: number;
  type: string;
}

const RASTER = /\.(png|jpe?g|webp|avif|gif)$/i;

export function shareCardHash(a: ShareCardInput): string {
  return createHash('sha256')
    .update(JSON.stringify([a.headline, a.category, a.imageUrl ?? '']))
    .digest('base64url')
    .replace(/[-_]/g, '')
    .slice(0, 12);
}

/** The card of an article: path (relative to the site origin), size and type, for og:image and feeds. */
export function shareCardFor(a: ShareCardInput): ShareCardRef {
  return {
    url: `/share-cards/${a.id}-${shareCardHash(a)}.png`,
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    type: SHARE_CARD_TYPE,
  };
}

/** The site card for home and section pages. */
export function siteShareCard(): ShareCardRef {
  return { url: SITE_CARD_PATH, width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, type: SHARE_CARD_TYPE };
}

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
const MASTHEAD_FONT = fontFile('@fontsource/anton', 'anton-latin-400-normal.woff');
const HEADLINE_FONT = fontFile('@fontsource/source-serif-4', 'source-serif-4-latin-700-normal.woff');

function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** sharp (and libvips) is loaded with the first card drawn, not at start. */
async function loadSharp() {
  return (await import('sharp')).default;
}

async function textLayer(markup: string, font: string, fontfile: string, width: number, height: number) {
  const sharp = await loadSharp();
  return sharp({ text: { text: markup, font, fontfile, width, height, rgba: true, wrap: 'word' } })
    .png()
    .toBuffer();
}

/** A drawn card: red masthead band, category, headline in white on near-black. */
export async function drawCard(headline: string, category: string, siteName: string): Promise<Buffer> {
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">
      <rect width="100%" height="100%" fill="#111111"/>
      <rect width="100%" height="130" fill="#d6001c"/>
      <rect y="600" width="100%" height="30" fill="#d6001c"/>
    </svg>`,
  );
  const layers: OverlayOptions[] = [
    {
      input: await textLayer(
        `<span foreground="#ffffff">${escapeMarkup(siteName.toUpperCase())}</span>`,
        'Anton',
        MASTHEAD_FONT,
        1100,
        90,
      ),
      top: 20,
      left: 50,
    },
  ];
  if (category) {
    layers.push({
      input: await textLayer(
        `<span foreground="#ff5a6e">${escapeMarkup(category.toUpperCase())}</span>`,
        'Anton',
        MASTHEAD_FONT,
        600,
        44,
      ),
      top: 160,
      left: 50,
    });
  }
  const clipped = headline.length > 160 ? `${headline.slice(0, 157)}…` : headline;
  layers.push({
    input: await textLayer(
      `<span foreground="#ffffff">${escapeMarkup(clipped || siteName)}</span>`,
      'Source Serif 4',
      HEADLINE_FONT,
      1100,
      370,
    ),
    top: 220,
    left: 50,
  });
  const sharp = await loadSharp();
  return sharp(background).composite(layers).png().toBuffer();
}

/** A card from a raster image file: cropped to fill 1200x630 (attention-based crop). */
export async function cardFromImage(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(file)
    .resize(SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#111111' })
    .png()
    .toBuffer();
}

/**
 * Makes and keeps cards on disk (`dir`), once per URL: concurrent requests for the same card share one
 * rendering, later ones read the file. Local images are looked up under `publicDir` (the built front end).
 */
export class ShareCardStore {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly dir: string,
    private readonly publicDir: string,
    private readonly siteName: string,
  ) {}

  /** The PNG bytes of this article's card, rendered on first use. */
  card(a: ShareCardInput): Promise<Buffer> {
    return this.cached(`${a.id}-${shareCardHash(a)}.png`, () => this.render(a));
  }

  siteCard(): Promise<Buffer> {
    return this.cached(
      `site-${shareCardHash({ id: 0, headline: this.siteName, category: '', imageUrl: null })}.png`,
      () => drawCard('Savage News & Scandals', '', this.siteName),
    );
  }

  private cached(name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const running = this.inFlight.get(name);
    if (running) return running;
    const file = path.join(this.dir, name);
    const work = (async () => {
      try {
        return await fs.readFile(file);
      } catch {
        const png = await render();
        await fs.mkdir(this.dir, { recursive: true });
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await fs.writeFile(tmp, png);
        await fs.rename(tmp, file);
        return png;
      }
    })().finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, work);
    return work;
  }

  private async render(a: ShareCardInput): Promise<Buffer> {
    const local = this.localRaster(a.imageUrl);
    if (local) {
      try {
        return await cardFromImage(local);
      } catch {
        // An unreadable image falls back to the drawn card.
      }
    }
    return drawCard(a.headline, a.category, this.siteName);
  }

  /** A raster image served by this site (a path under the public directory), else undefined. */
  private localRaster(imageUrl: string | null): string | undefined {
    if (!imageUrl || !imageUrl.startsWith('/') || imageUrl.startsWith('//') || !RASTER.test(imageUrl)) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(imageUrl.split(/[?#]/)[0]!);
    } catch {
      return undefined;
    }
    const file = path.resolve(this.publicDir, `.${decoded}`);
    return file.startsWith(path.resolve(this.publicDir) + path.sep) ? file : undefined;
  }
}
