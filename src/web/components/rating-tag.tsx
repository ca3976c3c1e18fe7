import { ratingTag } from '../../shared/rating.ts';
import { formatCount } from '../../shared/format.ts';

export function RatingTag({
  value,
  totalReviews,
  showCount = true,
}: {
  value: number;
  totalReviews: number;
  showCount?: boolean;
}) {
  const tag = ratingTag(value, totalReviews);
  const label = tag.label
    ? `Rated ${tag.text} out of 5, ${tag.label}`
    : 'Not enough reviews for a rating yet';
  return (
    <span className="rating">
      <span className={`rating-tag${tag.colour ? ` rating-${tag.colour}` : ''}`} title={label}>
        <span aria-hidden="true">{tag.text === '--' ? '--' : `★ ${tag.text}`}</span>
        <span className="visually-hidden">{label}</span>
      </span>
      {/* Already said by the tag's hidden text: read once ("… out of 5, Great"), not twice. */}
      {tag.label && (
        <span className="rating-label" aria-hidden="true">
          {tag.label}
        </span>
      )}
      {showCount && (
        <span className="review-count">
          {formatCount(totalReviews)} {totalReviews === 1 ? 'review' : 'reviews'}
        </span>
      )}
    </span>
  );
}
