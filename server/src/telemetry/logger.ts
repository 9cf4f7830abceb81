import type { FastifyServerOptions, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { SOCIAL_LOG_REDACT_PATHS } from '../social/log-redaction.ts';

/**
 * The server's structured JSON logs (pino through Fastify). Every line written through
 * `request.log` carries the request id (`reqId`); nothing that could be a secret is ever written:
 * credentials in headers and in logged objects are replaced by '[redacted]', and secret-looking
 * query parameters in logged URLs are masked.
 */
export const LOG_CENSOR = '[redacted]';

const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'apiKey',
  'api_key',
  'access_token',
  'refresh_token',
  'id_token',
  'accessToken',
  'refreshToken',
  'idToken',
  'client_secret',
  'clientSecret',
  'code_verifier',
  'codeVerifier',
  'shortLivedToken',
  'fb_exchange_token',
  'appsecret_proof',
  'connectionString',
];

export const LOG_REDACT_PATHS = [
  ...new Set([
    ...SOCIAL_LOG_REDACT_PATHS,
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
    'req.headers["proxy-authorization"]',
    'res.headers["set-cookie"]',
    'headers.cookie',
    'headers["set-cookie"]',
    ...SECRET_FIELDS,
    ...SECRET_FIELDS.map((f) => `*.${f}`),
    ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  ]),
];

const SECRET_QUERY =
  /^(code|state|token|access_token|refresh_token|id_token|id_token_hint|client_assertion|assertion|subject_token|client_secret|code_verifier|fb_exchange_token|appsecret_proof|password|secret|key|sig|signature)$/i;

/** A URL for the logs: query parameters that may carry secrets (sign-in codes, tokens) are masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY.test(name)) {
      params.set(name, LOG_CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify's request serializer, with the URL masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the caller's `x-request-id` when it is a plain token (a proxy's id keeps its
 * value through the logs), otherwise a new UUID, so a client cannot forge log content with it.
 */
export function requestIdFor(raw: RawRequestDefaultExpression): string {
  const header = raw.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/** pino options for Fastify's logger. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR },
    serializers: { req: serializeRequest as never },
  };
}
