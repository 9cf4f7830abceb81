import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listCategories } from '../../repositories/admin-categories.ts';
import { CategorySchema } from './schemas.ts';

/** GET /api/admin/categories */
const categoryRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/categories', { schema: { response: { 200: Type.Array(CategorySchema) } } }, async () =>
    listCategories(app.database.db),
  );
};

export default categoryRoutes;
