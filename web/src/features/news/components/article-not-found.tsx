import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A missing or failed article: ARTICLE NOT FOUND and a way home. */
export function ArticleNotFound() {
  return (
    <section className="mx-auto max-w-2xl py-12 text-center" aria-labelledby="article-not-found-title">
      <h1 id="article-not-found-title" className="font-display text-5xl uppercase text-tabloid-red md:text-6xl">
        ARTICLE NOT FOUND
      </h1>
      <p className="mt-4 font-serif text-body text-grey-dark">
        The trash you're looking for doesn't exist or has been taken out.
      </p>
      <Link
        to={paths.home.getHref()}
        className="mt-8 inline-block bg-ink px-6 py-3 font-sans font-bold uppercase tracking-wider text-white no-underline hover:bg-tabloid-red"
      >
        Back to the front page
      </Link>
    </section>
  );
}
