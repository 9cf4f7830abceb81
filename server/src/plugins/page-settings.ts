import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ContentSecurityPolicy } from './content-security-policy.ts';

/**
 * Registered early (right after the problem plugin) so any later plugin can extend what the
 * pages send before plugins/spa.ts serves them:
 *  - app.contentSecurityPolicy: the CSP of every HTML page (add sources, never replace the list);
 *  - app.publicAppConfig: extra keys of the `app-config` JSON in every page (public values only,
 *    never secrets; siteName is always set by the SPA plugin).
 */
export default fp(
  async function pageSettings(app: FastifyInstance) {
    app.decorate('contentSecurityPolicy', new ContentSecurityPolicy());
    app.decorate('publicAppConfig', {} as Record<string, unknown>);
  },
  { name: 'page-settings' },
);
