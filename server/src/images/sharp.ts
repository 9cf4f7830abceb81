/**
 * sharp (and libvips), loaded on first use, never at start: readers' pages never need it. Every part
 * of the server that handles pictures (uploads, crops, share cards, the demo pictures) loads it here,
 * so its settings hold whichever comes first:
 * - no operation cache: every upload is a different picture, and libvips's cache (50 MB by default)
 *   would only hold memory;
 * - one libvips worker thread per picture: each thread holds its own tile buffers, and pictures are
 *   rare next to page reads (a large picture's resize takes a little longer, at less memory).
 */
let loaded: Promise<typeof import('sharp').default> | undefined;

export function loadSharp(): Promise<typeof import('sharp').default> {
  // eslint-disable-next-line no-restricted-syntax -- the one place the server loads sharp
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
