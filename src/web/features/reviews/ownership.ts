import type { Review } from '../../../shared/community-api.ts';
import { reviewsTexts } from './texts.ts';

type T = ReturnType<typeof reviewsTexts.t>;
const english = reviewsTexts.t('en');

/**
 * "Owned for 5 months" (issue 22): from the month the reviewer got the phone to the month they last wrote the
 * review (an edit says what they think then), in whole months; null when they did not say.
 */
export function ownedFor(
  review: Pick<Review, 'owned_since' | 'created_at' | 'updated_at'>,
  t: T = english,
): string | null {
  const since = review.owned_since?.match(/^(\d{4})-(\d{2})$/);
  if (!since) return null;
  const written = new Date(review.updated_at ?? review.created_at);
  const months =
    (written.getUTCFullYear() - Number(since[1])) * 12 + (written.getUTCMonth() + 1 - Number(since[2]));
  if (months < 1) return t('ownedLessThanMonth');
  return t('ownedMonths', { count: months });
}

/**
 * The line under a review's author: "Owns the 8 GB + 256 GB · Owned for 5 months", either part alone, or null
 * (the API gives no variant when the catalogue names none).
 */
export function ownershipLine(
  review: Pick<Review, 'variant' | 'owned_since' | 'created_at' | 'updated_at'>,
  t: T = english,
): string | null {
  const parts = [
    review.variant && t('ownsVariant', { variant: review.variant.label }),
    ownedFor(review, t),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
