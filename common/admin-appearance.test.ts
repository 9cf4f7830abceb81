import { describe, expect, it } from 'vitest';
import { APPEARANCE_BOOT_SCRIPT, APPEARANCE_STORAGE_KEY, themeOf, toAppearance } from './admin-appearance.ts';

/** Runs the boot script against a stored value and a system preference; the attribute it sets. */
function boot(stored: string | null | Error, systemDark: boolean | undefined): string | undefined {
  const attributes: Record<string, string> = {};
  const window = {
    matchMedia:
      systemDark === undefined
        ? undefined
        : (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  };
  const localStorage = {
    getItem: (key: string) => {
      if (stored instanceof Error) throw stored;
      return key === APPEARANCE_STORAGE_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  new Function('window', 'localStorage', 'document', APPEARANCE_BOOT_SCRIPT)(window, localStorage, document);
  return attributes['data-admin-theme'];
}

describe('newsroom appearance', () => {
  it('the boot script: an explicit choice wins, else the system decides', () => {
    expect(boot('light', true)).toBe('light');
    expect(boot('dark', false)).toBe('dark');
    expect(boot(null, true)).toBe('dark');
    expect(boot(null, false)).toBe('light');
    expect(boot('purple', true)).toBe('dark');
    // Storage refused: the system; no matchMedia at all: light.
    expect(boot(new Error('SecurityError'), true)).toBe('dark');
    expect(boot(null, undefined)).toBe('light');
  });

  it('reads stored values and resolves themes the same way', () => {
    expect(toAppearance('dark')).toBe('dark');
    expect(toAppearance('DARK')).toBe('system');
    expect(toAppearance(null)).toBe('system');
    expect(themeOf('system', true)).toBe('dark');
    expect(themeOf('light', true)).toBe('light');
    expect(themeOf('dark', false)).toBe('dark');
  });
});
