/**
 * Preview links (decision 042): a secret address at which anyone can read an unpublished article
 * (a draft or a scheduled one) as readers will see it, before it goes out.
 *
 *     POST   /api/admin/articles/{id}/preview-link   turns a link on (a new one replaces the old) for
 *                                                    CreatePreviewLink's days: NewPreviewLink
 *     GET    /api/admin/articles/{id}/preview-link   whether one is on: PreviewLinkStatus
 *     DELETE /api/admin/articles/{id}/preview-link   turns it off (204)
 *
 *     GET    /preview/{token}                        the article as readers will see it
 *
 * The token is 32 random bytes (256 bits) in base64url; the server keeps only its SHA-256, so the
 * full link is shown once, in the answer to the POST.
 */

/** The path of every preview page: `/preview/{token}`. */
export const PREVIEW_PATH_PREFIX = '/preview/';

/**
 * How long a link works, in days after it is made (or until the article is published, if sooner): the
 * editor chooses one of these when making it; PREVIEW_LINK_DAYS when they do not say.
 */
export const PREVIEW_LINK_DAY_CHOICES = [1, 7, 30] as const;
export type PreviewLinkDays = (typeof PREVIEW_LINK_DAY_CHOICES)[number];
export const PREVIEW_LINK_DAYS: PreviewLinkDays = 7;

/** The shape of a token: 43 base64url characters (32 bytes). */
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A link that is on: who made it, when, and when it stops working. Never the token. */
export interface PreviewLink {
  createdAt: string;
  createdBy: string;
  expiresAt: string;
}

/** GET …/preview-link: the link that works now (null: none, or it ended, expired or was turned off). */
export interface PreviewLinkStatus {
  link: PreviewLink | null;
}

/** POST …/preview-link's body, optional: how many days the link works (PREVIEW_LINK_DAYS without one). */
export interface CreatePreviewLink {
  days?: PreviewLinkDays;
}

/** POST …/preview-link (201): the new link, with its full address, which no later answer repeats. */
export interface NewPreviewLink {
  link: PreviewLink;
  url: string;
}

/** The audit trail's rows for preview links: one turned on (a new one replaces the old), one turned off. */
export const PREVIEW_AUDIT_ACTIONS = ['preview-link-create', 'preview-link-revoke'] as const;
export type PreviewAuditAction = (typeof PREVIEW_AUDIT_ACTIONS)[number];
