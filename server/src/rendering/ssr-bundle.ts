import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the server renderer (web/src/entry-server.tsx, built to dist/ssr) takes and gives. */
export interface SsrRenderInput {
  url: string;
  origin: string;
  now: number;
  appConfig: { siteName: string; [key: string]: unknown };
  data: {
    news(category?: string): Promise<unknown>;
    article(slug: string): Promise<unknown>;
    /** Another public API URL (search, older stories): status and JSON, a 400 problem included. */
    api?(url: string): Promise<{ status: number; body: unknown }>;
  };
}

export interface SsrRenderOutput {
  html: string;
  state: { renderedAt: number; queries: unknown };
}

/** What the renderer of a preview link's page takes (decision 042). */
export interface SsrPreviewInput {
  origin: string;
  now: number;
  appConfig: { siteName: string; [key: string]: unknown };
  /** The article as GET /News/slug/{slug} will give it once published; null: the site's not-found page. */
  article: unknown;
  /** When a scheduled article goes out (ISO-8601), null for a draft. */
  scheduledFor: string | null;
  /** A live blog's page of older entries (`?before=`), shown instead of its newest; null: the newest. */
  older: unknown;
  /** A news list (GET /News), for the breaking strip and the related stories. */
  news(category?: string): Promise<unknown>;
}

export interface SsrBundle {
  render(input: SsrRenderInput): Promise<SsrRenderOutput>;
  /** A preview link's page, without the embedded state (the page loads no script). Older builds lack it. */
  renderPreview?(input: SsrPreviewInput): Promise<{ html: string }>;
  /** The offline page (decision 056), without script. Older builds lack it. */
  renderOffline?(input: Pick<SsrPreviewInput, 'origin' | 'now' | 'appConfig'>): Promise<{ html: string }>;
}

/** The renderer's bundle lies next to the web build: dist/web -> dist/ssr/entry-server.js. */
export function ssrBundleFile(webDistDir: string): string {
  return path.join(path.dirname(path.resolve(webDistDir)), 'ssr', 'entry-server.js');
}

/** Loads the renderer built by `vite build` (with the front end); null when it is not there. */
export async function loadSsrBundle(webDistDir: string): Promise<SsrBundle | null> {
  const file = ssrBundleFile(webDistDir);
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<SsrBundle>;
  return typeof mod.render === 'function' ? (mod as SsrBundle) : null;
}
