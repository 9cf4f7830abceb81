import { describe, expect, it } from 'vitest';
import { shareCardContent } from './share-card.ts';

const UPLOADED = '/images/0123456789abcdef0123456789abcdef-1200.webp';

describe('what a share card is drawn from', () => {
  it('changes with the headline, the section, the picture and an uploaded picture’s focal point', () => {
    const base = { headline: 'Lizard wins', category: 'Politics', imageUrl: UPLOADED };
    const content = shareCardContent(base);
    expect(shareCardContent({ ...base, headline: 'Lizard loses' })).not.toBe(content);
    expect(shareCardContent({ ...base, category: 'UK' })).not.toBe(content);
    expect(shareCardContent({ ...base, imageUrl: null })).not.toBe(content);
    expect(shareCardContent({ ...base, imageFocalX: 0.8 })).not.toBe(content);
  });

  it('leaves out a centred focal point, and the focal point of a picture that is not uploaded', () => {
    const uploaded = { headline: 'Lizard wins', category: 'Politics', imageUrl: UPLOADED };
    expect(shareCardContent({ ...uploaded, imageFocalX: 0.5, imageFocalY: 0.5 })).toBe(shareCardContent(uploaded));
    const elsewhere = { ...uploaded, imageUrl: 'https://example.com/lizard.jpg' };
    expect(shareCardContent({ ...elsewhere, imageFocalX: 0.9, imageFocalY: 0.1 })).toBe(shareCardContent(elsewhere));
  });
});
