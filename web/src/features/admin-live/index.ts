export { LiveConsole } from './components/live-console.tsx';
export { LiveCoveragePanel } from './components/live-coverage-panel.tsx';
export type { LiveArticle } from './types.ts';
