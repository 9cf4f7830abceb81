import { describe, expect, it } from 'vitest';
import { isSubmitChord } from './submit-keys.ts';

describe('isSubmitChord', () => {
  it('is Ctrl+Enter or Cmd+Enter, without Alt or Shift', () => {
    const chord = { key: 'Enter', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSubmitChord({ ...chord, ctrlKey: true })).toBe(true);
    expect(isSubmitChord({ ...chord, metaKey: true })).toBe(true);
    expect(isSubmitChord(chord)).toBe(false);
    expect(isSubmitChord({ ...chord, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSubmitChord({ ...chord, key: 'a', ctrlKey: true })).toBe(false);
  });
});
