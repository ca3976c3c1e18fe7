import { Link } from 'react-router';
import { formatCount, formatDate } from '../../shared/format.ts';
import { REPORT_REASONS } from '../../shared/community-constants.ts';
import type { Transparency } from '../../shared/moderation-constants.ts';
import contentStylesHref from '../features/content/content.css?url';
import { contentTexts } from '../features/content/texts.ts';
import { type Translate, useLocale } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';

type ContentKey = Parameters<ReturnType<typeof contentTexts.t>>[0];
import type { Route } from './+types/transparency';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/** The live figures, read when the page is rendered (the page cache keeps them a few seconds at most). */
export async function loader({ context }: Route.LoaderArgs) {
  return { report: await context.services.communityReads.transparency() };
}

export const meta = (args: Route.MetaArgs) => {
  const t = contentTexts.t(localeOf(args));
  return pageMeta(args, t('transparencyTitle'), t('transparencyDescription'), { path: '/transparency' });
};

const hours = (h: number, t: Translate<ContentKey>) =>
  h < 1
    ? t('minutes', { count: String(Math.max(1, Math.round(h * 60))) })
    : h < 48
      ? t('hours', { count: String(h) })
      : t('days', { count: String(Math.round(h / 24)) });

/** "4.2 %" of a whole; "0 %" of none. */
const share = (part: number, whole: number) =>
  `${whole ? (Math.round((part / whole) * 1000) / 10).toLocaleString('en-IN') : 0} %`;

/** A reason's name in the page's language: the English names are the reasons' ids' (REPORT_REASONS). */
const REASON_IDS = new Map<string, string>(
  Object.entries(REPORT_REASONS.review).map(([id, name]) => [name, id]),
);
function reasonName(reason: string, t: Translate<ContentKey>): string {
  const id = REASON_IDS.get(reason);
  return id ? t(`reason${id}` as ContentKey) : reason;
}

function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="transparency-figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /transparency (issue 22): what was published and hidden and why, appeals and their outcomes, how long
 * moderators take, and the period the ratings were collected over, live from the database.
 */
export default function TransparencyPage({ loaderData }: Route.ComponentProps) {
  const r: Transparency = loaderData.report;
  const appealsDecided = r.appeals.granted + r.appeals.upheld;
  const t = contentTexts.useT();
  const locale = useLocale();
  return (
    <article className="prose content-page" aria-labelledby="transparency-title">
      <h1 id="transparency-title">{t('transparencyTitle')}</h1>
      <p>
        {t('transparencyIntro')} <Link to="/how-reviews-work">{t('howReviewsWork')}</Link>
        {t('transparencyIntroAfter')}
      </p>
      <h2>{t('reviews')}</h2>
      <Figures
        rows={[
          [t('published'), formatCount(r.reviews.published)],
          [
            t('verifiedOwners'),
            `${formatCount(r.reviews.verified_owners)} (${share(r.reviews.verified_owners, r.reviews.published)})`,
          ],
          [
            t('incentivised'),
            `${formatCount(r.reviews.incentivised)} (${share(r.reviews.incentivised, r.reviews.published)})`,
          ],
          [t('hiddenNow'), formatCount(r.reviews.hidden)],
          [t('hiddenAutomatically'), formatCount(r.reviews.hidden_automatically)],
          [t('hiddenByModerators'), formatCount(r.reviews.hidden_by_moderators)],
          [
            t('ratingsCollected'),
            r.ratings_period
              ? t('period', {
                  from: formatDate(r.ratings_period.from, locale),
                  to: formatDate(r.ratings_period.to, locale),
                })
              : t('noReviewsYet'),
          ],
        ]}
      />
      <h2>{t('whyHidden')}</h2>
      {r.hidden_by_reason.length ? (
        <>
          <p className="muted small">{t('countsOnce')}</p>
          <Figures rows={r.hidden_by_reason.map((x) => [reasonName(x.reason, t), formatCount(x.reviews)])} />
        </>
      ) : (
        <p>{t('noHiddenReported')}</p>
      )}
      <h2>{t('moderation')}</h2>
      <Figures
        rows={[
          [t('reportsDecided'), formatCount(r.reports_decided)],
          [
            t('medianTime'),
            r.median_hours_to_decision === null ? t('noReportDecided') : hours(r.median_hours_to_decision, t),
          ],
        ]}
      />
      <h2>{t('appeals')}</h2>
      <Figures
        rows={[
          [t('granted'), formatCount(r.appeals.granted)],
          [t('upheld'), formatCount(r.appeals.upheld)],
          [t('waiting'), formatCount(r.appeals.open)],
          [
            t('restoredOnAppeal'),
            appealsDecided
              ? t('restoredShare', { percent: Math.round((100 * r.appeals.granted) / appealsDecided) })
              : '–',
          ],
        ]}
      />
    </article>
  );
}
