import './styles/index.css';

/**
 * The page's one script tag. A public page arrives fully rendered and works without script, so
 * the app (React, the router, hydration) is fetched only after the browser has painted that page's
 * content: on a phone its download then never competes with the stylesheet, the fonts and the lead
 * image for the first paint. The browser says when it first painted content (the paint timing entry
 * 'first-contentful-paint'); a frame painted before that (the page's background, text still waiting)
 * is not the page. Without paint timing, or on a page that shows nothing until script runs, the app
 * starts once the page has loaded and painted a frame (`requestAnimationFrame` runs just before a
 * frame, the timeout inside it after). A hidden page paints nothing, so it starts at once. The
 * stylesheet stays a `<link>` in the page (imported here, not by the app).
 */
function afterFirstContentfulPaint(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(run, 0);
  };
  if (document.visibilityState === 'hidden') return start();
  const afterAFrame = () => requestAnimationFrame(start);
  if (document.readyState === 'complete') afterAFrame();
  else addEventListener('load', afterAFrame, { once: true });
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start(), { once: true });
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return;
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstContentfulPaint(() => void import('./main.tsx'));
