import { ratingTag } from '../../shared/rating.ts';
import { formatCount } from '../../shared/format.ts';
import { browseTexts } from './browse/texts.ts';

/** The rating's word in the page's language, by its English label (shared/rating.ts). */
const LABEL_KEYS = {
  Ace: 'ratingAce',
  Great: 'ratingGreat',
  Nice: 'ratingNice',
  'So So': 'ratingSoSo',
  Bad: 'ratingBad',
} as const;

export function RatingTag({
  value,
  totalReviews,
  showCount = true,
}: {
  value: number;
  totalReviews: number;
  showCount?: boolean;
}) {
  const t = browseTexts.useT();
  const tag = ratingTag(value, totalReviews);
  const word = tag.label && t(LABEL_KEYS[tag.label as keyof typeof LABEL_KEYS] ?? 'ratingBad');
  const label = word ? t('rated', { value: tag.text, label: word }) : t('noRating');
  return (
    <span className="rating">
      <span className={`rating-tag${tag.colour ? ` rating-${tag.colour}` : ''}`} title={label}>
        <span aria-hidden="true">{tag.text === '--' ? '--' : `★ ${tag.text}`}</span>
        <span className="visually-hidden">{label}</span>
      </span>
      {/* Already said by the tag's hidden text: read once ("… out of 5, Great"), not twice. */}
      {tag.label && (
        <span className="rating-label" aria-hidden="true">
          {word}
        </span>
      )}
      {showCount && (
        <span className="review-count">
          {t('reviewCount', { n: totalReviews, count: formatCount(totalReviews) })}
        </span>
      )}
    </span>
  );
}
