/** GET /api/admin/dashboard (shared contract). recentArticles are admin articles (the last 10). */
export interface DashboardData<A = unknown> {
  totalArticles: number;
  articlesLastWeek: number;
  activeUsers: number;
  recentArticles: A[];
  /** Articles waiting for their publication time (absent from servers before scheduling). */
  scheduledArticles?: number;
}
