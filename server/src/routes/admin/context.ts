import type { AdminArticlesRepository } from '../../repositories/admin-articles.ts';

export interface AdminRouteOptions {
  articles: AdminArticlesRepository;
}
