import { sha256 } from '@noble/hashes/sha2.js';

/**
 * SHA-256 for pages that are not a secure context.
 *
 * Browsers expose `crypto.subtle` only in secure contexts: https, and http at localhost or a
 * loopback address. The admin area opened over plain http at the machine's network address or a
 * host name (a server without PUBLIC_URL, tried from another machine) has no `crypto.subtle`, and
 * the sign-in library needs exactly one thing from it: the SHA-256 of the PKCE code verifier.
 * `provideDigestOutsideSecureContexts` gives it that digest (from @noble/hashes) there, and nothing
 * else; where the browser has `crypto.subtle` it is left alone.
 */
export { sha256 };

function bytesOf(data: BufferSource): Uint8Array {
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/**
 * Outside a secure context (no `crypto.subtle`), gives `crypto` a `subtle` with `digest('SHA-256', …)`
 * only; any other use of it fails as it would without it. Returns true when it did.
 */
export function provideDigestOutsideSecureContexts(target: Crypto | undefined = globalThis.crypto): boolean {
  if (!target || target.subtle) return false;
  const subtle = {
    async digest(algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> {
      const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
      if (name.toUpperCase() !== 'SHA-256')
        throw new Error(`${name} is not available outside a secure context (HTTPS).`);
      const digest = sha256(bytesOf(data));
      return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
    },
  };
  Object.defineProperty(target, 'subtle', { value: subtle, configurable: true });
  return true;
}
