import { PublicLayout } from '@/components/layout/public-layout';
import { ScriptlessPageContext } from '@/components/layout/scriptless-page';
import { storiesListHtml, LIST_END, LIST_START } from './worker/policy';
import { OFFLINE_INTRO, OFFLINE_TITLE } from './texts';

/**
 * The offline page (/offline, docs/decisions/056-offline-reading.md): rendered on the server only and
 * sent without script; the service worker keeps it and answers it for a page it has no copy of. The
 * list between the markers ('Stories you have read…' and their headlines) is the worker's to fill with the stories kept on the device; as the server
 * sends it, it says that none is.
 */
export function OfflinePage() {
  return (
    <ScriptlessPageContext.Provider value={true}>
      <PublicLayout>
        <section className="mx-auto max-w-3xl" aria-labelledby="offline-title">
          <h1
            id="offline-title"
            className="border-b-8 border-ink pb-3 font-display text-5xl uppercase leading-none tracking-tight md:text-7xl"
          >
            {OFFLINE_TITLE}
          </h1>
          <p className="mt-6 font-serif text-xl leading-relaxed text-grey-dark">{OFFLINE_INTRO}</p>
          <div
            className={[
              'offline-stories mt-10 font-serif text-body',
              '[&_h2]:mb-4 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:uppercase [&_h2]:leading-tight',
              '[&_ul]:divide-y [&_ul]:divide-grey-light [&_ul]:border-y [&_ul]:border-grey-light',
              '[&_li]:flex [&_li]:flex-col [&_li]:gap-1 [&_li]:py-4',
              '[&_a]:font-display [&_a]:text-2xl [&_a]:uppercase [&_a]:leading-tight [&_a]:text-ink',
              '[&_a]:underline-offset-4 [&_a:hover]:text-tabloid-red',
              '[&_span]:font-sans [&_span]:text-sm [&_span]:text-grey-dark',
            ].join(' ')}
            dangerouslySetInnerHTML={{ __html: `${LIST_START}${storiesListHtml([])}${LIST_END}` }}
          />
        </section>
      </PublicLayout>
    </ScriptlessPageContext.Provider>
  );
}
