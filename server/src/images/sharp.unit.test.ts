import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardFromUpload } from '../share-cards/share-card.ts';
import { loadSharp } from './sharp.ts';

// libvips's settings are the process's: whichever part of the server uses sharp first (here a share
// card, before any upload), the settings of images/sharp.ts hold for all of it.

describe('loadSharp', () => {
  it('turns the operation cache off and uses one thread per picture, whoever loads sharp first', async () => {
    // sharp's default cache, and more than one thread (its default where jemalloc is preloaded).
    sharp.cache(true);
    sharp.concurrency(2);
    expect(sharp.cache().memory.max).toBeGreaterThan(0);
    expect(sharp.concurrency()).toBeGreaterThan(1);

    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d7000f' } })
      .png()
      .toBuffer();
    const card = await cardFromUpload(picture, 0.5, 0.5);
    expect((await sharp(card).metadata()).width).toBe(1200);

    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
    expect(sharp.concurrency()).toBe(1);
    expect(await loadSharp()).toBe(sharp);
  });
});
