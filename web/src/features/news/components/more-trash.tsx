import { Link } from 'react-router';
import { CATEGORIES } from '@common/categories';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '../lib/relative-time';
import type { Article } from '../types';

/**
 * The 'MORE TRASH' block under the grid: the rest of the loaded list as a compact list,
 * or, when everything is already above, the other sections to rummage through.
 */
export function MoreTrash({
  articles,
  currentCategoryPath,
  now,
}: {
  articles: Article[];
  currentCategoryPath?: string;
  now?: Date;
}) {
  return (
    <section aria-labelledby="more-trash-title" className="more-trash mt-12 border-t-8 border-ink pt-4">
      <h2 id="more-trash-title" className="font-display text-3xl uppercase tracking-tight md:text-4xl">
        MORE TRASH
      </h2>
      {articles.length > 0 ? (
        <ol className="mt-4 grid gap-x-8 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <li key={`${String(article.id)}-${index}`} className="border-b border-grey-light py-3">
              <p className="font-sans text-xs font-bold uppercase tracking-wider text-tabloid-red">
                {article.category}
              </p>
              <Link
                to={paths.article.getHref(article.slug)}
                className="font-sans text-lg font-bold leading-snug text-ink no-underline decoration-tabloid-red decoration-2 underline-offset-2 hover:underline"
              >
                {article.headline}
              </Link>
              {article.publishedAt && (
                <p className="font-sans text-sm text-grey-dark">
                  <time dateTime={article.publishedAt}>{formatRelativeTime(article.publishedAt, now)}</time>
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <>
          <p className="more-trash__sections mt-3 font-serif text-body text-grey-dark">
            That's everything in this bin for now. Rummage through another section:
          </p>
          <ul className="more-trash__sections mt-3 flex flex-wrap gap-2">
            {CATEGORIES.filter((c) => c.path !== currentCategoryPath).map((c) => (
              <li key={c.id}>
                <Link
                  to={paths.category.getHref(c.path)}
                  className="inline-block bg-ink px-3 py-2 font-sans text-sm font-bold uppercase tracking-wider text-white no-underline hover:bg-tabloid-red"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
