import { describe, expect, it } from 'vitest';
import { copyText, type CopyEnvironment } from './copy-to-clipboard';

function env(
  overrides: Partial<CopyEnvironment> & { clipboardFails?: boolean; legacyResult?: boolean | 'throw' } = {},
) {
  const calls = { clipboard: [] as string[], legacy: [] as string[], errors: [] as string[] };
  const e: CopyEnvironment = {
    isSecureContext: true,
    clipboard: {
      writeText: async (text) => {
        calls.clipboard.push(text);
        if (overrides.clipboardFails) throw new Error('denied');
      },
    },
    legacyCopy: (text) => {
      calls.legacy.push(text);
      if (overrides.legacyResult === 'throw') throw new Error('boom');
      return overrides.legacyResult ?? true;
    },
    logError: (message) => void calls.errors.push(message),
    ...overrides,
  };
  return { e, calls };
}

describe('copyText', () => {
  it('uses the clipboard API in a secure context', async () => {
    const { e, calls } = env();
    expect(await copyText('u', e)).toBe(true);
    expect(calls).toEqual({ clipboard: ['u'], legacy: [], errors: [] });
  });

  it('uses the legacy copy outside a secure context', async () => {
    const { e, calls } = env({ isSecureContext: false });
    expect(await copyText('u', e)).toBe(true);
    expect(calls).toEqual({ clipboard: [], legacy: ['u'], errors: [] });
  });

  it('falls back to the legacy copy when the clipboard API refuses', async () => {
    const { e, calls } = env({ clipboardFails: true });
    expect(await copyText('u', e)).toBe(true);
    expect(calls.legacy).toEqual(['u']);
  });

  it("logs 'Copy command failed' when the legacy copy fails or throws", async () => {
    const failing = env({ isSecureContext: false, legacyResult: false });
    expect(await copyText('u', failing.e)).toBe(false);
    expect(failing.calls.errors).toEqual(['Copy command failed']);
    const throwing = env({ clipboard: undefined, legacyResult: 'throw' });
    expect(await copyText('u', throwing.e)).toBe(false);
    expect(throwing.calls.errors).toEqual(['Copy command failed']);
  });
});
