import { useEffect, useState } from 'react';

/**
 * One clock value shared by the server and the browser: the server renders relative times
 * ('3 hours ago') and dates from its render time and embeds that time in the page; the browser
 * hydrates with the same value (so the markup matches), then refines to its own clock.
 */
let renderedAt: number | undefined;

/** Set before rendering on the server, and before hydrating in the browser. */
export function setRenderClock(ms: number | undefined): void {
  renderedAt = ms;
}

export interface RenderNow {
  now: Date;
  /** False for the first render of a server-rendered page (dates then use UTC, as the server does). */
  refined: boolean;
}

/** The current time for rendering: the page's render time until hydration, then the browser's own. */
export function useNow(): RenderNow {
  const [state, setState] = useState<RenderNow>(() =>
    renderedAt === undefined ? { now: new Date(), refined: true } : { now: new Date(renderedAt), refined: false },
  );
  useEffect(() => {
    if (state.refined) return;
    // After the first commit every later screen renders from the browser's clock.
    renderedAt = undefined;
    setState({ now: new Date(), refined: true });
  }, [state.refined]);
  return state;
}
