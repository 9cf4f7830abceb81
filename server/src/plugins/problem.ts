import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { sendErrorPage, wantsHtml } from '../rendering/error-page.ts';
import { errorCacheControl } from './http-cache.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isUnstorableText } from '../db/errors.ts';

/**
 * RFC 9457 problem details for every error of the API (docs/decisions/002-error-format.md).
 *
 * - Anything thrown in a route ends up in the error handler below: validation errors (400, with
 *   the offending field named), parser errors (malformed JSON 400, body too large 413, unsupported
 *   media type 415) and HttpProblem errors keep their status; every other error is a logged 500
 *   whose body carries no internals.
 * - Unknown paths end in the not-found handler: 405 (with Allow) when the path exists for another
 *   method, else 404. Page routes never get here for GET: plugins/spa.ts answers those with the
 *   HTML shell and hands API-looking paths back through reply.callNotFound().
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  [extension: string]: unknown;
}

export interface ProblemOptions {
  /** A URI naming the problem kind; 'about:blank' (the default) means "see the status code". */
  type?: string;
  /** Short summary; defaults to the HTTP reason phrase of the status. */
  title?: string;
  /** Extension members merged into the body (e.g. `errors`). Never put secrets here. */
  extensions?: Record<string, unknown>;
  /** Extra response headers (e.g. Allow, Retry-After). */
  headers?: Record<string, string>;
}

/** Throw this from any route or hook: the error handler turns it into a problem response. */
export class HttpProblem extends Error {
  readonly statusCode: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(status: number, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.name = 'HttpProblem';
    this.statusCode = status;
    this.type = options.type ?? 'about:blank';
    this.title = options.title ?? reasonPhrase(status);
    this.detail = detail;
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** Builds the problem body (without sending it). `instance` is the request path, never its query. */
export function problemBody(
  status: number,
  detail: string,
  options: ProblemOptions & { instance?: string } = {},
): ProblemBody {
  const body: ProblemBody = {
    type: options.type ?? 'about:blank',
    title: options.title ?? reasonPhrase(status),
    status,
    detail,
  };
  if (options.instance) body.instance = options.instance;
  // Extensions follow the standard members and can never overwrite them.
  for (const [key, value] of Object.entries(options.extensions ?? {})) if (!(key in body)) body[key] = value;
  return body;
}

/** Sends a problem response. Usable from any plugin: `return sendProblem(reply, 404, 'No such article')`. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  options: ProblemOptions = {},
): FastifyReply {
  if (options.headers) reply.headers(options.headers);
  return reply
    .code(status)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', errorCacheControl(reply.request.method, status))
    .header('x-content-type-options', 'nosniff')
    .send(JSON.stringify(problemBody(status, detail, { ...options, instance: requestPath(reply.request) })));
}

function clipPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** The path of a request without its query string (queries may carry tokens: never echo them). */
export function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 2000 ? path.slice(0, 2000) : path;
}

/** API paths always answer JSON (problem+json on errors), never the HTML shell. */
export function isApiPath(path: string): boolean {
  return /^\/(api|news|oidc)(\/|$)/i.test(path);
}

const LOCATIONS: Record<string, string> = {
  querystring: 'Query parameter',
  params: 'Path parameter',
  body: 'Body field',
  headers: 'Header',
};

interface ValidationItem {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * Turns a validation error (domain/typebox-validation.ts, the one validator of every route) into
 * `errors: [{in, name, message}]` and a readable detail naming the field. The messages come worded.
 */
export function describeValidation(context: string | undefined, items: ValidationItem[]) {
  const where = LOCATIONS[context ?? ''] ?? 'Field';
  const errors = items.map((item) => {
    const name = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { in: context ?? 'request', name: name || '(root)', message: item.message ?? 'is invalid' };
  });
  const first = errors[0];
  const detail = first
    ? first.name === '(root)'
      ? `The request ${context ?? ''} ${first.message}`.replace(/\s+/g, ' ')
      : `${where} '${first.name}' ${first.message}.`
    : 'The request is invalid.';
  return { detail, errors };
}

type RouteMatcher = { methods: string[]; pattern: RegExp };

function patternToRegExp(url: string): RegExp {
  let out = '';
  for (const segment of url.split('/')) {
    if (out !== '' || segment !== '') out += '/';
    if (segment === '*') out += '.*';
    else if (segment.startsWith(':')) out += '[^/]+';
    else out += segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out || '/'}$`);
}

/** Fastify's frameworkErrors option (bad URL encoding, over-long path parameters) as problems. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status =
    (error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500
      ? (error as FastifyError).statusCode!
      : 400;
  const detail =
    (error as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment of the request is too long.'
      : 'The request URL is not correctly encoded.';
  // A browser asking for a page gets an HTML error page; API clients get the problem.
  if (!isApiPath(requestPath(request)) && wantsHtml(request)) void sendErrorPage(reply, status, detail);
  else void sendProblem(reply, status, detail);
};

export default fp(
  async function problemPlugin(app: FastifyInstance) {
    // Every route (except the SPA's catch-all) is remembered so an unknown method can get a 405.
    const routes: RouteMatcher[] = [];
    app.addHook('onRoute', (route) => {
      if (route.url === '*' || route.url === '/*') return;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
      routes.push({ methods, pattern: patternToRegExp(route.url) });
    });

    app.setErrorHandler((error: FastifyError & Partial<HttpProblem>, request, reply) => {
      if (error instanceof HttpProblem) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, error.statusCode, error.detail, {
          type: error.type,
          title: error.title,
          extensions: error.extensions,
          headers: error.headers,
        });
      }
      if (error.validation) {
        const { detail, errors } = describeValidation(error.validationContext, error.validation as ValidationItem[]);
        return sendProblem(reply, 400, detail, { extensions: { errors } });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        return sendProblem(reply, status, clientErrorDetail(error, status));
      }
      if (isUnstorableText(error)) {
        return sendProblem(
          reply,
          400,
          'The request holds a control character (such as U+0000) that text cannot contain.',
        );
      }
      if (isDatabaseUnavailable(error)) {
        // A lost or overloaded database: fail fast with 503 and let the client retry (db/errors.ts).
        request.log.warn({ err: error }, 'database unavailable');
        return sendProblem(reply, 503, 'The database is unavailable at the moment. Please try again shortly.', {
          title: 'Service Unavailable',
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, 500, `An unexpected error occurred. Reference: ${request.id}.`);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = requestPath(request);
      const method = request.method.toUpperCase();
      const allowed = new Set<string>();
      for (const r of routes) {
        if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
      }
      if (allowed.size > 0 && !allowed.has(method)) {
        if (allowed.has('GET')) allowed.add('HEAD');
        const allow = [...allowed].sort().join(', ');
        return sendProblem(reply, 405, `${method} is not allowed on ${clipPath(path)}. Allowed: ${allow}.`, {
          headers: { allow },
        });
      }
      return sendProblem(reply, 404, `There is nothing at ${clipPath(path)}.`);
    });
  },
  { name: 'problem' },
);

function clientErrorDetail(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "The request body is empty but the content type is 'application/json'.";
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The content type of the request body is not supported.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body.';
    default:
      // Fastify's own 4xx messages describe the client's mistake; a SyntaxError from a parser too.
      if (error instanceof SyntaxError) return 'The request body could not be parsed.';
      return error.message || reasonPhrase(status);
  }
}
