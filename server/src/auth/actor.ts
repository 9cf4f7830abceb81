import type { FastifyRequest } from 'fastify';
import type { Actor } from '../repositories/audit-log.ts';
import type { SignedInEditor } from './token-verifier.ts';

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
