import { describe, expect, it } from 'vitest';
import { ALT_REQUIRED, emptyForm, fieldErrorsFromProblem, formToPayload, validateForm } from './article-fields.ts';

const withImage = { ...emptyForm(), headline: 'Goat', categoryId: '1', imageUrl: '/images/goat.webp' };

describe('the image description in the form', () => {
  it('a draft saves without it; a public or scheduled article needs it, next to the field', () => {
    expect(validateForm(withImage).imageAlt).toBeUndefined();
    expect(validateForm(withImage, { goesPublic: true }).imageAlt).toBe(ALT_REQUIRED);
    expect(validateForm({ ...withImage, imageAlt: '   ' }, { goesPublic: true }).imageAlt).toBe(ALT_REQUIRED);
    expect(validateForm({ ...withImage, imageAlt: 'A goat' }, { goesPublic: true }).imageAlt).toBeUndefined();
    // No image, nothing to describe.
    expect(validateForm({ ...withImage, imageUrl: '' }, { goesPublic: true }).imageAlt).toBeUndefined();
    // An article published before descriptions existed keeps its picture as it is; a new picture needs one.
    expect(validateForm(withImage, { goesPublic: true, legacyImage: '/images/goat.webp' }).imageAlt).toBeUndefined();
    expect(
      validateForm(
        { ...withImage, imageUrl: '/images/sheep.webp' },
        { goesPublic: true, legacyImage: '/images/goat.webp' },
      ).imageAlt,
    ).toBe(ALT_REQUIRED);
    expect(validateForm({ ...withImage, imageCredit: 'x'.repeat(301) }).imageCredit).toMatch(/at most 300/);
  });

  it("sends the description trimmed, and shows the server's refusal next to the field", () => {
    const body = formToPayload({ ...withImage, imageAlt: ' A goat ', imageCaption: ' Caption ', imageCredit: '' });
    expect(body).toMatchObject({ imageAlt: 'A goat', imageCaption: 'Caption', imageCredit: '' });
    const { fields } = fieldErrorsFromProblem({
      errors: [
        { in: 'body', name: 'imageAlt', message: 'is required to publish or schedule an article with an image' },
      ],
    });
    expect(fields.imageAlt).toBe('Is required to publish or schedule an article with an image');
  });
});
