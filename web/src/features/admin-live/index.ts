import { lazy } from 'react';

/** The console and its editor load in a chunk of their own, when the console opens. */
export const LiveConsole = lazy(() =>
  import('./components/live-console.tsx').then((m) => ({ default: m.LiveConsole })),
);
export { LiveCoveragePanel } from './components/live-coverage-panel.tsx';
export type { LiveArticle } from './types.ts';
