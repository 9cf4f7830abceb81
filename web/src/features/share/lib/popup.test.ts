import { describe, expect, it } from 'vitest';
import { popupFeatures } from './popup';

describe('popupFeatures', () => {
  it('asks for a 600x400 popup centred over the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'width=600,height=400,left=500,top=300,noopener,noreferrer',
    );
  });
  it('never places the popup off screen', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 360, outerHeight: 300 })).toBe(
      'width=600,height=400,left=0,top=0,noopener,noreferrer',
    );
  });
});
