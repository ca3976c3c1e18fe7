import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReviewSummary } from '../../../shared/community-api.ts';
import { reviewView } from './query.ts';
import { Summary } from './reviews-section.tsx';

const summary = (verified: number): ReviewSummary => ({
  total_reviews: 24,
  value: 3.8,
  aspects: { build_quality: 4, features: 3.5, look_and_feel: 4, performance: 3.5 },
  distribution: [2, 2, 4, 8, 8],
  incentivised: { reviews: 0, value: 0 },
  verified: { reviews: verified, value: 4.2 },
  points: null,
});

const render = (s: ReviewSummary) =>
  renderToString(
    <MemoryRouter>
      <Summary summary={s} view={reviewView(new URLSearchParams())} href={() => '/product/1#reviews'} />
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');

describe('the rating summary', () => {
  it('gives the verified owners’ average from 10 of their reviews, not 9 (issue 22)', () => {
    expect(render(summary(9))).not.toContain('Verified owners');
    expect(render(summary(10))).toContain('Verified owners: 4.2 from 10 reviews');
  });

  it('shows what reviewers say only when the summary has points', () => {
    expect(render(summary(0))).not.toContain('What reviewers say');
    const points = {
      reviews: 24,
      aspects: [{ aspect: 'performance' as const, praised: [], criticised: [] }],
    };
    expect(render({ ...summary(0), points })).toContain('What reviewers say');
  });
});
