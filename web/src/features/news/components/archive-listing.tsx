import { Link } from 'react-router';
import type { Category } from '@common/categories';
import { archiveNeighbours, type ArchivePosition } from '@common/older-stories';
import { NotFoundScreen } from '@/components/not-found-screen';
import { useNow } from '@/lib/render-clock';
import { useArchive } from '../api/get-archive';
import { ArticleCard } from './article-card';
import { LISTING_GRID_CLASS, ListingSkeleton } from './article-card-skeleton';
import { OlderStoriesNav } from './older-stories-nav';

/** Page 2, 3, … of the home page or a section: the next older stories, newest first, by keyset cursor. */
export function ArchiveListing({ category, position }: { category?: Category; position: ArchivePosition }) {
  const basePath = category ? `/${category.path}` : '/';
  const { result, isLoading, error } = useArchive({
    category: category?.name,
    before: position.before,
    after: position.after,
  });
  const { now } = useNow();
  const section = category ? `${category.name}: older stories` : 'Older stories';

  const heading = (
    <header className="mb-6">
      <h1 className="inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
        {section}
      </h1>
      <p className="mt-2 font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Page {position.page}</p>
    </header>
  );

  if (isLoading) {
    return (
      <>
        {heading}
        <ListingSkeleton count={6} sizeOf={() => 'small'} />
      </>
    );
  }

  // No older stories here, or a link that is not ours: the server answers 404 with the same screen.
  if (!error && (!result || result.invalid || result.articles.length === 0)) return <NotFoundScreen />;

  if (error || !result) {
    return (
      <>
        {heading}
        <section className="border-4 border-ink px-6 py-12 text-center" aria-labelledby="no-older-title">
          <h2 id="no-older-title" className="font-display text-4xl uppercase md:text-5xl">
            NO TRASH FOUND
          </h2>
          <p className="mt-3 font-serif text-body text-grey-dark">
            Failed to fetch older stories. Please try again in a moment.
          </p>
          <Link
            to={basePath}
            className="mt-6 inline-block bg-tabloid-red px-6 py-3 font-sans font-bold uppercase tracking-wider text-white no-underline hover:bg-tabloid-red-dark"
          >
            Back to the latest {category ? category.name : ''} stories
          </Link>
        </section>
      </>
    );
  }

  const links = archiveNeighbours(basePath, position, result);
  return (
    <>
      {heading}
      <div className={LISTING_GRID_CLASS}>
        {result.articles.map((article, index) => (
          <ArticleCard key={`${String(article.id)}-${index}`} article={article} size="small" now={now} />
        ))}
      </div>
      <OlderStoriesNav newer={links.prev} older={links.next} />
    </>
  );
}
