import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { sendProblem } from '../plugins/problem.ts';
import { OIDC_PREFIX, requestOrigin } from './settings.ts';

/**
 * Mounts oidc-provider under /oidc inside this Fastify server (register without
 * fastify-plugin so the parser changes stay in this scope). The provider reads request bodies
 * itself, so the catch-all parser leaves them unread; each request is hijacked and handed to
 * the provider's Koa callback with the prefix stripped (originalUrl keeps the full path). The
 * provider is created on first use (`provider`, auth/index.ts).
 */
export function oidcMount(provider: () => Promise<Provider>, behindProxy: boolean, publicUrl = '') {
  const publicHost = publicUrl ? new URL(publicUrl).host : '';
  return async function mount(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    let callback: Promise<ReturnType<Provider['callback']>> | null = null;

    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      // Without PUBLIC_URL the provider writes its endpoints from the request's address: a Host
      // that is no plain host[:port] gets a 400 here instead of an error inside the provider.
      if (!publicHost && !requestOrigin(request.protocol, request.host)) {
        return sendProblem(reply, 400, 'The Host header is not a valid host name.');
      }
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      const rest = url.slice(OIDC_PREFIX.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      // Behind TRUST_PROXY the provider (Koa, proxy=true) reads X-Forwarded-*: give it exactly
      // what Fastify's trustProxy accepted, never a value a client forged beyond the proxies.
      if (behindProxy) {
        raw.headers['x-forwarded-proto'] = request.protocol;
        raw.headers['x-forwarded-host'] = publicHost || request.host;
        raw.headers['x-forwarded-for'] = request.ip;
      }
      // With PUBLIC_URL the issuer and every endpoint the provider writes (discovery document,
      // redirects) use its host, never one a client put in the Host header. Without it the
      // endpoints follow the address of the request (the issuer stays one fixed string).
      if (publicHost) raw.headers.host = publicHost;
      // Discovery and keys change only with a new release or key: caches may keep them a while.
      // Without PUBLIC_URL the discovery document names this request's address, so only the
      // browser that asked may keep it, never a shared cache that another Host would be served from.
      const pathname = raw.url.split('?')[0];
      if (pathname === '/jwks') reply.raw.setHeader('cache-control', 'public, max-age=300');
      if (pathname === '/.well-known/openid-configuration') {
        reply.raw.setHeader('cache-control', publicHost ? 'public, max-age=300' : 'private, max-age=300');
        if (!publicHost) reply.raw.setHeader('vary', 'Host');
      }
      callback ??= provider().then((p) => p.callback());
      void callback
        .then((handler) => handler(raw, reply.raw))
        .catch((err: unknown) => {
          // A provider that could not be created is tried again by the next request.
          callback = null;
          request.log.error({ err }, 'oidc provider failed');
          if (!reply.raw.headersSent) {
            reply.raw.statusCode = 500;
            reply.raw.end();
          }
        });
    };
    app.all(OIDC_PREFIX, handle);
    app.all(`${OIDC_PREFIX}/*`, handle);
  };
}
