import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import type { Actor } from '../../repositories/audit-log.ts';
import type { SignedInEditor } from '../../auth/token-verifier.ts';

export interface AdminRouteOptions {
  articles: AdminArticlesRepository;
}

/** The editor that the auth plugin's requireEditor put on the request. */
export function editorOf(request: FastifyRequest): SignedInEditor | undefined {
  return request.editor ?? undefined;
}

/** Who the audit trail names for this request. */
export function actorOf(request: FastifyRequest): Actor {
  const editor = editorOf(request);
  if (!editor) throw new Error('admin route reached without a signed-in editor');
  return { subject: editor.subject, name: editor.name || editor.username || editor.subject };
}

/** Public pages cache articles in-process: drop that after every write. */
export function clearNewsCache(app: FastifyInstance): void {
  // Optional chaining: the admin API also works in a process without the public news routes.
  (app as FastifyInstance & { newsCache?: { clear(): void } }).newsCache?.clear();
}
