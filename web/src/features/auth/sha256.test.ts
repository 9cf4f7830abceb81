import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { provideDigestOutsideSecureContexts, sha256 } from './sha256.ts';

const hex = (bytes: Uint8Array | ArrayBuffer) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');

describe('sha256 (for pages that are not a secure context)', () => {
  it('matches the known digests', () => {
    expect(hex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('matches node:crypto at every padding boundary and over several blocks', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 4099]) {
      const data = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
      expect(hex(sha256(data)), `length ${length}`).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('gives a crypto without subtle a SHA-256 digest, and leaves a real one alone', async () => {
    const insecure = {} as Crypto;
    expect(provideDigestOutsideSecureContexts(insecure)).toBe(true);
    const verifier = 'a'.repeat(96);
    const digest = await insecure.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    expect(hex(digest)).toBe(createHash('sha256').update(verifier).digest('hex'));
    await expect(insecure.subtle.digest('SHA-1', new Uint8Array())).rejects.toThrow(/secure context/);

    const secure = { subtle: globalThis.crypto.subtle } as Crypto;
    expect(provideDigestOutsideSecureContexts(secure)).toBe(false);
    expect(secure.subtle).toBe(globalThis.crypto.subtle);
  });
});
