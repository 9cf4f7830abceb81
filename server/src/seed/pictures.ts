import { createHash } from 'node:crypto';
import type { ImageStore } from '../images/storage.ts';
import { processImage } from '../images/process.ts';
import { loadSharp } from '../images/sharp.ts';
import type { ImagesRepository } from '../repositories/images-repository.ts';

/** A library id that never changes for a demo picture: the same on every fresh database. */
const demoId = (name: string) => createHash('sha256').update(`daily-smear-demo:${name}`).digest('hex').slice(0, 32);

/** The demo bodies' pictures: drawn here (no file to ship), stored as uploads are. */
export const DEMO_PICTURES = {
  /** A row of chairs and one very determined minister. */
  chairs: { id: demoId('chairs'), width: 1600, height: 900 },
  /** The card picture of the demo embed. */
  podium: { id: demoId('podium'), width: 1280, height: 720 },
} as const;

function chairsSvg(): string {
  const chairs = [0, 1, 2, 3]
    .map(
      (i) =>
        `<g transform="translate(${260 + i * 300} 430)"><rect width="150" height="30" fill="#111"/><rect x="0" y="-170" width="26" height="200" fill="#111"/><rect x="6" y="30" width="16" height="180" fill="#111"/><rect x="128" y="30" width="16" height="180" fill="#111"/></g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"><rect width="1600" height="900" fill="#ffe500"/><circle cx="1380" cy="180" r="110" fill="#d7000f"/><rect y="640" width="1600" height="260" fill="#eeeeee"/>${chairs}<path d="M120 300 q60 -80 120 0 t120 0" stroke="#d7000f" stroke-width="14" fill="none"/></svg>`;
}

function podiumSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720"><rect width="1280" height="720" fill="#111111"/><rect x="440" y="300" width="400" height="420" fill="#d7000f"/><rect x="600" y="180" width="80" height="140" fill="#ffe500"/><circle cx="640" cy="150" r="50" fill="#ffffff"/></svg>`;
}

/**
 * Stores the demo pictures (every width) unless they are there already, and gives each its library
 * row as an upload does (its size is what readers' pages give the picture). Needs sharp, as uploads do.
 */
export async function storeDemoPictures(store: ImageStore, images: ImagesRepository): Promise<void> {
  const sharp = await loadSharp();
  for (const [picture, svg] of [
    [DEMO_PICTURES.chairs, chairsSvg()],
    [DEMO_PICTURES.podium, podiumSvg()],
  ] as const) {
    if (!(await store.get(`${picture.id}-480.webp`))) {
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const processed = await processImage(png);
      for (const v of processed.variants) await store.put(`${picture.id}-${v.width}.webp`, v.body, 'image/webp');
    }
    await images.insert({ id: picture.id, width: picture.width, height: picture.height, uploadedBy: null });
  }
}
