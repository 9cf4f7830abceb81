import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The dashboard's reminder of the pictures used in articles that have no description (readers'
 * screen readers get an empty alt for them), with a link to the Pictures screen filtered to those
 * without one. Nothing when there are none.
 */
export function UndescribedPicturesPanel({ count }: { count: number }) {
  const id = useId();
  if (count <= 0) return null;
  const text =
    count === 1
      ? '1 picture used in an article has no description.'
      : `${count.toLocaleString('en-GB')} pictures used in articles have no description.`;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid="undescribed-pictures">
      <h2 id={`${id}-title`}>Pictures</h2>
      <p>{text}</p>
      <p>
        <Link className="admin-link" to={paths.admin.pictures.getHref(undefined, true)}>
          {count === 1 ? 'Describe it' : 'Describe them'}
        </Link>
      </p>
    </section>
  );
}
