import { Link } from 'react-router';
import type { ReviewPoints } from '../../../shared/community-api.ts';
import { formatCount } from '../../../shared/format.ts';
import { POINT_TONES, type ReviewPoint } from '../../../shared/review-points.ts';
import { ASPECT_KEYS, reviewsTexts, TOPIC_KEYS } from './texts.ts';

type T = ReturnType<typeof reviewsTexts.t>;
const english = reviewsTexts.t('en');

/** "Battery life: praised in 23 of 41 reviews". */
export const pointText = (point: ReviewPoint, reviews: number, of: number, t: T = english) =>
  t('pointText', { topic: t(TOPIC_KEYS[point.topic]), tone: point.tone, reviews: formatCount(reviews), of });

/** "6 reviews praising the battery life", the count line of a point's reviews. */
export const pointNoun = (point: ReviewPoint, total: number, t: T = english) =>
  t(point.tone === 'praised' ? 'pointPraising' : 'pointCriticising', {
    count: total,
    topic: t(TOPIC_KEYS[point.topic]).toLowerCase(),
  });

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
  const t = reviewsTexts.useT();
  const made = points.aspects.filter((a) => a.praised.length || a.criticised.length);
  return (
    <div className="summary-part summary-points">
      <h3 className="summary-heading">{t('whatReviewersSay')}</h3>
      {made.length ? (
        <div className="points-aspects">
          {made.map((a) => (
            <section key={a.aspect} className="points-aspect" aria-labelledby={`points-${a.aspect}`}>
              <h4 id={`points-${a.aspect}`}>{t(ASPECT_KEYS[a.aspect])}</h4>
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
                          {pointText(point, p.reviews, points.reviews, t)}
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
        <p className="summary-note">{t('noPoints')}</p>
      )}
      <p className="summary-note">
        {t('pointsFromWords')} <Link to="/how-reviews-work#what-reviewers-say">{t('howPointsFound')}</Link>
      </p>
    </div>
  );
}
