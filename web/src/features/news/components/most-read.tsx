import { Link } from 'react-router';
import type { Category } from '@common/categories';
import { paths } from '@/config/paths';
import { useMostRead } from '../api/get-most-read';

/**
 * 'MOST READ': the five published stories most read in the last 24 hours, numbered, each its section
 * and its headline linking to it (decision 049). `exclude`: the story being read, left out. `category`:
 * a section's page, its stories only, titled 'MOST READ IN POLITICS' (without each one's section label). Nothing at all when no story has
 * reads (or while the list loads: the server renders it with the page).
 */
export function MostRead({ exclude, category }: { exclude?: string; category?: Category }) {
  const stories = useMostRead({ exclude, category: category?.name });
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="most-read-title" className="most-read mt-12 border-t-8 border-ink pt-4">
      <h2 id="most-read-title" className="font-display text-3xl uppercase tracking-tight md:text-4xl">
        {category ? `MOST READ IN ${category.name.toUpperCase()}` : 'MOST READ'}
      </h2>
      <ol className="mt-4 grid gap-x-6 md:grid-cols-2 lg:grid-cols-5">
        {stories.map((story, index) => (
          <li
            key={story.slug}
            className="group relative flex gap-3 border-b border-grey-light py-3 lg:flex-col lg:gap-1 lg:border-b-0 lg:border-t-4 lg:border-t-ink"
          >
            <span aria-hidden="true" className="w-8 shrink-0 font-display text-4xl leading-none text-tabloid-red">
              {index + 1}
            </span>
            <div className="flex flex-col gap-1">
              {/* A section's block: every story is of the section, its label would only repeat the title. */}
              {story.category && !category && (
                <p className="font-sans text-xs font-bold uppercase tracking-wider text-tabloid-red">
                  {story.category}
                </p>
              )}
              <Link
                to={paths.article.getHref(story.slug)}
                className="font-sans text-lg font-bold leading-snug text-ink no-underline decoration-tabloid-red decoration-2 underline-offset-2 hover:underline"
              >
                {story.headline}
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
