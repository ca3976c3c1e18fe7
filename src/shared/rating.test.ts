import { describe, expect, it } from 'vitest';
import { isRatingShown, ratingColour, ratingLabel, ratingTag } from './rating.ts';

describe('rating rules', () => {
  it.each([
    [0.5, 'Bad', 'error'],
    [1.99, 'Bad', 'error'],
    [2, 'So So', 'warning'],
    [2.99, 'So So', 'warning'],
    [3, 'Nice', 'success'],
    [3.99, 'Nice', 'success'],
    [4, 'Great', 'primary'],
    [4.99, 'Great', 'primary'],
    [5, 'Ace', 'highlight'],
  ])('%s is %s in %s', (value, label, colour) => {
    expect(ratingLabel(value)).toBe(label);
    expect(ratingColour(value)).toBe(colour);
  });

  it('shows a rating only from 10 reviews and a non-zero value', () => {
    expect(isRatingShown(4.2, 9)).toBe(false);
    expect(isRatingShown(4.2, 10)).toBe(true);
    expect(isRatingShown(0, 50)).toBe(false);
    expect(isRatingShown(null, 50)).toBe(false);
  });

  it("tags with '--' below the threshold and with the value, label and colour above it", () => {
    expect(ratingTag(4.5, 3)).toEqual({ text: '--', label: null, colour: null });
    expect(ratingTag(0, 30)).toEqual({ text: '--', label: null, colour: null });
    expect(ratingTag(4.46, 30)).toEqual({ text: '4.5', label: 'Great', colour: 'primary' });
    expect(ratingTag(5, 12)).toEqual({ text: '5.0', label: 'Ace', colour: 'highlight' });
  });
});
