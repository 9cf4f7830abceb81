export const RATING_MAX = 10;

/** Rating as stars out of 10, with the value as text for assistive technology. */
export function RatingStars({ rating }: { rating: number }) {
  const value = Math.min(RATING_MAX, Math.max(0, Math.round(Number.isFinite(rating) ? rating : 0)));
  return (
    <span className="admin-stars" role="img" aria-label={`Rated ${value} out of ${RATING_MAX}`}>
      <span aria-hidden="true">
        {Array.from({ length: RATING_MAX }, (_, i) => (
          <span key={i} className={i < value ? 'admin-stars__on' : 'admin-stars__off'}>
            ★
          </span>
        ))}
      </span>
      <span className="admin-stars__value" aria-hidden="true">
        {value}/{RATING_MAX}
      </span>
    </span>
  );
}
