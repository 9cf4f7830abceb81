import './styles/index.css';
import { registerOfflineReading } from './features/offline/register';

/** How long after `load` a server-rendered page waits for its first contentful paint before starting anyway. */
const PAINT_WAIT_AFTER_LOAD_MS = 1000;

/**
 * The page's one script tag. A public page arrives fully rendered and works without script, so
 * the app (React, the router, hydration) is fetched only after the browser has painted that page's
 * content: on a phone its download then never competes with the stylesheet, the fonts and the lead
 * image for the first paint. The browser says when it first painted content (the paint timing entry
 * 'first-contentful-paint'); a frame painted before that (the page's background, text still waiting)
 * is not the page, and neither is the frame after `load`: on a busy phone the content can reach the
 * screen after it. So a page the server rendered waits for that entry, or, should it never come, a
 * second after `load`. A page with nothing to paint until script runs (the newsroom's shell), or a
 * browser without paint timing, starts once the page has loaded and painted a frame
 * (`requestAnimationFrame` runs just before a frame, the timeout inside it after). A hidden page
 * paints nothing, so it starts at once. The stylesheet stays a `<link>` in the page (imported here,
 * not by the app).
 */
function afterFirstContentfulPaint(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(run, 0);
  };
  if (document.visibilityState === 'hidden') return start();
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start(), { once: true });
  const rendered = document.getElementById('root')?.firstElementChild != null;
  const paintTiming = PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  const afterLoad = (then: () => void) => {
    if (document.readyState === 'complete') then();
    else addEventListener('load', then, { once: true });
  };
  if (rendered && paintTiming) afterLoad(() => setTimeout(start, PAINT_WAIT_AFTER_LOAD_MS));
  else afterLoad(() => requestAnimationFrame(start));
  if (!paintTiming) return;
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * The app could not start (its code, most often the route's chunk, did not load; or it threw before
 * rendering): the page stays as the server rendered it, readable, and the failure is reported to
 * telemetry, once (app/start-failure.ts, the route error element's rule).
 */
function reportStartFailure(error: unknown): void {
  console.error(error);
  import('./app/start-failure.ts').then((m) => m.reportStartFailure(error)).catch(() => undefined);
}

afterFirstContentfulPaint(() => {
  import('./main.tsx').then((app) => app.start()).catch(reportStartFailure);
});

// Offline reading: the public pages register the service worker after their load event (not the newsroom).
registerOfflineReading();
