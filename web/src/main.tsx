import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/index.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client';
import { setRenderClock } from './lib/render-clock';
import { readRenderState } from './lib/render-state';

// Loaded by boot.ts after the first paint; the stylesheet is boot.ts's.

async function start() {
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

void start();
