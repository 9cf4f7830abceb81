import type { ReactNode } from 'react';

/** A readable text page: big condensed title, then sections with headings at a capped line length. */
export function StaticPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="border-b-8 border-ink pb-3 font-display text-5xl uppercase leading-none tracking-tight md:text-7xl">
        {title}
      </h1>
      {intro && <div className="mt-6 font-serif text-xl leading-relaxed text-grey-dark">{intro}</div>}
      <div
        className={[
          'mt-8 max-w-[68ch] font-serif text-body',
          '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:uppercase [&_h2]:leading-tight',
          '[&_p]:mb-4 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mb-1',
          '[&_a]:font-bold [&_a]:text-tabloid-red [&_a]:underline [&_a]:underline-offset-2',
          '[&_address]:not-italic',
        ].join(' ')}
      >
        {children}
      </div>
    </article>
  );
}
