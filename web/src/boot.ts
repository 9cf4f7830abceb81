import './styles/index.css';

/**
 * The page's one script tag. A public page arrives fully rendered and works without script, so
 * the app (React, the router, hydration) is fetched only after the browser has painted that page:
 * on a phone its download then never competes with the stylesheet, the fonts and the lead image
 * for the first paint. `requestAnimationFrame` runs just before the next frame is painted; the
 * timeout inside it runs after that paint. A hidden page paints nothing, so it starts at once.
 * The stylesheet stays a `<link>` in the page (imported here, not by the app).
 */
function afterFirstPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

afterFirstPaint(() => void import('./main.tsx'));
