import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RouteError } from './routes/components/route-error.tsx';

/** The reading pages' chunks: the routes below load them, and so does a prefetch on a reader's intent. */
export const loadHomeRoute = () => import('./routes/home.tsx');
export const loadArticleRoute = () => import('./routes/article.tsx');
export const loadCategoryRoute = () => import('./routes/category.tsx');
export const loadAuthorRoute = () => import('./routes/author.tsx');
export const loadTagRoute = () => import('./routes/tag.tsx');
export const loadSearchRoute = () => import('./routes/search.tsx');
export const loadCorrectionsRoute = () => import('./routes/corrections.tsx');

/**
 * The route table shared by the browser router (app/router.tsx) and the server renderer
 * (entry-server.tsx). Every page is a lazy route, so each screen is its own chunk; the admin area
 * (routes/admin/*) is never downloaded by public pages and never rendered on the server.
 */
export const routes: RouteObject[] = [
  // The pathless root supplies the (empty) fallback shown while the first lazy route loads, and the
  // error page of every route (a page chunk that fails to load reloads the address: chunk-reload.ts).
  {
    HydrateFallback: InitialLoad,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, lazy: () => loadHomeRoute().then(toRoute) },
      { path: paths.article.path, lazy: () => loadArticleRoute().then(toRoute) },
      { path: paths.about.path, lazy: () => import('./routes/about.tsx').then(toRoute) },
      { path: paths.contact.path, lazy: () => import('./routes/contact.tsx').then(toRoute) },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy.tsx').then(toRoute) },
      { path: paths.corrections.path, lazy: () => loadCorrectionsRoute().then(toRoute) },
      { path: paths.search.path, lazy: () => loadSearchRoute().then(toRoute) },
      { path: paths.author.path, lazy: () => loadAuthorRoute().then(toRoute) },
      { path: paths.tag.path, lazy: () => loadTagRoute().then(toRoute) },
      // Sign-in popup/iframe callbacks: tiny pages without the admin shell (before /admin/*).
      { path: '/admin/auth/callback', lazy: () => import('./routes/admin/auth-callback.tsx').then(toRoute) },
      { path: '/admin/auth/silent', lazy: () => import('./routes/admin/auth-silent.tsx').then(toRoute) },
      {
        path: `${paths.admin.root.path}/*`,
        // With the chunk of the screen at the address opened, so that it shows without a loading state.
        lazy: () =>
          import('./routes/admin/root.tsx').then(async (m) => {
            await m.preloadScreen(window.location);
            return toRoute(m);
          }),
      },
      { path: paths.category.path, lazy: () => loadCategoryRoute().then(toRoute) },
      { path: '*', lazy: () => import('./routes/not-found.tsx').then(toRoute) },
    ],
  },
];

function InitialLoad() {
  return null;
}

function toRoute(m: { default: React.ComponentType }) {
  return { Component: m.default };
}
