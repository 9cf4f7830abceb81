import { authorFeedPath, tagFeedPath } from '@common/byline';
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
 * PERSON_PAGE_SIZE a page (?page=2, …). No such author or tag, or no such page: the not-found screen
 * (the server answers 404 with it).
 */
export function PersonListing({ kind, slug, page }: { kind: ListingKind; slug: string; page: number }) {
  const { result, isLoading, error } = useListing(kind, slug, page);
  const { now } = useNow();
  const name = result?.found ? result.record.name : '';
  useDocumentTitle(name ? `${name}${page > 1 ? `, page ${page}` : ''}` : kind === 'author' ? 'Author' : 'Tag');

  if (!Number.isFinite(page)) return <NotFoundScreen />;
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
  if (!result?.found) return <NotFoundScreen />;

  const href = (n: number) => (kind === 'author' ? paths.author.getHref(slug, n) : paths.tag.getHref(slug, n));
  const feed = kind === 'author' ? authorFeedPath(result.record.slug) : tagFeedPath(result.record.slug);
  return (
    <>
      {kind === 'author' ? (
        <AuthorHeader author={result.record} page={page} />
      ) : (
        <TagHeader tag={result.record} page={page} />
      )}
      <p className="mb-6 font-sans text-sm">
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
      <OlderStoriesNav
        newer={result.page > 1 ? href(result.page - 1) : undefined}
        older={result.hasMore ? href(result.page + 1) : undefined}
      />
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
