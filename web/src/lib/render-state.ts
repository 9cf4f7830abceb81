import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON script element that carries a server-rendered page's data to the browser. */
export const RENDER_STATE_ID = 'app-state';

/** What the server embeds in a rendered page: its render time and the data the page's queries used. */
export interface RenderState {
  renderedAt: number;
  queries: DehydratedState;
}

/** The embedded state of a server-rendered page, or null (admin pages, an unrendered shell). */
export function readRenderState(doc: Document): RenderState | null {
  const el = doc.getElementById(RENDER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as RenderState;
    return typeof parsed.renderedAt === 'number' && parsed.queries ? parsed : null;
  } catch {
    return null;
  }
}
