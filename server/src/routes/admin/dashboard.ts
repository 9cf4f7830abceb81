import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdminRouteOptions } from './context.ts';
import { DashboardSchema } from './schemas.ts';

/** GET /api/admin/dashboard */
const dashboardRoutes: FastifyPluginAsync<AdminRouteOptions> = async (fastify, { articles }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/dashboard', { schema: { response: { 200: DashboardSchema } } }, async () => articles.dashboard());
};

export default dashboardRoutes;
