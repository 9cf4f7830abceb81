import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SocialProblem } from '../../social/provider-error.ts';

/** Sends an RFC 9457 problem (application/problem+json). */
export function sendProblem(reply: FastifyReply, request: FastifyRequest, p: SocialProblem) {
  if (p.retryAfter) reply.header('retry-after', String(p.retryAfter));
  return reply
    .code(p.status)
    .type('application/problem+json')
    .send({
      type: `/problems/${p.type}`,
      title: p.title,
      status: p.status,
      detail: p.detail,
      instance: request.url.split('?')[0],
    });
}

/**
 * Error handler of the social routes: social problems and validation errors become problem+json
 * here; anything else goes on to the application's handler (plugins/problem.ts).
 */
export function socialErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof SocialProblem) {
    request.log.warn({ problem: err.type, status: err.status }, 'social call failed');
    return sendProblem(reply, request, err);
  }
  if (err.validation) {
    return sendProblem(
      reply,
      request,
      new SocialProblem({
        status: 400,
        title: 'Invalid request',
        detail: `The request is not valid: ${err.message}`,
        type: 'validation-error',
      }),
    );
  }
  if (
    err.statusCode &&
    err.statusCode >= 400 &&
    err.statusCode < 500 &&
    err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
  ) {
    return sendProblem(
      reply,
      request,
      new SocialProblem({
        status: err.statusCode,
        title: 'Unsupported media type',
        detail: 'Send the request body as application/json.',
        type: 'unsupported-media-type',
      }),
    );
  }
  if (
    err.statusCode === 400 &&
    (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err instanceof SyntaxError)
  ) {
    return sendProblem(
      reply,
      request,
      new SocialProblem({
        status: 400,
        title: 'Invalid request',
        detail: 'The request body is not valid JSON.',
        type: 'validation-error',
      }),
    );
  }
  throw err;
}
