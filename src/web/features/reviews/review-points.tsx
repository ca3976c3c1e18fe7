import { Link } from 'react-router';
import type { ReviewPoints } from '../../../shared/community-api.ts';
import { ASPECTS } from '../../../shared/community-constants.ts';
import { formatCount } from '../../../shared/format.ts';
import { POINT_TONES, type ReviewPoint, topicLabel } from '../../../shared/review-points.ts';

/** "Battery life: praised in 23 of 41 reviews". */
export const pointText = (point: ReviewPoint, reviews: number, of: number) =>
  `${topicLabel(point.topic)}: ${point.tone} in ${formatCount(reviews)} of ${formatCount(of)} ${of === 1 ? 'review' : 'reviews'}`;

/** "6 reviews praising the battery life", the count line of a point's reviews. */
export const pointNoun = (point: ReviewPoint, total: number) =>
  `${total === 1 ? 'review' : 'reviews'} ${point.tone === 'praised' ? 'praising' : 'criticising'} ${topicLabel(point.topic).toLowerCase()}`;

/**
 * "What reviewers say" in the rating summary (issue 22, from 10 reviews): under each aspect, the points most
 * reviews make, each a link to the reviews that make it (the count is theirs).
 */
export function PointsSummary({
  points,
  href,
  current,
}: {
  points: NonNullable<ReviewPoints>;
  href(point: ReviewPoint): string;
  current: ReviewPoint | null | undefined;
}) {
  const made = points.aspects.filter((a) => a.praised.length || a.criticised.length);
  return (
    <div className="summary-part summary-points">
      <h3 className="summary-heading">What reviewers say</h3>
      {made.length ? (
        <div className="points-aspects">
          {made.map((a) => (
            <section key={a.aspect} className="points-aspect" aria-labelledby={`points-${a.aspect}`}>
              <h4 id={`points-${a.aspect}`}>{ASPECTS.find((x) => x.key === a.aspect)!.label}</h4>
              <ul>
                {POINT_TONES.flatMap((tone) =>
                  a[tone].map((p) => {
                    const point = { topic: p.topic, tone };
                    const here = current?.topic === p.topic && current.tone === tone;
                    return (
                      <li key={`${p.topic}.${tone}`} className={`point point-${tone}`}>
                        <span aria-hidden="true" className="point-mark">
                          {tone === 'praised' ? '+' : '−'}
                        </span>
                        <Link to={href(point)} preventScrollReset aria-current={here ? 'true' : undefined}>
                          {pointText(point, p.reviews, points.reviews)}
                        </Link>
                      </li>
                    );
                  }),
                )}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="summary-note">No point is made by two or more reviews yet.</p>
      )}
      <p className="summary-note">
        Read from the reviews’ own words, not by us.{' '}
        <Link to="/how-reviews-work#what-reviewers-say">How the points are found</Link>
      </p>
    </div>
  );
}
