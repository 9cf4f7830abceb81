import type pino from 'pino';
import type { FastifyInstance, FastifyServerOptions, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { SOCIAL_LOG_REDACT_PATHS } from '../sharing/log-redaction.ts';
import { logDestination } from './log-destination.ts';

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

/**
 * pino's redaction, for the few exact places a secret can be in a line: request and response
 * headers, and secret fields at the top of a logged object. Exact paths cost next to nothing;
 * wildcard paths ('*.token') cost about ten times the whole line, so nested fields are censored
 * by censorSecrets() instead, which only walks objects that are logged.
 */
export const LOG_REDACT_PATHS = [
  ...new Set([
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
    'req.headers["proxy-authorization"]',
    'request.headers.authorization',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'headers["set-cookie"]',
    ...SECRET_FIELDS,
  ]),
];

const SECRET_FIELD_SET = new Set<string>([
  ...SECRET_FIELDS,
  ...SOCIAL_LOG_REDACT_PATHS.filter((p) => /^[\w]+$/.test(p)),
]);
const CENSOR_DEPTH = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged object with every secret field (token, password, secret, ...) replaced by
 * LOG_CENSOR, up to four levels deep; objects without such fields come back as they are.
 */
export function censorSecrets(value: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = value[key];
    let next = field;
    if (SECRET_FIELD_SET.has(key) && field !== undefined && field !== null) next = LOG_CENSOR;
    else if (depth < CENSOR_DEPTH && isPlainObject(field)) next = censorSecrets(field, depth + 1);
    else if (depth < CENSOR_DEPTH && Array.isArray(field))
      next = field.map((item) => (isPlainObject(item) ? censorSecrets(item, depth + 1) : item));
    if (next !== field) {
      out ??= { ...value };
      out[key] = next;
    }
  }
  return out ?? value;
}

const SECRET_QUERY =
  /^(code|state|token|access_token|refresh_token|id_token|id_token_hint|client_assertion|assertion|subject_token|client_secret|code_verifier|fb_exchange_token|appsecret_proof|password|secret|key|sig|signature)$/i;

/** A query string that may name a secret parameter (a quick test before the query is parsed). */
const MAYBE_SECRET_QUERY =
  /[?&;](code|state|token|access_token|refresh_token|id_token|id_token_hint|client_assertion|assertion|subject_token|client_secret|code_verifier|fb_exchange_token|appsecret_proof|password|secret|key|sig|signature|[^=&;]*%)/i;

/**
 * A path that is itself a secret: a preview link's token (`/preview/{token}`, decision 042), alone or
 * after a scheme and host, in any letter case.
 */
const SECRET_PATH = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/preview\/)[^/?#]*/i;

/**
 * A URL for the logs: a preview link's token and query parameters that may carry secrets (sign-in
 * codes, tokens) are masked.
 */
export function redactUrl(url: string): string {
  if (SECRET_PATH.test(url)) url = url.replace(SECRET_PATH, `$1${LOG_CENSOR}`);
  const q = url.indexOf('?');
  if (q === -1) return url;
  // Most URLs ('/News?count=15') name no such parameter: no parsing for them.
  if (!MAYBE_SECRET_QUERY.test(url.slice(q))) return url;
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
    url: redactUrl(request.originalUrl ?? request.url),
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
  return requestIdFrom(Array.isArray(header) ? header[0] : header);
}

/** The request id for an `x-request-id` header value (the lines joined by ', ' when repeated). */
export function requestIdFrom(value: string | undefined): string {
  return value && REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/**
 * pino options for Fastify's logger. Lines go to stdout in one write per turn of the event loop
 * (pino's destination, batched: telemetry/log-destination.ts; the rest flushed on exit), unless the caller supplies a stream.
 * One access line per request is written by accessLog (app.ts turns Fastify's pair off).
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR },
    serializers: { req: serializeRequest as never },
    formatters: { log: censorSecrets },
    stream: logDestination(1),
  };
}

/**
 * The access line's logger: a child of the app's logger without the redaction and the object
 * formatter (the access line's fields are never secret, see accessLog), with whether info and
 * debug lines are written.
 */
export function accessLogger(app: FastifyInstance): {
  logger: pino.Logger;
  infoEnabled: () => boolean;
  debugEnabled: () => boolean;
} {
  const logger = app.log.child(
    {},
    {
      redact: { paths: [], censor: LOG_CENSOR },
      formatters: { log: (fields: object) => fields },
      serializers: { req: (req: unknown) => req },
    },
  ) as pino.Logger;
  // Fastify's stand-in logger (logger: false, in some tests) has no isLevelEnabled: it writes nothing anyway.
  const levels = logger as Partial<Pick<pino.Logger, 'isLevelEnabled'>>;
  const real = typeof levels.isLevelEnabled === 'function';
  return {
    logger,
    infoEnabled: () => !real || levels.isLevelEnabled!('info'),
    debugEnabled: () => real && levels.isLevelEnabled!('debug'),
  };
}

/**
 * The access line: one per request at info, when the answer has gone out, with the request id
 * (reqId), method, URL (secret query parameters masked), status and time taken.
 *
 * It is written through one child logger without the redaction and the object formatter: its
 * fields are built here from values that are never secret (the URL masked by redactUrl), so the
 * per-line cost of walking and cloning for redaction (about a third of a line's cost) is skipped.
 */
export function accessLog(app: FastifyInstance): void {
  const { logger: access, infoEnabled } = accessLogger(app);
  // On the raw response's 'finish': also for the replies handed to another handler (the sign-in provider).
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer names its request id, the `reqId` of the request's log lines.
    reply.header('x-request-id', request.id);
    // At debug only (a no-op function at the default level): the request as it arrives.
    request.log.debug({ req: request }, 'incoming request');
    if (infoEnabled()) {
      reply.raw.once('finish', () => {
        access.info(
          {
            reqId: request.id,
            req: serializeRequest(request),
            res: { statusCode: reply.raw.statusCode },
            responseTime: reply.elapsedTime,
          },
          'request completed',
        );
      });
    }
    done();
  });
}
