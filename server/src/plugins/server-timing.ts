import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * `Server-Timing: app;dur=<ms>` on every API answer: how long the server took from receiving the
 * request to sending the answer (Fastify's `reply.elapsedTime`, to a tenth of a millisecond). The
 * browser's developer tools show it beside the request's network timing, and `npm run
 * bench:shares` reports it beside the latency its client measures (which also holds the time the
 * request and answer spent in the network stack and in the client). Pages and assets do not carry
 * it: cached public answers are the same bytes for everyone.
 */
export default fp(
  async function serverTiming(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
      done(null, payload);
    });
  },
  { name: 'server-timing' },
);
