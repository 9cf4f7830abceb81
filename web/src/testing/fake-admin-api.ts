import type { AdminApiClient } from '@/lib/admin-api-client';

/** A request a component sent to the fake admin API. */
export interface Sent {
  method: string;
  url: string;
  /** The headers the component set (e.g. If-Match); the client adds the token itself. */
  headers: Record<string, string>;
  body: unknown;
  /** Present (true) when the request was sent with fetch's `keepalive`. */
  keepalive?: true;
}

/** A JSON answer (no body for 204). */
export const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': type } });

/** A problem+json answer, as the server gives for an error. */
export const problem = (status: number, title: string, detail?: string, extra: Record<string, unknown> = {}) =>
  json(status, { type: 'about:blank', title, status, detail, ...extra }, 'application/problem+json');

/** The article screen's heartbeat and its leaving (decision 047), sent whatever else a test looks at. */
const PRESENCE = /^\/api\/admin\/articles\/\d+\/presence$/;

/**
 * The admin API as components see it: `respond` answers, every request is recorded in `sent`. The article
 * screen's presence requests are recorded in `presence` instead and answered by `opts.presence`, by
 * default as the server does when nobody else has the article open.
 */
export function fakeApi(
  respond: (req: Sent) => Response | Promise<Response>,
  opts: { presence?: (req: Sent) => Response | Promise<Response> } = {},
) {
  const sent: Sent[] = [];
  const presence: Sent[] = [];
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input, init) => {
      const req: Sent = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        ...(init?.keepalive ? { keepalive: true as const } : {}),
      };
      if (PRESENCE.test(new URL(req.url, 'http://admin.test').pathname)) {
        presence.push(req);
        if (opts.presence) return opts.presence(req);
        return req.method === 'PUT' ? json(200, { editors: [] }) : json(204, null);
      }
      sent.push(req);
      return respond(req);
    },
  };
  return { client, sent, presence };
}
