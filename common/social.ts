/** Social publishing constants shared by the server and the Social pages (docs/product.md, Limits and constants). */
export const DEFAULT_X_SCOPES = ['tweet.write', 'tweet.read', 'users.read', 'offline.access'] as const;
/** X authorisation popup size and how often its address is polled. */
export const X_POPUP = { width: 600, height: 700 } as const;
export const X_POPUP_POLL_MS = 500;
/** X rejects posts longer than this many characters. */
export const X_MAX_POST_LENGTH = 280;
export type SocialPlatformId = 'x' | 'facebook';
