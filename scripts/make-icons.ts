// `npm run icons`: draws the site's icons into web/public from the mark (a white Anton "S" on the
// tabloid red) and writes them there, to be committed: favicon.svg, favicon.ico (32 and 48 px),
// apple-touch-icon.png (180 px, opaque), icons/icon-192.png, icons/icon-512.png and
// icons/icon-maskable-512.png (the letter inside the inner 80% circle, the maskable safe zone).
// The letter is the glyph outline read from the font file the front end ships (@fontsource/anton),
// so every icon looks the same on every machine, with no font installed and nothing downloaded.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from '@shuding/opentype.js';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public');
/** The brand red (--color-tabloid-red in web/src/styles/index.css). */
export const MARK_RED = '#D7000F';

/** Height of the letter as a share of the icon's side: large for tabs, smaller where the platform crops. */
export const LETTER_HEIGHT = { tab: 0.72, touch: 0.6, maskable: 0.5 } as const;

type Glyph = { d: string; width: number; height: number };

async function letterS(): Promise<Glyph> {
  const file = await fs.readFile(require.resolve('@fontsource/anton/files/anton-latin-400-normal.woff'));
  const font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  // Drawn at 1000 units so the outline keeps its detail when scaled down in the SVG; the ink's exact
  // box is measured on a rendering (a curve's control points lie outside it).
  const d = font.getPath('S', 500, 1500, 1000).toPathData(1);
  const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><path d="${d}"/></svg>`;
  const { info } = await sharp(Buffer.from(probe)).trim({ threshold: 0 }).png().toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  return { d: font.getPath('S', 500 - left, 1500 - top, 1000).toPathData(1), width: info.width, height: info.height };
}

/** The mark as an SVG of `size` px with the letter `share` of its height, centred. */
export function markSvg(glyph: Glyph, size: number, share: number): string {
  const scale = (size * share) / glyph.height;
  const x = (size - glyph.width * scale) / 2;
  const y = (size - glyph.height * scale) / 2;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${MARK_RED}"/>` +
    `<path transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})" fill="#fff" d="${glyph.d}"/>` +
    `</svg>`
  );
}

/** An opaque PNG (no alpha channel: iOS fills transparency black) of the mark, `size` px square. */
async function png(glyph: Glyph, size: number, share: number): Promise<Buffer> {
  return sharp(Buffer.from(markSvg(glyph, size, share)))
    .removeAlpha()
    .png({ compressionLevel: 9, palette: true, colours: 64 })
    .toBuffer();
}

/** The mark as the 32-bit RGBA PNG an ICO entry declares (Windows reads no palette PNG there). */
async function icoPng(glyph: Glyph, size: number): Promise<Buffer> {
  return sharp(Buffer.from(markSvg(glyph, size, LETTER_HEIGHT.tab)))
    .ensureAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads them). */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png: data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main(): Promise<void> {
  const glyph = await letterS();
  const write = async (rel: string, body: Buffer | string) => {
    const file = path.join(PUBLIC_DIR, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    console.log(`${rel}: ${Buffer.byteLength(body)} bytes`);
  };
  await write('favicon.svg', markSvg(glyph, 32, LETTER_HEIGHT.tab) + '\n');
  await write(
    'favicon.ico',
    icoOf([
      { size: 32, png: await icoPng(glyph, 32) },
      { size: 48, png: await icoPng(glyph, 48) },
    ]),
  );
  await write('apple-touch-icon.png', await png(glyph, 180, LETTER_HEIGHT.touch));
  await write('icons/icon-192.png', await png(glyph, 192, LETTER_HEIGHT.touch));
  await write('icons/icon-512.png', await png(glyph, 512, LETTER_HEIGHT.touch));
  await write('icons/icon-maskable-512.png', await png(glyph, 512, LETTER_HEIGHT.maskable));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
