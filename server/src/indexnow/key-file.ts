import type { FastifyInstance } from 'fastify';

/**
 * The key file search engines fetch to check that a submission comes from the site: `GET /{key}.txt`,
 * the key as plain text. Registered only with INDEXNOW_KEY set; any other `/*.txt` is answered as
 * before (robots.txt, the front end's own files, 404). Left out of the API document.
 */
export async function keyFileRoute(app: FastifyInstance, { key }: { key: string }) {
  app.get(`/${key}.txt`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(key),
  );
}
