import fs from 'node:fs/promises';
import opentype from '@shuding/opentype.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_FONTS, CARD_LAYOUT, drawCard, SHARE_CARD_WIDTH } from './share-card.ts';

/**
 * The drawn share card uses the site's own fonts: the glyphs in the card are compared with the glyph
 * outlines read from the font files themselves (ink cropped and scaled to the same box, then pixel by
 * pixel), and a different font (the check's own control) does not pass the same comparison.
 */
type Ink = { width: number; height: number; data: Buffer };

/** The light pixels of a region as a 0/255 mask, cropped to their bounding box. */
async function inkOf(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<Ink> {
  const { data, info } = await sharp(png)
    .extract(region)
    .removeAlpha()
    .grayscale()
    .threshold(160)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [x1, y1, x2, y2] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 0) {
        x1 = Math.min(x1, x);
        y1 = Math.min(y1, y);
        x2 = Math.max(x2, x);
        y2 = Math.max(y2, y);
      }
    }
  }
  expect(x2, 'no ink in the region').toBeGreaterThanOrEqual(0);
  const width = x2 - x1 + 1;
  const height = y2 - y1 + 1;
  const cropped = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extract({ left: x1, top: y1, width, height })
    .extractChannel(0)
    .raw()
    .toBuffer();
  expect(cropped.length).toBe(width * height);
  return { width, height, data: cropped };
}

/** White text from a font file's own outlines, on black: the reference rendering. */
async function reference(fontFile: string, text: string, size: number): Promise<Ink> {
  const file = await fs.readFile(fontFile);
  const font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const path = font.getPath(text, 20, size * 1.2, size);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${Math.ceil(size * 1.6)}"><rect width="100%" height="100%" fill="#000"/><path d="${path.toPathData(2)}" fill="#fff"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return inkOf(png, { left: 0, top: 0, width: SHARE_CARD_WIDTH, height: Math.ceil(size * 1.6) });
}

/** The share of pixels that differ once `b` is scaled to `a`'s box (0: same shapes). */
async function difference(a: Ink, b: Ink): Promise<number> {
  const scaled = await sharp(b.data, { raw: { width: b.width, height: b.height, channels: 1 } })
    .resize(a.width, a.height, { fit: 'fill' })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  expect(scaled.length).toBe(a.data.length);
  let differ = 0;
  let ink = 0;
  for (let i = 0; i < a.data.length; i++) {
    const p = a.data[i]! > 0;
    const q = scaled[i]! > 0;
    if (p || q) ink++;
    if (p !== q) differ++;
  }
  return differ / ink;
}

describe('drawn share cards', () => {
  it('draw the headline in Source Serif 4 Bold and the masthead in Anton, from the site font files', async () => {
    const headline = 'Hamburgefonstiv Quiz';
    const png = await drawCard(headline, '', 'The Daily Smear');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const L = CARD_LAYOUT;
    const drawnHeadline = await inkOf(png, { left: 0, top: L.headlineTop, width: SHARE_CARD_WIDTH, height: 110 });
    const serif = await reference(CARD_FONTS.headline[0], headline, L.headlineSize);
    const anton = await reference(CARD_FONTS.masthead[0], headline, L.headlineSize);
    // Same size as the font's own glyphs (the layout's kerning may move the width by a few pixels).
    expect(Math.abs(drawnHeadline.width - serif.width)).toBeLessThanOrEqual(serif.width * 0.015);
    expect(Math.abs(drawnHeadline.height - serif.height)).toBeLessThanOrEqual(3);
    // Same shapes: few pixels differ; the same text in another font differs a lot.
    expect(await difference(drawnHeadline, serif)).toBeLessThan(0.12);
    expect(await difference(drawnHeadline, anton)).toBeGreaterThan(0.3);

    // The masthead: white Anton capitals on the red band.
    const band = await inkOf(png, { left: 0, top: 0, width: SHARE_CARD_WIDTH, height: L.bandHeight });
    const masthead = await reference(CARD_FONTS.masthead[0], 'THE DAILY SMEAR', L.mastheadSize);
    expect(Math.abs(band.width - masthead.width)).toBeLessThanOrEqual(masthead.width * 0.015);
    expect(await difference(band, masthead)).toBeLessThan(0.12);
  });
});
