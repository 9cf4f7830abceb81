import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of every public page: skip link, header, the breaking strip slot, main, footer. `public-page`
 * scopes the print rules (index.css) to the reading pages.
 */
export function PublicLayout({ strip, children }: { strip?: ReactNode; children: ReactNode }) {
  return (
    <div className="public-page flex min-h-dvh flex-col bg-paper text-ink">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <SiteHeader />
      {strip}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none md:py-8"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
