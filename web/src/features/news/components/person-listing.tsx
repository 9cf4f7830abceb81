import { authorFeedPath, tagFeedPath } from '@common/byline';
import { archiveNeighbours, type ArchivePosition } from '@common/older-stories';
import { NotFoundScreen } from '@/components/not-found-screen';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-clock';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListing, type ListingKind, type ListingRecord } from '../api/get-listing';
import { ArticleCard } from './article-card';
import { LISTING_GRID_CLASS, ListingSkeleton } from './article-card-skeleton';
import { OlderStoriesNav } from './older-stories-nav';

/**
 * /author/{slug} and /tag/{slug}: who (or what) it is, then their published stories, newest first,
 * PERSON_PAGE_SIZE a page, paged as the older stories are: `?page=2&before=<cursor>`, …
 * (common/older-stories.ts). No such author or tag, or a cursor with no stories (or not ours): the
 * not-found screen (the server answers 404 with it).
 */
export function PersonListing({
  kind,
  slug,
  position,
}: {
  kind: ListingKind;
  slug: string;
  /** Page 2, 3, …: its number and cursor; undefined: page 1. */
  position?: ArchivePosition;
}) {
  const { result, isLoading, error } = useListing(kind, slug, position);
  const { now } = useNow();
  const page = position?.page ?? 1;
  const name = result?.found ? result.record.name : '';
  useDocumentTitle(name ? `${name}${page > 1 ? `, page ${page}` : ''}` : kind === 'author' ? 'Author' : 'Tag');

  if (isLoading) return <ListingSkeleton count={6} sizeOf={() => 'small'} />;
  if (error) {
    return (
      <section className="border-4 border-ink px-6 py-12 text-center" aria-labelledby="listing-failed-title">
        <h1 id="listing-failed-title" className="font-display text-4xl uppercase md:text-5xl">
          NO TRASH FOUND
        </h1>
        <p className="mt-3 font-serif text-body text-grey-dark">Failed to fetch the stories. Please try again.</p>
      </section>
    );
  }
  if (!result?.found || (position && result.articles.length === 0)) return <NotFoundScreen />;

  const basePath = kind === 'author' ? paths.author.getHref(slug) : paths.tag.getHref(slug);
  const links = archiveNeighbours(basePath, position, result);
  const feed = kind === 'author' ? authorFeedPath(result.record.slug) : tagFeedPath(result.record.slug);
  return (
    <>
      {kind === 'author' ? (
        <AuthorHeader author={result.record} page={page} />
      ) : (
        <TagHeader tag={result.record} page={page} />
      )}
      <p className="listing-feed mb-6 font-sans text-sm">
        <a href={feed} className="font-bold text-tabloid-red underline underline-offset-2 hover:text-tabloid-red-dark">
          RSS feed<span className="sr-only"> of {result.record.name}</span>
        </a>
      </p>
      {result.articles.length === 0 ? (
        <p className="font-serif text-body text-grey-dark">No published stories yet.</p>
      ) : (
        <div className={LISTING_GRID_CLASS}>
          {result.articles.map((article, index) => (
            <ArticleCard key={`${String(article.id)}-${index}`} article={article} size="small" now={now} />
          ))}
        </div>
      )}
      <OlderStoriesNav newer={links.prev} older={links.next} />
    </>
  );
}

function AuthorHeader({ author, page }: { author: ListingRecord; page: number }) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start">
      {author.photoUrl && (
        <img
          src={author.photoUrl}
          alt={`Photo of ${author.name}`}
          width={128}
          height={128}
          className="h-32 w-32 shrink-0 border-4 border-ink object-cover"
        />
      )}
      <div>
        <p className="font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Author</p>
        <h1 className="inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
          {author.name}
        </h1>
        {page > 1 && (
          <p className="mt-2 font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Page {page}</p>
        )}
        {author.bio && (
          <p className="mt-3 max-w-[68ch] whitespace-pre-line font-serif text-body text-ink">{author.bio}</p>
        )}
        {author.xHandle && (
          <p className="mt-2 font-sans text-sm">
            <a
              href={`https://x.com/${author.xHandle}`}
              rel="me noopener noreferrer"
              target="_blank"
              className="font-bold text-ink underline underline-offset-2 hover:text-tabloid-red"
            >
              @{author.xHandle} on X<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
    </header>
  );
}

function TagHeader({ tag, page }: { tag: ListingRecord; page: number }) {
  return (
    <header className="mb-6">
      <p className="font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Tag</p>
      <h1 className="inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
        {tag.name}
      </h1>
      {page > 1 && (
        <p className="mt-2 font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Page {page}</p>
      )}
    </header>
  );
}
