import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { focalCrop, uploadedImageId } from '../../../common/images.ts';
import { shareCardContent, type ShareCardContentInput } from '../../../common/share-card.ts';
import { loadSharp } from '../images/sharp.ts';

/**
 * Share cards: a 1200x630 PNG per article for link previews (og:image, feeds). Made from the article's
 * own raster image (cropped to fill), or, when it has none or only a vector image, drawn in the site's
 * look: masthead, category and headline on the tabloid red, in the fonts the site ships (@fontsource),
 * laid out by satori and rasterised by resvg (decision 022).
 * The URL names the article and a hash of what the card shows, so an edit of headline, category or
 * image gives a new URL and an unchanged article keeps its cached card.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const SHARE_CARD_TYPE = 'image/png';
export const SITE_CARD_PATH = '/share-cards/site.png';

export interface ShareCardInput extends ShareCardContentInput {
  id: number;
}

/** Reads the largest stored width of an uploaded picture (the image store), else undefined. */
export type UploadReader = (id: string) => Promise<Buffer | undefined>;

export interface ShareCardRef {
  url: string;
  width: number;
  height: number;
  type: string;
}

const RASTER = /\.(png|jpe?g|webp|avif|gif)$/i;

export function shareCardHash(a: ShareCardInput): string {
  return createHash('sha256').update(shareCardContent(a)).digest('base64url').replace(/[-_]/g, '').slice(0, 12);
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
/** The site's own fonts (the @fontsource files the front end ships), as WOFF: satori reads WOFF, not WOFF2. */
export const CARD_FONTS = {
  masthead: [
    fontFile('@fontsource/anton', 'anton-latin-400-normal.woff'),
    fontFile('@fontsource/anton', 'anton-latin-ext-400-normal.woff'),
  ],
  headline: [
    fontFile('@fontsource/source-serif-4', 'source-serif-4-latin-700-normal.woff'),
    fontFile('@fontsource/source-serif-4', 'source-serif-4-latin-ext-700-normal.woff'),
  ],
} as const;

/** Where the drawn card puts its text (the test measures the glyphs there). */
export const CARD_LAYOUT = {
  padding: 50,
  bandHeight: 130,
  mastheadSize: 84,
  categoryTop: 160,
  categorySize: 44,
  headlineTop: 225,
  headlineSize: 60,
} as const;

type SatoriFont = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<SatoriFont[]> | undefined;
function loadFonts(): Promise<SatoriFont[]> {
  fonts ??= Promise.all([
    ...CARD_FONTS.masthead.map(async (f) => ({ name: 'Anton', data: await fs.readFile(f), weight: 400 as const })),
    ...CARD_FONTS.headline.map(async (f) => ({
      name: 'Source Serif 4',
      data: await fs.readFile(f),
      weight: 700 as const,
    })),
  ]).then((list) => list.map((f) => ({ ...f, style: 'normal' as const })));
  return fonts;
}

/** An element of the card's layout (satori takes React elements; no JSX in the server). */
const el = (type: 'div', style: CSSProperties, children?: ReactNode): ReactElement =>
  createElement(type, { style }, children);

/**
 * A drawn card: the masthead in Anton on the tabloid red, the section in Anton, the headline in
 * Source Serif 4 Bold, white on near-black: laid out by satori with the site's own font files
 * (glyphs become SVG paths, so no font of the machine is ever used) and rasterised by resvg.
 */
export async function drawCard(headline: string, category: string, siteName: string): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const L = CARD_LAYOUT;
  const clipped = headline.length > 160 ? `${headline.slice(0, 157)}…` : headline;
  const tree = el(
    'div',
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: '#111111',
      position: 'relative',
    },
    [
      el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          height: L.bandHeight,
          paddingLeft: L.padding,
          backgroundColor: '#d6001c',
          color: '#ffffff',
          fontFamily: 'Anton',
          fontSize: L.mastheadSize,
          lineHeight: 1,
        },
        siteName.toUpperCase(),
      ),
      el(
        'div',
        {
          display: 'flex',
          position: 'absolute',
          top: L.categoryTop,
          left: L.padding,
          color: '#ff5a6e',
          fontFamily: 'Anton',
          fontSize: L.categorySize,
          lineHeight: 1,
        },
        category ? category.toUpperCase() : '',
      ),
      el(
        'div',
        {
          display: 'flex',
          position: 'absolute',
          top: L.headlineTop,
          left: L.padding,
          width: SHARE_CARD_WIDTH - 2 * L.padding,
          height: 370,
          color: '#ffffff',
          fontFamily: 'Source Serif 4',
          fontWeight: 700,
          fontSize: L.headlineSize,
          lineHeight: 1.15,
          overflow: 'hidden',
        },
        clipped || siteName,
      ),
      el('div', {
        display: 'flex',
        position: 'absolute',
        bottom: 0,
        left: 0,
        width: SHARE_CARD_WIDTH,
        height: 30,
        backgroundColor: '#d6001c',
      }),
    ],
  );
  const svg = await satori(tree, {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
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
 * A card from an uploaded picture: the largest 1200:630 cut whose centre is as near the focal point
 * as the picture's edges allow (so the focal point is always on the card), scaled to 1200x630.
 */
export async function cardFromUpload(bytes: Buffer, focalX: number, focalY: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  const rect = focalCrop(meta.width ?? 0, meta.height ?? 0, SHARE_CARD_WIDTH / SHARE_CARD_HEIGHT, focalX, focalY);
  return sharp(bytes)
    .extract(rect)
    .resize(SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT, { fit: 'fill' })
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
    /** Uploaded pictures (`/images/<id>-<width>.webp`) are read from the image store. */
    private readonly readUpload?: UploadReader,
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
    const uploaded = uploadedImageId(a.imageUrl);
    if (uploaded && this.readUpload) {
      try {
        const bytes = await this.readUpload(uploaded);
        if (bytes) return await cardFromUpload(bytes, a.imageFocalX ?? 0.5, a.imageFocalY ?? 0.5);
      } catch {
        // An unreadable picture falls back to the drawn card.
      }
    }
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
