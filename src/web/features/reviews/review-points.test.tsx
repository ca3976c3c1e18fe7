import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReviewPoints } from '../../../shared/community-api.ts';
import { pointParam } from '../../../shared/review-points.ts';
import { reviewView, viewSearch } from './query.ts';
import { pointNoun, PointsSummary, pointText } from './review-points.tsx';

const points: NonNullable<ReviewPoints> = {
  reviews: 41,
  aspects: [
    { aspect: 'build_quality', praised: [], criticised: [] },
    { aspect: 'features', praised: [{ topic: 'camera', reviews: 12 }], criticised: [] },
    { aspect: 'look_and_feel', praised: [], criticised: [] },
    {
      aspect: 'performance',
      praised: [{ topic: 'battery', reviews: 23 }],
      criticised: [{ topic: 'heating', reviews: 5 }],
    },
  ],
};

const render = (p: NonNullable<ReviewPoints>) =>
  renderToString(
    <MemoryRouter>
      <PointsSummary
        points={p}
        current={{ topic: 'heating', tone: 'criticised' }}
        href={(point) => `/product/7?point=${pointParam(point)}#reviews`}
      />
    </MemoryRouter>,
  );

describe('what reviewers say', () => {
  it('lists each aspect’s points as links to the reviews that make them, the one shown marked', () => {
    const html = render(points);
    expect(html).toContain('Battery life: praised in 23 of 41 reviews');
    expect(html).toContain('href="/product/7?point=battery.praised#reviews"');
    expect(html).toMatch(/aria-current="true"[^>]*>Heating: criticised in 5 of 41 reviews/);
    expect(html).toContain('Camera: praised in 12 of 41 reviews');
    // Aspects with no point are left out.
    expect(html).not.toContain('Build Quality');
    expect(html).toContain('How the points are found');
  });

  it('says so when no point is made by two reviews', () => {
    const none = { reviews: 10, aspects: points.aspects.map((a) => ({ ...a, praised: [], criticised: [] })) };
    expect(render(none)).toContain('No point is made by two or more reviews yet.');
  });

  it('names a point’s reviews in the count line, and keeps the point in the URL', () => {
    expect(pointNoun({ topic: 'battery', tone: 'praised' }, 6)).toBe('reviews praising battery life');
    expect(pointNoun({ topic: 'camera', tone: 'criticised' }, 1)).toBe('review criticising camera');
    expect(pointText({ topic: 'display', tone: 'criticised' }, 1, 10)).toBe(
      'Display: criticised in 1 of 10 reviews',
    );
    const view = reviewView(new URLSearchParams('point=battery.praised&star=4'));
    expect(view.point).toEqual({ topic: 'battery', tone: 'praised' });
    expect(viewSearch(view)).toBe('?star=4&point=battery.praised');
    expect(reviewView(new URLSearchParams('point=kettle.praised')).point).toBeNull();
  });
});
