import { describe, expect, it } from 'vitest';
import { isSearchShortcut, shortcutText } from './shortcut.ts';

const key = (init: Partial<KeyboardEvent>) =>
  ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;

describe('the quick search shortcut', () => {
  it('is Ctrl+K, and Cmd+K on a Mac (where Ctrl+K stays the text field’s own)', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'j', ctrlKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ metaKey: true }), true)).toBe(true);
    expect(isSearchShortcut(key({ ctrlKey: true }), true)).toBe(false);
    expect(shortcutText(false)).toEqual({ shown: 'Ctrl K', aria: 'Control+K' });
    expect(shortcutText(true)).toEqual({ shown: '⌘K', aria: 'Meta+K' });
  });
});
