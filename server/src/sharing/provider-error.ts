import { HttpProblem } from '../plugins/problem.ts';

export type Provider = 'X' | 'Facebook';

export interface ProblemFields {
  status: number;
  title: string;
  detail: string;
  /** Problem type slug, rendered as /problems/{slug}. */
  type: string;
  /** Seconds until a rate limit resets (sent as Retry-After). */
  retryAfter?: number;
}

/**
 * A failure that becomes application/problem+json (never 500) through the application's one problem writer
 * (plugins/problem.ts): an HttpProblem whose type is /problems/{slug} and whose Retry-After is set when a rate
 * limit says when to come back. Messages are written here, never copied from request data, so no token or
 * secret can end up in them.
 */
export class SocialProblem extends HttpProblem {
  readonly status: number;
  /** The problem kind without its /problems/ prefix (for logs). */
  readonly slug: string;
  readonly retryAfter?: number;
  /** The provider said the grant/token is revoked or invalid (X invalid_grant, Facebook 190). */
  readonly revoked: boolean;

  constructor(fields: ProblemFields & { revoked?: boolean }) {
    super(fields.status, fields.detail, {
      type: `/problems/${fields.type}`,
      title: fields.title,
      headers: fields.retryAfter ? { 'retry-after': String(fields.retryAfter) } : undefined,
    });
    this.name = 'SocialProblem';
    this.status = fields.status;
    this.slug = fields.type;
    this.retryAfter = fields.retryAfter;
    this.revoked = fields.revoked ?? false;
  }
}

/**
 * A provider's refusal while the newsroom deletes a post, as the answer of our API: its detail, title and
 * Retry-After, with a provider's own failure (5xx) as 502 (the editor's request was fine; the provider was not).
 */
export function providerRefusal(err: SocialProblem): HttpProblem {
  return new HttpProblem(err.status >= 500 ? 502 : err.status, err.detail, {
    title: err.title,
    ...(err.retryAfter ? { headers: { 'retry-after': String(err.retryAfter) } } : {}),
  });
}

export function badRequest(detail: string, title = 'Invalid request'): SocialProblem {
  return new SocialProblem({ status: 400, title, detail, type: 'validation-error' });
}

export function notFound(detail: string): SocialProblem {
  return new SocialProblem({ status: 404, title: 'Not Found', detail, type: 'not-found' });
}

/** Short, safe excerpt of a provider's own message (providers never echo our tokens in them). */
export function excerpt(text: unknown, max = 300): string {
  const s = typeof text === 'string' ? text : '';
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
