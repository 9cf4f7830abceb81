import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { startPageTelemetry } from '@/lib/telemetry';
import { routes } from './route-table.tsx';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the lazy modules of the routes matching the current URL before the router starts, so a
 * server-rendered page hydrates with its screen at once (no fallback, no mismatch).
 */
async function resolveLazyMatches(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The browser router; telemetry (page views of route changes, news calls as dependencies) starts with it. */
export async function createAppRouter(): Promise<BrowserRouter> {
  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes);
  startPageTelemetry(router);
  return router;
}

export function AppRouter({ router }: { router: BrowserRouter }) {
  return <RouterProvider router={router} />;
}
