import type { Review } from '../../../shared/community-api.ts';

/**
 * "Owned for 5 months" (issue 22): from the month the reviewer got the phone to the month they last wrote the
 * review (an edit says what they think then), in whole months; null when they did not say.
 */
export function ownedFor(review: Pick<Review, 'owned_since' | 'created_at' | 'updated_at'>): string | null {
  const since = review.owned_since?.match(/^(\d{4})-(\d{2})$/);
  if (!since) return null;
  const written = new Date(review.updated_at ?? review.created_at);
  const months =
    (written.getUTCFullYear() - Number(since[1])) * 12 + (written.getUTCMonth() + 1 - Number(since[2]));
  if (months < 1) return 'Owned for less than a month';
  return `Owned for ${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * The line under a review's author: "Owns the 8 GB + 256 GB · Owned for 5 months", either part alone, or null
 * (the API gives no variant when the catalogue names none).
 */
export function ownershipLine(
  review: Pick<Review, 'variant' | 'owned_since' | 'created_at' | 'updated_at'>,
): string | null {
  const parts = [review.variant && `Owns the ${review.variant.label}`, ownedFor(review)].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
