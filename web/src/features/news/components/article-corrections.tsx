import { useId } from 'react';
import { Link } from 'react-router';
import { CORRECTIONS_PATH, type PublicCorrection } from '@common/corrections-contract';

/** A correction's date as readers see it: the day it was added, in UTC ('30 Nov 2026'), the same on the server and after hydration. */
export function correctionDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The article's corrections at the foot of the story (decision 046): a section headed 'Corrections',
 * each 'Correction, {date}: {text}', newest first, then a link to every correction ('All corrections',
 * /corrections). Nothing when there are none.
 */
export function ArticleCorrections({ corrections }: { corrections?: PublicCorrection[] }) {
  const headingId = useId();
  if (!corrections?.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="article-corrections mt-8 max-w-[68ch] border-l-4 border-tabloid-red py-1 pl-4 font-sans text-sm text-ink"
    >
      <h2 id={headingId} className="font-bold uppercase tracking-wider">
        Corrections
      </h2>
      <ul className="mt-2 space-y-2">
        {corrections.map((c, i) => (
          <li key={`${c.publishedAt}-${i}`} className="break-words">
            <strong>
              Correction, <time dateTime={c.publishedAt}>{correctionDate(c.publishedAt)}</time>:
            </strong>{' '}
            {c.text}
          </li>
        ))}
      </ul>
      <p className="article-corrections__all mt-3">
        <Link
          to={CORRECTIONS_PATH}
          className="font-bold text-tabloid-red underline underline-offset-2 hover:text-tabloid-red-dark"
        >
          All corrections
        </Link>
      </p>
    </section>
  );
}
