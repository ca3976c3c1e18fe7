import { Link } from 'react-router';
import { formatCount, formatDate } from '../../shared/format.ts';
import type { Transparency } from '../../shared/moderation-constants.ts';
import contentStylesHref from '../features/content/content.css?url';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/transparency';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/** The live figures, read when the page is rendered (the page cache keeps them a few seconds at most). */
export async function loader({ context }: Route.LoaderArgs) {
  return { report: await context.services.communityReads.transparency() };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(
    args,
    'Transparency report',
    'Live figures on Verdict’s reviews: how many are published and hidden, why, appeals and how fast moderators decide.',
    { path: '/transparency' },
  );

const hours = (h: number) =>
  h < 1 ? `${Math.max(1, Math.round(h * 60))} minutes` : h < 48 ? `${h} hours` : `${Math.round(h / 24)} days`;

/** "4.2 %" of a whole; "0 %" of none. */
const share = (part: number, whole: number) =>
  `${whole ? (Math.round((part / whole) * 1000) / 10).toLocaleString('en-IN') : 0} %`;

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
  return (
    <article className="prose content-page" aria-labelledby="transparency-title">
      <h1 id="transparency-title">Transparency report</h1>
      <p>
        Live figures from Verdict’s database, as of this page. The rules behind them are on{' '}
        <Link to="/how-reviews-work">How reviews and ratings work</Link>.
      </p>
      <h2>Reviews</h2>
      <Figures
        rows={[
          ['Published', formatCount(r.reviews.published)],
          [
            'By verified owners (proof of purchase checked)',
            `${formatCount(r.reviews.verified_owners)} (${share(r.reviews.verified_owners, r.reviews.published)})`,
          ],
          [
            'Incentivised (labelled, not in the ratings)',
            `${formatCount(r.reviews.incentivised)} (${share(r.reviews.incentivised, r.reviews.published)})`,
          ],
          ['Hidden now', formatCount(r.reviews.hidden)],
          ['Hidden automatically, waiting for a moderator', formatCount(r.reviews.hidden_automatically)],
          ['Hidden by moderators', formatCount(r.reviews.hidden_by_moderators)],
          [
            'Ratings collected',
            r.ratings_period
              ? `${formatDate(r.ratings_period.from)} to ${formatDate(r.ratings_period.to)}`
              : 'No reviews yet',
          ],
        ]}
      />
      <h2>Why hidden reviews were reported</h2>
      {r.hidden_by_reason.length ? (
        <>
          <p className="muted small">A hidden review counts once for each reason its reporters gave.</p>
          <Figures rows={r.hidden_by_reason.map((x) => [x.reason, formatCount(x.reviews)])} />
        </>
      ) : (
        <p>No hidden review was reported.</p>
      )}
      <h2>Moderation</h2>
      <Figures
        rows={[
          ['Reports decided', formatCount(r.reports_decided)],
          [
            'Median time from report to decision',
            r.median_hours_to_decision === null ? 'No report decided yet' : hours(r.median_hours_to_decision),
          ],
        ]}
      />
      <h2>Appeals</h2>
      <Figures
        rows={[
          ['Granted (post restored)', formatCount(r.appeals.granted)],
          ['Upheld (post stays hidden)', formatCount(r.appeals.upheld)],
          ['Waiting for a moderator', formatCount(r.appeals.open)],
          [
            'Restored on appeal',
            appealsDecided
              ? `${Math.round((100 * r.appeals.granted) / appealsDecided)} % of decided appeals`
              : '–',
          ],
        ]}
      />
    </article>
  );
}
