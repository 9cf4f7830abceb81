// Loaded by boot.ts after the first paint, which calls start() (and reports its failure); the stylesheet is boot.ts's.

/** A new task: the browser may handle input and paint between two of the app's large modules. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app arrives in three pieces, each evaluated in its own task (React DOM; the router; the
 * query cache, the app and the page's data), so no single task blocks the page for long on a slow
 * phone: a module graph is evaluated in one go, and React DOM and the router are the largest parts.
 */
export async function start(): Promise<void> {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { AppRouter, createAppRouter } = await import('./app/router.tsx');
  await nextTask();
  const [
    { StrictMode, startTransition },
    { hydrate },
    { App },
    { queryClient },
    { setRenderClock },
    { readRenderState },
  ] = await Promise.all([
    import('react'),
    import('@tanstack/react-query'),
    import('./app/index.tsx'),
    import('./lib/query-client'),
    import('./lib/render-clock'),
    import('./lib/render-state'),
  ]);
  const container = document.getElementById('root')!;
  // A server-rendered public page carries its data: the cache starts with it, so hydration fetches nothing.
  const state = readRenderState(document);
  if (state) {
    setRenderClock(state.renderedAt);
    hydrate(queryClient, state.queries);
  }
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App>
        <AppRouter router={router} />
      </App>
    </StrictMode>
  );
  // Hydration as a transition: React yields to the browser between components instead of one long
  // task (the page is already painted and readable; clicks during hydration are replayed).
  if (state && container.firstChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
