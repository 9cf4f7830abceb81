import { useEffect, useState } from 'react';
import { createPath, Link, useLocation, useRouteError } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isChunkLoadError, isReloading, reloadOnce, wasReloadedRecently } from '../../chunk-reload.ts';
import { reportPageError } from '../../page-error-report.ts';

export const ROUTE_ERROR_TITLE = 'Something went wrong';
export const ROUTE_ERROR_TEXT = 'This page could not be shown. Reload it, or go back to the home page.';

/**
 * The root route's error element. A page whose code chunk failed to load (a deploy replaced the
 * hashed files, or the connection dropped) is loaded afresh from the server, once per address
 * (chunk-reload.ts); anything else, or a chunk that fails again, shows a plain error page in the
 * public site's look, or the newsroom's under /admin. Imports no admin code: public pages carry it.
 * The error shown is reported to telemetry (an exception with the address's path and its kind); the
 * silent reload is not.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const href =
    typeof window === 'undefined' ? createPath(location) : new URL(createPath(location), window.location.href).href;
  const chunkError = isChunkLoadError(error);
  // Decided once: a reload under way shows nothing (the server's page replaces this one).
  const [reloading] = useState(
    () => chunkError && typeof window !== 'undefined' && (isReloading() || !wasReloadedRecently(href)),
  );

  useEffect(() => {
    if (reloading) {
      reloadOnce(href);
      return;
    }
    console.error(error);
    reportPageError(error, location.pathname, chunkError);
  }, [reloading, href, error, location.pathname, chunkError]);

  if (reloading) return null;
  return location.pathname === paths.admin.root.path || location.pathname.startsWith(`${paths.admin.root.path}/`) ? (
    <NewsroomErrorPage />
  ) : (
    <PublicErrorPage />
  );
}

function reload() {
  window.location.reload();
}

function PublicErrorPage() {
  useDocumentTitle(ROUTE_ERROR_TITLE);
  return (
    <PublicLayout>
      <section className="mx-auto max-w-2xl py-12 text-center" aria-labelledby="route-error-title">
        <h1 id="route-error-title" className="font-display text-4xl uppercase md:text-5xl">
          {ROUTE_ERROR_TITLE}
        </h1>
        <p className="mt-4 font-serif text-body text-grey-dark">{ROUTE_ERROR_TEXT}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
          <button
            type="button"
            onClick={reload}
            className="min-h-11 bg-tabloid-red px-6 py-3 font-sans font-bold uppercase tracking-wider text-white hover:bg-tabloid-red-dark"
          >
            Reload
          </button>
          <Link
            to={paths.home.getHref()}
            reloadDocument
            className="inline-block min-h-11 border-2 border-ink px-6 py-2.5 font-sans font-bold uppercase tracking-wider text-ink no-underline hover:bg-ink hover:text-white"
          >
            Return to Home
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

/**
 * The newsroom's look: admin.css's classes, there when the newsroom's stylesheet loaded; the
 * utility classes keep the page readable when it did not (the newsroom's own chunk failed).
 */
function NewsroomErrorPage() {
  useDocumentTitle(ROUTE_ERROR_TITLE);
  return (
    <div className="admin-app">
      <main className="admin-center p-4">
        <section
          className="admin-panel admin-center-text mx-auto max-w-xl text-center"
          aria-labelledby="route-error-title"
        >
          <h1 id="route-error-title" className="text-2xl font-bold">
            {ROUTE_ERROR_TITLE}
          </h1>
          <p className="mt-2">{ROUTE_ERROR_TEXT}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <button type="button" className="admin-btn admin-btn--primary border px-4 py-2" onClick={reload}>
              Reload
            </button>
            <a className="admin-btn border px-4 py-2" href={paths.admin.root.getHref()}>
              Back to the dashboard
            </a>
          </div>
        </section>
      </main>
    </div>
  );
}
