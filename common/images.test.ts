import { describe, expect, it } from 'vitest';
import { IMAGE_CROPS, focalCrop, imageCropUrl, objectPosition } from './images.ts';

describe('focal-point crops', () => {
  const sizes = [
    [1600, 900],
    [900, 1600],
    [1200, 1200],
    [1600, 400],
    [401, 1603],
  ] as const;
  const points = [0, 0.03, 0.25, 0.5, 0.77, 0.97, 1];

  it('the largest rectangle of each ratio, inside the picture, with the focal point in it', () => {
    for (const [w, h] of sizes) {
      for (const aspect of [...Object.values(IMAGE_CROPS), 1200 / 630]) {
        for (const fx of points) {
          for (const fy of points) {
            const r = focalCrop(w, h, aspect, fx, fy);
            const where = `${w}x${h} @${aspect.toFixed(2)} (${fx}, ${fy}): ${JSON.stringify(r)}`;
            expect(r.left, where).toBeGreaterThanOrEqual(0);
            expect(r.top, where).toBeGreaterThanOrEqual(0);
            expect(r.left + r.width, where).toBeLessThanOrEqual(w);
            expect(r.top + r.height, where).toBeLessThanOrEqual(h);
            // As large as the picture allows: one side is the picture's.
            expect(r.width === w || r.height === h, where).toBe(true);
            expect(Math.abs(r.width / r.height - aspect), where).toBeLessThan(0.02);
            // The focal point is inside.
            expect(fx * w, where).toBeGreaterThanOrEqual(r.left);
            expect(fx * w, where).toBeLessThanOrEqual(r.left + r.width);
            expect(fy * h, where).toBeGreaterThanOrEqual(r.top);
            expect(fy * h, where).toBeLessThanOrEqual(r.top + r.height);
          }
        }
      }
    }
  });

  it('centres on the focal point when the edges allow', () => {
    // 1600x900 to 1:1 is a 900x900 square; focal x 0.5 gives 350..1250, 0.3 gives 480 - 450 = 30.
    expect(focalCrop(1600, 900, 1, 0.5, 0.5)).toEqual({ left: 350, top: 0, width: 900, height: 900 });
    expect(focalCrop(1600, 900, 1, 0.3, 0.5)).toEqual({ left: 30, top: 0, width: 900, height: 900 });
    expect(focalCrop(1600, 900, 1, 0.95, 0.5)).toEqual({ left: 700, top: 0, width: 900, height: 900 });
  });

  it('names crops by the focal point in whole percent, and gives CSS object-position', () => {
    expect(imageCropUrl('ab', '16x9', 0.254, 1)).toBe('/images/ab-16x9-25-100.webp');
    expect(objectPosition(0.3, 0.755)).toBe('30% 76%');
    expect(objectPosition(undefined, undefined)).toBe('50% 50%');
  });
});
