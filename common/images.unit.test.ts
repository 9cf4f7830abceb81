import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl, uploadedImageId } from './images.ts';

describe('imageSrcSet', () => {
  const id = 'a'.repeat(32);
  it('lists every stored width of an uploaded image, whichever width the URL names', () => {
    const expected = `/images/${id}-480.webp 480w, /images/${id}-960.webp 960w, /images/${id}-1600.webp 1600w`;
    expect(imageSrcSet(imageVariantUrl(id, 1600))).toBe(expected);
    expect(imageSrcSet(`/images/${id}-480.webp`)).toBe(expected);
  });
  it('gives nothing for other pictures and for no picture', () => {
    expect(imageSrcSet('/images/demo/goose.jpg')).toBeUndefined();
    expect(imageSrcSet(`https://cdn.example.com/images/${id}-480.webp`)).toBeUndefined();
    expect(imageSrcSet(`/images/${id.toUpperCase()}-480.webp`)).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
    expect(imageSrcSet('')).toBeUndefined();
  });
});

describe('uploadedImageId', () => {
  it('is the id of an uploaded image, from any width, and nothing for other URLs', () => {
    const id = 'b'.repeat(32);
    expect(uploadedImageId(imageVariantUrl(id, 480))).toBe(id);
    expect(uploadedImageId(imageVariantUrl(id, 1600))).toBe(id);
    expect(uploadedImageId('/images/demo/goose.jpg')).toBeUndefined();
    expect(uploadedImageId(`https://cdn.example.com/images/${id}-480.webp`)).toBeUndefined();
    expect(uploadedImageId(null)).toBeUndefined();
  });
});
