import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Review } from '../../../shared/community-api.ts';
import { REVIEW_UPDATES_MAX } from '../../../shared/community-constants.ts';
import { ReviewUpdates, sinceReview, updateHeading } from './review-updates.tsx';

const review = (r: Partial<Review> = {}): Review => ({
  id: 3,
  product_id: 9,
  author: { username: 'asha', firstName: 'Asha', lastName: 'Rao', image: null, demo: false },
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary: 'Good phone',
  description: 'Works well for me.',
  variant: null,
  useful: 0,
  not_useful: 0,
  comments: 0,
  created_at: '2026-01-10T08:00:00.000Z',
  updated_at: null,
  my_reaction: null,
  mine: false,
  hidden: null,
  updates: [],
  incentivised: 'none',
  owned_since: null,
  verified_owner: false,
  proof_pending: false,
  ...r,
});

/** The text a reader sees (entities left as they are): React's `<!-- -->` separators join, tags part words. */
const text = (h: string) =>
  h
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('how long after the review', () => {
  it('counts days within a month, then months and years; nothing the same day', () => {
    const at = '2026-01-10T08:00:00.000Z';
    expect(sinceReview(at, '2026-01-10T20:00:00.000Z')).toBeNull();
    expect(updateHeading(at, '2026-01-10T20:00:00.000Z')).toBe('Update the same day');
    expect(sinceReview(at, '2026-01-11T08:00:00.000Z')).toBe('1 day');
    expect(sinceReview(at, '2026-02-05T08:00:00.000Z')).toBe('26 days');
    expect(updateHeading(at, '2026-04-12T08:00:00.000Z')).toBe('Update after 3 months');
    expect(updateHeading(at, '2027-03-15T08:00:00.000Z')).toBe('Update after 1 year 2 months');
    expect(sinceReview(at, '2025-12-01T08:00:00.000Z')).toBeNull();
  });
});

describe('a review’s updates', () => {
  const updates = [
    { text: 'Three months: battery fine.', created_at: '2026-04-12T08:00:00.000Z' },
    { text: 'A year: <b>screen</b> line.', created_at: '2027-01-20T08:00:00.000Z' },
  ];

  it('lists them oldest first with their headings and dates, as text', () => {
    const h = renderToString(<ReviewUpdates review={review({ updates })} />);
    expect(h).toContain('aria-label="Updates from the author"');
    expect(text(h)).toBe(
      'Update after 3 months 12 April 2026 Three months: battery fine. Update after 1 year 20 January 2027 A year: &lt;b&gt;screen&lt;/b&gt; line.',
    );
    expect(h).toContain('&lt;b&gt;screen&lt;/b&gt;');
    expect(h).not.toContain('Add an update');
  });

  it('offers the author "Add an update" while there is room, and not on a hidden review', () => {
    expect(renderToString(<ReviewUpdates review={review()} />)).toBe('');
    expect(text(renderToString(<ReviewUpdates review={review({ mine: true })} />))).toBe(
      'Add an update to your review “Good phone”',
    );
    const full = Array.from({ length: REVIEW_UPDATES_MAX }, (_, i) => ({
      text: `Update ${i}`,
      created_at: `2026-02-${String(i + 10)}T08:00:00.000Z`,
    }));
    expect(renderToString(<ReviewUpdates review={review({ mine: true, updates: full })} />)).not.toContain(
      'Add an update',
    );
    const hidden = review({
      mine: true,
      hidden: { reason: 'Spam.', at: '2026-02-01T00:00:00.000Z', automatic: false },
    });
    expect(renderToString(<ReviewUpdates review={hidden} />)).toBe('');
  });
});
