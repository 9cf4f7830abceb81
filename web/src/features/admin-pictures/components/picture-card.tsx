import type { ImageListItem } from '@common/admin-contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const uploaded = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * One picture of the library: its thumbnail (sized, so the grid does not jump while it loads; its
 * description is the text beside it, so the image itself says nothing more), its description or a
 * 'No description' mark, caption, credit and upload date, the articles that use it (how many, with
 * links to the newest three), and its Edit button.
 */
export function PictureCard({ picture, onEdit }: { picture: ImageListItem; onEdit(button: HTMLButtonElement): void }) {
  const date = uploaded(picture.createdAt);
  const name = picture.alt ? `Edit the picture "${picture.alt}"` : `Edit the picture uploaded ${date}, no description`;
  return (
    <li className="admin-pictures__item">
      <img
        className="admin-pictures__thumb"
        src={picture.url}
        srcSet={picture.srcset || undefined}
        sizes="(max-width: 600px) 100vw, 240px"
        width={picture.width || undefined}
        height={picture.height || undefined}
        alt=""
        loading="lazy"
      />
      <div className="admin-pictures__text">
        {picture.alt ? (
          <p className="admin-pictures__alt">{picture.alt}</p>
        ) : (
          <p className="admin-pictures__missing">No description</p>
        )}
        {picture.caption ? <p>{picture.caption}</p> : null}
        {picture.credit ? <p className="admin-muted">{picture.credit}</p> : null}
        <p className="admin-muted">
          Uploaded <time dateTime={picture.createdAt}>{date}</time>
          {picture.uploadedBy ? ` by ${picture.uploadedBy}` : ''}
        </p>
        <Usage usedBy={picture.usedBy} />
      </div>
      <button
        type="button"
        className="admin-btn admin-btn--small"
        aria-label={name}
        onClick={(e) => onEdit(e.currentTarget)}
      >
        Edit
      </button>
    </li>
  );
}

const articles = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

function Usage({ usedBy }: { usedBy: ImageListItem['usedBy'] }) {
  if (usedBy.count === 0) return <p className="admin-muted">Used by no article</p>;
  const more = usedBy.count - usedBy.articles.length;
  return (
    <div>
      <p className="admin-muted">Used by {articles(usedBy.count)}:</p>
      <ul className="admin-pictures__uses">
        {usedBy.articles.map((a) => (
          <li key={a.id}>
            <Link className="admin-link" to={paths.admin.article.getHref(a.id)}>
              {a.headline}
            </Link>
          </li>
        ))}
        {more > 0 ? <li className="admin-muted">and {articles(more)} more</li> : null}
      </ul>
    </div>
  );
}
