import { Type } from '@sinclair/typebox';
import { PREVIEW_LINK_DAYS } from '../../../common/preview-contract.ts';

/** TypeBox schemas of preview links (common/preview-contract.ts). */

export const PreviewLinkSchema = Type.Object({
  createdAt: Type.String({ description: 'ISO-8601 UTC' }),
  createdBy: Type.String({ description: 'The display name of the editor who turned it on' }),
  expiresAt: Type.String({
    description: `ISO-8601 UTC: ${PREVIEW_LINK_DAYS} days after it was made (publishing the article ends it sooner)`,
  }),
});

export const PreviewLinkStatusSchema = Type.Object({
  link: Type.Union([PreviewLinkSchema, Type.Null()], {
    description: 'The link that works now; null: none (never made, turned off, expired, or the article was published)',
  }),
});

export const NewPreviewLinkSchema = Type.Object({
  link: PreviewLinkSchema,
  url: Type.String({
    description: 'The full address (…/preview/{token}): given this once, never again (only its hash is kept)',
  }),
});

export const PreviewParamsSchema = Type.Object({
  token: Type.String({ description: 'The secret of the link (43 base64url characters); any other value is unknown' }),
});

export const PreviewPageSchema = Type.String({ description: 'HTML: the article as readers will see it' });
export const PreviewNotFoundSchema = Type.String({ description: "HTML: the site's not-found page" });
export const PreviewRedirectSchema = Type.Null({
  description: 'The article has been published since: its public page (Location)',
});
