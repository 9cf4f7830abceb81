import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AdminErrorScreen } from '@/components/admin/admin-error-screen';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { useAuth } from '@/features/auth';
import { AdminApiContext, adminKeys, type AdminApiClient } from '@/lib/admin-api-client';
import { AdminErrorContext, errorParts, type AdminErrorHandling } from '@/lib/admin-error-context';
import { ArticleExtensionsContext } from '@/features/admin-articles';
import { AdminHeader } from './components/admin-header.tsx';
import { articleExtensions } from './article-extensions.tsx';
import DashboardPage from './dashboard.tsx';
import ArticlesPage from './articles.tsx';
import ArticlePage from './article.tsx';
import AdminNotFound from './not-found.tsx';

const SocialPage = lazy(() => import('./social.tsx'));
const NewArticlePage = lazy(() => import('./new-article.tsx'));
const PreviewPage = lazy(() => import('./preview.tsx'));
const AuditPage = lazy(() => import('./audit.tsx'));
const AuthorsPage = lazy(() => import('./authors.tsx'));
const TagsPage = lazy(() => import('./tags.tsx'));
const SocialTestPage = lazy(() => import('./social-test.tsx'));
const LiveConsolePage = lazy(() => import('./live-console.tsx'));

/**
 * The signed-in admin area: header, the screens, and the error screen for failed actions
 * (Retry reloads the current view; Sign Out).
 */
export function AdminShell() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [actionError, setActionError] = useState<unknown>(null);
  const client = useMemo<AdminApiClient>(() => ({ getAccessToken: auth.getAccessToken }), [auth.getAccessToken]);
  const { signOut } = auth;
  const errors = useMemo<AdminErrorHandling>(
    () => ({ report: (e) => setActionError(e ?? new Error('Unknown error')), signOut: () => void signOut() }),
    [signOut],
  );

  useEffect(() => setActionError(null), [location.pathname, location.search]);

  const retry = () => {
    // Mark the admin data stale so the current view loads again when it comes back.
    void queryClient.invalidateQueries({ queryKey: adminKeys.all, refetchType: 'none' });
    setActionError(null);
  };
  const failure = actionError ? errorParts(actionError) : null;

  return (
    <AdminApiContext.Provider value={client}>
      <AdminErrorContext.Provider value={errors}>
        <ArticleExtensionsContext.Provider value={articleExtensions}>
          <a className="admin-skip" href="#main">
            Skip to content
          </a>
          <AdminHeader />
          <main className="admin-main" id="main" tabIndex={-1}>
            {failure ? (
              <AdminErrorScreen
                message={failure.message}
                details={failure.details}
                onRetry={retry}
                onSignOut={errors.signOut}
              />
            ) : (
              <Suspense fallback={<AdminSpinner />}>
                <Routes>
                  <Route index element={<DashboardPage />} />
                  <Route path="articles" element={<ArticlesPage />} />
                  <Route path="articles/new" element={<NewArticlePage />} />
                  <Route path="articles/:id" element={<ArticlePage />} />
                  <Route path="articles/:id/preview" element={<PreviewPage />} />
                  <Route path="articles/:id/live" element={<LiveConsolePage />} />
                  <Route path="audit" element={<AuditPage />} />
                  <Route path="authors" element={<AuthorsPage />} />
                  <Route path="tags" element={<TagsPage />} />
                  <Route path="social" element={<SocialPage />} />
                  <Route path="social/test" element={<SocialTestPage />} />
                  <Route path="*" element={<AdminNotFound />} />
                </Routes>
              </Suspense>
            )}
          </main>
        </ArticleExtensionsContext.Provider>
      </AdminErrorContext.Provider>
    </AdminApiContext.Provider>
  );
}
