import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt from node:crypto with a per-user random salt, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64url). Verification is constant-time.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * scrypt runs on libuv's thread pool (4 threads), which also reads the files the site serves.
 * At most HASH_CONCURRENCY hashes run at once, so a burst of sign-ins leaves the other threads
 * to pages and files; the rest wait in this queue, first come first served, which the login
 * throttle keeps short. A check marked `priority` (an editor at an address they signed in from
 * before: login-throttle.ts) goes before every ordinary one waiting.
 */
export const HASH_CONCURRENCY = 1;
let running = 0;
const waiting: { priority: (() => void)[]; ordinary: (() => void)[] } = { priority: [], ordinary: [] };

async function hashing<T>(work: () => Promise<T>, priority = false): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    await new Promise<void>((resolve) => (priority ? waiting.priority : waiting.ordinary).push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next check waiting (running stays counted), else frees.
    const next = waiting.priority.shift() ?? waiting.ordinary.shift();
    if (next) next();
    else running--;
  }
}

/** Ordinary password checks waiting for their turn (beyond the ones running). */
export function hashQueueLength(): number {
  return waiting.ordinary.length;
}

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
  priority = false,
): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
    priority,
  );
}

const maxmem = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  options: { priority?: boolean } = {},
): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  // Refuse parameters we would never write (protects against a tampered row eating all memory).
  if (!Number.isInteger(n) || n < 2 ** 14 || n > 2 ** 20 || (n & (n - 1)) !== 0) return false;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || expected.length < 16) return false;
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r) }, options.priority);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password: verified against when the username is unknown, so timing does not tell. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
}

/** A strong generated password: 20 characters from an unambiguous alphabet (about 115 bits). */
export function generatePassword(length = 20): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const out: string[] = [];
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      // Rejection sampling keeps the distribution uniform.
      if (b < 256 - (256 % alphabet.length) && out.length < length) out.push(alphabet[b % alphabet.length]);
    }
  }
  return out.join('');
}
