import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_PATH_PREFIX, PREVIEW_TOKEN_PATTERN } from '../../../common/preview-contract.ts';

/** A new token: 32 bytes from the system's cryptographic generator (256 bits), base64url (43 characters). */
export function newPreviewToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashPreviewToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a path segment has a token's shape (anything else is an unknown link, without a lookup). */
export function isPreviewToken(value: string): boolean {
  return PREVIEW_TOKEN_PATTERN.test(value);
}

/** The page of a token: `/preview/{token}`. */
export function previewPath(token: string): string {
  return `${PREVIEW_PATH_PREFIX}${token}`;
}
