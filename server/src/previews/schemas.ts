import { Type } from '@sinclair/typebox';
import { PREVIEW_LINK_DAY_CHOICES, PREVIEW_LINK_DAYS } from '../../../common/preview-contract.ts';

/** TypeBox schemas of preview links (common/preview-contract.ts). */

export const PreviewLinkSchema = Type.Object({
  createdAt: Type.String({ description: 'ISO-8601 UTC' }),
  createdBy: Type.String({ description: 'The display name of the editor who turned it on' }),
  expiresAt: Type.String({
    description: 'ISO-8601 UTC: the days chosen after it was made (publishing the article ends it sooner)',
  }),
});

export const PreviewLinkStatusSchema = Type.Object({
  link: Type.Union([PreviewLinkSchema, Type.Null()], {
    description: 'The link that works now; null: none (never made, turned off, expired, or the article was published)',
  }),
});

export const CreatePreviewLinkSchema = Type.Object(
  {
    days: Type.Optional(
      Type.Union(
        PREVIEW_LINK_DAY_CHOICES.map((d) => Type.Literal(d)),
        {
          description: `How many days the link works: ${PREVIEW_LINK_DAY_CHOICES.join(', ')} (${PREVIEW_LINK_DAYS} without one)`,
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'Optional: no body is a link for the default days' },
);

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
