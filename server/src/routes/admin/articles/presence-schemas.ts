import { Type } from '@sinclair/typebox';
import { TAB_ID_PATTERN } from '../../../../../common/presence-contract.ts';

/** TypeBox schemas of an article's editing presence (common/presence-contract.ts). */

const tabId = Type.String({
  pattern: TAB_ID_PATTERN,
  description: 'A random UUID the browser tab chose for this article screen',
  errorMessage: 'must be a UUID (e.g. 3f2b8c1e-6a4d-4e2f-9b7a-0c5d1e2f3a4b)',
});

export const PresenceHeartbeatSchema = Type.Object({ tabId }, { additionalProperties: false });

export const PresenceLeaveQuerySchema = Type.Object({ tabId }, { additionalProperties: false });

/** An editor who has the article open, as the notice and All Articles name them. */
export const PresenceNameFields = {
  name: Type.String({ description: 'The display name the audit trail gives them' }),
  username: Type.String({
    description:
      'Their username at sign-in (their subject without one): shown in brackets after the name when two named together share it',
  }),
};

export const PresenceSchema = Type.Object({
  editors: Type.Array(
    Type.Object({
      ...PresenceNameFields,
      since: Type.String({ description: 'When they opened it (ISO-8601 UTC; their earliest tab still open)' }),
    }),
    {
      description:
        'The other editors who have the article open (a heartbeat within the last minute), who opened it first first; the signed-in editor\u2019s own tabs are left out',
    },
  ),
});
