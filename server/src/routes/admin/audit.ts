import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AUDIT_ACTIONS,
  IMAGE_AUDIT_ACTIONS,
  RECORD_AUDIT_ACTIONS,
  SHARE_AUDIT_ACTIONS,
  listAudit,
} from '../../repositories/audit-log.ts';
import { LIVE_AUDIT_ACTIONS } from '../../../../common/live-contract.ts';
import { PREVIEW_AUDIT_ACTIONS } from '../../../../common/preview-contract.ts';
import { CORRECTION_AUDIT_ACTIONS } from '../../../../common/corrections-contract.ts';
import { AuditPageSchema, AuditQuerySchema } from './schemas.ts';
import { ValidationError } from '../../domain/typebox-validation.ts';

const PAGE_SIZE = 50;
const ACTIONS: readonly string[] = [
  ...AUDIT_ACTIONS,
  ...SHARE_AUDIT_ACTIONS,
  ...LIVE_AUDIT_ACTIONS,
  ...RECORD_AUDIT_ACTIONS,
  ...IMAGE_AUDIT_ACTIONS,
  ...PREVIEW_AUDIT_ACTIONS,
  ...CORRECTION_AUDIT_ACTIONS,
];

/** GET /api/admin/audit?editor=&action=&page=: the audit trail, newest first, 50 a page. */
const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  app.get(
    '/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => {
      const { editor = '', action = '', page = 1 } = request.query;
      if (action && !ACTIONS.includes(action)) {
        throw new ValidationError(
          [{ field: 'action', message: `must be one of ${ACTIONS.join(', ')}` }],
          'querystring',
        );
      }
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
