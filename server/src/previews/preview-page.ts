import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LiveEntriesPage } from '../../../common/live-contract.ts';
import { findCategory } from '../../../common/categories.ts';
import { withoutAppScript } from '../../../common/scriptless-page.ts';
import { NEWS_PAGE_SIZE } from '../../../common/site.ts';
import { withDirectives } from '../plugins/content-security-policy.ts';
import { escapeHtml, jsonForScript } from '../plugins/html-escape.ts';
import { pageTitle } from '../plugins/page-meta.ts';
import { SpaShell } from '../plugins/spa-shell.ts';
import { pageHeaderList } from '../plugins/spa.ts';
import { loadSsrBundle, type SsrBundle } from '../rendering/ssr-bundle.ts';
import type { PublicArticle } from '../repositories/news-repository.ts';

/** The built index.html without its scripts (withoutAppScript): the stylesheet stays, the app never loads. */
export function scriptlessShell(shell: SpaShell): SpaShell {
  return new SpaShell(withoutAppScript(shell.html));
}

/** The head of a preview page: its title, and what keeps it out of search engines and other sites' logs. */
export function previewHead(title: string): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    '<meta name="robots" content="noindex, nofollow" />',
    '<meta name="referrer" content="no-referrer" />',
  ].join('\n    ');
}

/**
 * The pages of preview links: the public article page's components and stylesheet, rendered on the
 * server by the front end's renderer (web/src/entry-server.tsx, renderPreview), sent without the
 * app's script: the page reads as readers will see it, works without JavaScript, opens no live
 * stream, sends no telemetry (which would carry its address) and loads no admin code. Its
 * Content-Security-Policy allows no script at all.
 */
export class PreviewPages {
  private headers: Array<[string, string]> | undefined;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly shell: SpaShell | null,
    private readonly ssr: SsrBundle | null,
  ) {}

  /** The built front end of config.webDistDir; without it (or with a renderer from before previews) none is rendered. */
  static async load(app: FastifyInstance): Promise<PreviewPages> {
    const shell = SpaShell.load(app.config.webDistDir);
    const ssr = shell ? await loadSsrBundle(app.config.webDistDir) : null;
    return new PreviewPages(app, shell ? scriptlessShell(shell) : null, ssr?.renderPreview ? ssr : null);
  }

  /** Whether the front end is built (else a preview answers 503, as pages do). */
  get available(): boolean {
    return this.shell !== null && this.ssr !== null;
  }

  /**
   * The article's page, with the preview banner (and the time it goes out, when scheduled); a live
   * blog's `older` entries (`?before=`) in place of its newest.
   */
  article(
    origin: string,
    article: PublicArticle,
    scheduledFor: string | null,
    older: LiveEntriesPage | null = null,
  ): Promise<string> {
    return this.render(origin, `Preview: ${article.headline}`, article, scheduledFor, older);
  }

  /** The site's not-found page (unknown, turned off, expired, trashed). */
  notFound(origin: string): Promise<string> {
    return this.render(origin, 'Page Not Found', null, null, null);
  }

  /** Sends a page with the pages' security headers, under a policy that runs no script (PREVIEW_HEADERS: the routes' hook). */
  send(reply: FastifyReply, status: number, html: string): FastifyReply {
    this.headers ??= pageHeaderList(
      withDirectives(this.app.contentSecurityPolicy.toString(), { 'script-src': "'none'" }),
    );
    for (const [name, value] of this.headers) reply.header(name, value);
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  private async render(
    origin: string,
    title: string,
    article: PublicArticle | null,
    scheduledFor: string | null,
    older: LiveEntriesPage | null,
  ): Promise<string> {
    const { siteName, publicUrl } = this.app.config;
    const appConfig = { siteName, ...(publicUrl ? { publicUrl } : {}) };
    const { html } = await this.ssr!.renderPreview!({
      origin,
      now: Date.now(),
      appConfig,
      article,
      scheduledFor,
      older,
      news: (category?: string) =>
        this.app.publicNews.list(category ? findCategory(category)?.id : undefined, NEWS_PAGE_SIZE),
    });
    return this.shell!.render(previewHead(pageTitle(siteName, title)), jsonForScript(appConfig), html);
  }
}
