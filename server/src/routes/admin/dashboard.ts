import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdminRouteOptions } from './context.ts';
import { DashboardSchema } from './schemas.ts';
import { backupStatus } from '../../backup/status.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';

/** GET /api/admin/dashboard */
const dashboardRoutes: FastifyPluginAsync<AdminRouteOptions> = async (fastify, { articles }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const images = new ImagesRepository(fastify.database.db);
  app.get('/dashboard', { schema: { response: { 200: DashboardSchema } } }, async () => ({
    ...(await articles.dashboard()),
    backup: await backupStatus(fastify.database, fastify.config.backup, new Date()),
    undescribedPictures: await images.undescribedInUse(),
  }));
};

export default dashboardRoutes;
