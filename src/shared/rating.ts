import { MIN_REVIEWS_FOR_RATING } from './constants.ts';

export type RatingColour = 'error' | 'warning' | 'success' | 'primary' | 'highlight';

/** Labels: below 2 Bad, 2 to 3 So So, 3 to 4 Nice, 4 to under 5 Great, exactly 5 Ace. */
export function ratingLabel(value: number): string {
  if (value >= 5) return 'Ace';
  if (value >= 4) return 'Great';
  if (value >= 3) return 'Nice';
  if (value >= 2) return 'So So';
  return 'Bad';
}

/** Colour bands: under 2 error, 2 to under 3 warning, 3 to under 4 success, 4 to under 5 primary, 5 highlight. */
export function ratingColour(value: number): RatingColour {
  if (value >= 5) return 'highlight';
  if (value >= 4) return 'primary';
  if (value >= 3) return 'success';
  if (value >= 2) return 'warning';
  return 'error';
}

/** A rating is shown only with at least 10 reviews and a non-zero value. */
export function isRatingShown(value: number | null | undefined, totalReviews: number): boolean {
  return !!value && value > 0 && totalReviews >= MIN_REVIEWS_FOR_RATING;
}

export interface RatingTag {
  text: string;
  label: string | null;
  colour: RatingColour | null;
}

/** The tag shown beside a product: '--' with fewer than 10 reviews or a zero value. */
export function ratingTag(value: number | null | undefined, totalReviews: number): RatingTag {
  if (!isRatingShown(value, totalReviews)) return { text: '--', label: null, colour: null };
  const v = value as number;
  return { text: v.toFixed(1), label: ratingLabel(v), colour: ratingColour(v) };
}
