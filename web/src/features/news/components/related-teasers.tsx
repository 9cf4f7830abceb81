import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-clock';
import { objectPosition } from '@common/images';
import { IMAGE_SIZES, imageSources } from '../lib/image-sources';
import { formatRelativeTime } from '../lib/relative-time';
import type { Article } from '../types';

/** 'MORE QUESTIONABLE JOURNALISM': three teasers of other real articles. */
export function RelatedTeasers({ articles, isLoading }: { articles: Article[]; isLoading: boolean }) {
  const { now } = useNow();
  return (
    <section aria-labelledby="more-questionable-title" className="related-teasers mt-12 border-t-8 border-ink pt-4">
      <h2 id="more-questionable-title" className="font-display text-3xl uppercase tracking-tight md:text-4xl">
        MORE QUESTIONABLE JOURNALISM
      </h2>
      <ul className="mt-4 grid gap-6 md:grid-cols-3">
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i} aria-hidden="true" className="flex flex-col gap-2 border-t-4 border-grey-light pt-3">
                <div className="aspect-video bg-grey-light" />
                <div className="h-5 w-20 bg-grey-light" />
                <div className="h-7 w-full bg-grey-light" />
                <div className="h-7 w-2/3 bg-grey-light" />
              </li>
            ))
          : articles.map((article) => (
              <li
                key={article.slug}
                className="group relative flex flex-col gap-2 border-t-4 border-ink pt-3 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-ink has-[a:focus-visible]:shadow-[0_0_0_10px_var(--color-tabloid-yellow)]"
              >
                {article.imageUrl && (
                  <div className="aspect-video overflow-hidden bg-grey-light">
                    <img
                      {...imageSources(article.imageUrl, IMAGE_SIZES.teaser)}
                      src={article.imageUrl}
                      alt={article.imageAlt ?? ''}
                      width={640}
                      height={360}
                      loading="lazy"
                      decoding="async"
                      className="h-full w-full object-cover"
                      style={{ objectPosition: objectPosition(article.imageFocalX, article.imageFocalY) }}
                    />
                  </div>
                )}
                <p>
                  <Badge tone="black">{article.category}</Badge>
                </p>
                <h3 className="font-display text-xl uppercase leading-tight md:text-2xl">
                  <Link
                    to={paths.article.getHref(article.slug)}
                    className="text-ink no-underline decoration-tabloid-red decoration-4 underline-offset-4 outline-none focus-visible:shadow-none after:absolute after:inset-0 after:content-[''] group-hover:underline"
                  >
                    {article.headline}
                  </Link>
                </h3>
                {article.publishedAt && (
                  <p className="font-sans text-sm text-grey-dark">
                    <time dateTime={article.publishedAt}>{formatRelativeTime(article.publishedAt, now)}</time>
                  </p>
                )}
              </li>
            ))}
      </ul>
    </section>
  );
}
