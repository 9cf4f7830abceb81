import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdminRouteOptions } from './context.ts';
import { DashboardSchema } from './schemas.ts';
import { backupStatus } from '../../backup/status.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { ArticleNotesRepository } from '../../repositories/article-notes.ts';
import { newsroomAccounts } from '../../repositories/activity-editors.ts';
import { LATEST_NOTES, NOTES_FOR_YOU } from '../../../../common/notes-contract.ts';
import { actorOf } from '../../auth/actor.ts';

/** GET /api/admin/dashboard */
const dashboardRoutes: FastifyPluginAsync<AdminRouteOptions> = async (fastify, { articles }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const images = new ImagesRepository(fastify.database.db);
  const notes = new ArticleNotesRepository(
    fastify.database.db,
    fastify.database.dialect,
    newsroomAccounts(fastify.config.auth),
  );
  app.get('/dashboard', { schema: { response: { 200: DashboardSchema } } }, async (request) => ({
    ...(await articles.dashboard()),
    backup: await backupStatus(fastify.database, fastify.config.backup, new Date()),
    undescribedPictures: await images.undescribedInUse(),
    latestNotes: await notes.latest(LATEST_NOTES),
    notesForYou: await notes.forYou(actorOf(request).subject, NOTES_FOR_YOU),
  }));
};

export default dashboardRoutes;
