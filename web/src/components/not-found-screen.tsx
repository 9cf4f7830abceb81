import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The 404 screen: 'Oops! Page not found' and a link home. */
export function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto max-w-2xl py-12 text-center" aria-labelledby="not-found-title">
      <p className="font-display text-8xl leading-none text-tabloid-red" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 font-display text-4xl uppercase md:text-5xl">
        Oops! Page not found
      </h1>
      <p className="mt-4 font-serif text-body text-grey-dark">
        Even our most shameless reporters couldn't dig this one up. It may never have existed, which has never stopped
        us before.
      </p>
      <Link
        to={paths.home.getHref()}
        className="mt-8 inline-block bg-tabloid-red px-6 py-3 font-sans font-bold uppercase tracking-wider text-white no-underline hover:bg-tabloid-red-dark"
      >
        Return to Home
      </Link>
    </section>
  );
}
