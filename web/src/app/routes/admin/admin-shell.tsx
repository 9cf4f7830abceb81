import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AdminErrorScreen } from '@/components/admin/admin-error-screen';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { useAuth } from '@/features/auth';
import { AdminApiContext, adminKeys, type AdminApiClient } from '@/lib/admin-api-client';
import { AdminErrorContext, errorParts, type AdminErrorHandling } from '@/lib/admin-error-context';
import { ArticleExtensionsContext } from '@/features/admin-articles';
import { paths } from '@/config/paths';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import { preloadBodyEditor } from '@/components/admin/body-editor/lazy-body-editor';
import { AdminHeader } from './components/admin-header.tsx';
import { articleExtensions } from './article-extensions.tsx';
import DashboardPage from './dashboard.tsx';
import ArticlesPage from './articles.tsx';
import ArticlePage from './article.tsx';
import AdminNotFound from './not-found.tsx';

/**
 * A screen that opens with the body editor: it shows once the editor's chunk is there too (if that chunk
 * fails, the screen shows anyway and the form's editor loads, or fails, in its own place).
 */
const withEditor = async <M,>(screen: Promise<M>): Promise<M> =>
  (await Promise.all([screen, preloadBodyEditor().catch(() => undefined)]))[0];

/**
 * The admin screens by path under /admin (the dashboard is the index). The ones an editor opens less
 * often are chunks of their own.
 */
const screens: {
  path: string;
  Screen: ComponentType & { preload?: () => Promise<void> };
  /** What to load ahead for this address, when it is not the screen's own chunk. */
  preload?: (search: URLSearchParams) => Promise<void> | undefined;
}[] = [
  { path: 'articles', Screen: ArticlesPage },
  { path: 'articles/new', Screen: preloadableLazy(() => withEditor(import('./new-article.tsx'))) },
  // An article opened in its edit form (`?edit=1`, e.g. a reload while editing) shows the editor at once.
  {
    path: 'articles/:id',
    Screen: ArticlePage,
    preload: (search) => (search.get('edit') === '1' ? preloadBodyEditor() : undefined),
  },
  { path: 'articles/:id/preview', Screen: preloadableLazy(() => import('./preview.tsx')) },
  { path: 'articles/:id/live', Screen: preloadableLazy(() => withEditor(import('./live-console.tsx'))) },
  { path: 'calendar', Screen: preloadableLazy(() => import('./calendar.tsx')) },
  { path: 'audit', Screen: preloadableLazy(() => import('./audit.tsx')) },
  { path: 'authors', Screen: preloadableLazy(() => import('./authors.tsx')) },
  { path: 'tags', Screen: preloadableLazy(() => import('./tags.tsx')) },
  { path: 'pictures', Screen: preloadableLazy(() => import('./pictures.tsx')) },
  { path: 'social', Screen: preloadableLazy(() => import('./social.tsx')) },
  { path: 'social/test', Screen: preloadableLazy(() => import('./social-test.tsx')) },
  { path: '*', Screen: AdminNotFound },
];

/**
 * Loads the chunk of the screen at `location` (an /admin address) before the admin area first renders,
 * so an editor opening that address sees the screen as soon as sign-in is checked. A chunk that fails to
 * load here does not stop the admin area: the screen then loads (or shows its failure) when it renders.
 */
export async function preloadScreen(location: { pathname: string; search: string }): Promise<void> {
  const match = matchRoutes(
    screens.map(({ path }) => ({ path })),
    location.pathname,
    paths.admin.root.path,
  )?.at(-1);
  const screen = screens.find((s) => s.path === match?.route.path);
  const preload = screen?.preload ? screen.preload(new URLSearchParams(location.search)) : screen?.Screen.preload?.();
  await preload?.catch(() => undefined);
}

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
                  {screens.map(({ path, Screen }) => (
                    <Route key={path} path={path} element={<Screen />} />
                  ))}
                </Routes>
              </Suspense>
            )}
          </main>
        </ArticleExtensionsContext.Provider>
      </AdminErrorContext.Provider>
    </AdminApiContext.Provider>
  );
}
