import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Article, PublicRef } from '../types';

const LINK_CLASS = 'text-ink underline decoration-tabloid-red decoration-2 underline-offset-2 hover:text-tabloid-red';

/**
 * "By A, B and C": each author a link to their page; an article without author records (an older
 * client's text) shows its byline text as it is.
 */
export function Byline({ article }: { article: Pick<Article, 'author' | 'authors'> }) {
  const authors = article.authors ?? [];
  if (!hasByline(article)) return null;
  if (authors.length === 0) return <span className="font-bold uppercase tracking-wider">By {article.author}</span>;
  return (
    <span className="font-bold uppercase tracking-wider">
      By{' '}
      {authors.map((author, i) => (
        <span key={author.slug}>
          {i > 0 && (i === authors.length - 1 ? ' and ' : ', ')}
          <Link to={paths.author.getHref(author.slug)} rel="author" className={LINK_CLASS}>
            {author.name}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** Whether the article names anyone: its author records, else its byline text. */
export function hasByline(article: Pick<Article, 'author' | 'authors'>): boolean {
  return (article.authors?.length ?? 0) > 0 || !!article.author;
}

/** The article's tags at its foot, each a link to its page. */
export function ArticleTags({ tags }: { tags?: PublicRef[] }) {
  if (!tags?.length) return null;
  return (
    <nav aria-label="Tags" className="mt-6 border-t border-grey-light pt-4">
      <h2 className="sr-only">Tags</h2>
      <ul className="flex flex-wrap gap-2 font-sans text-sm">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={paths.tag.getHref(tag.slug)}
              rel="tag"
              className="inline-block border-2 border-ink px-2 py-1 font-bold uppercase tracking-wider text-ink no-underline hover:bg-ink hover:text-white focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-tabloid-red"
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
