import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { listAudit } from '../../repositories/audit-log.ts';
import { AuditPageSchema, AuditQuerySchema } from './schemas.ts';

const PAGE_SIZE = 50;

/** GET /api/admin/audit?editor=&action=&page=: the audit trail, newest first, 50 a page. */
const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  app.get(
    '/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => {
      // `action` is one of the audit trail's codes (the schema's list, common/action-labels.ts), else 400.
      const { editor = '', action = '', page = 1 } = request.query;
      const { entries, hasNextPage } = await listAudit(db, {
        editor: editor.trim() || undefined,
        action: action || undefined,
        page,
        pageSize: PAGE_SIZE,
      });
      return { entries, currentPage: page, pageSize: PAGE_SIZE, hasNextPage };
    },
  );
};

export default auditRoutes;
