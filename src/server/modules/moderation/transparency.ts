/**
 * The transparency report (issue 22, /transparency): live figures on what was published, hidden and why,
 * verified owners and incentives, appeals and their outcomes, how long moderators take, and the period the ratings were collected over. Every
 * figure is one query over the rows themselves, never a counter, so the page matches the database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { iso, rows } from '../../../db/sql.ts';
import { REPORT_REASONS } from '../../../shared/community-constants.ts';
import type { Transparency } from '../../../shared/moderation-constants.ts';

export async function transparencyReport(db: Db): Promise<Transparency> {
  const [reviews, reasons, appeals, decisions] = await Promise.all([
    rows<{
      published: number;
      incentivised: number;
      verified: number;
      hidden_auto: number;
      hidden_mod: number;
      first: Date | string | null;
      last: Date | string | null;
    }>(
      db,
      sql`SELECT count(*) FILTER (WHERE hidden_at IS NULL)::int AS published,
          count(*) FILTER (WHERE hidden_at IS NULL AND incentive <> 'none')::int AS incentivised,
          count(*) FILTER (WHERE hidden_at IS NULL AND verified_at IS NOT NULL)::int AS verified,
          count(*) FILTER (WHERE hidden_at IS NOT NULL AND hidden_automatically)::int AS hidden_auto,
          count(*) FILTER (WHERE hidden_at IS NOT NULL AND NOT hidden_automatically)::int AS hidden_mod,
          min(created_at) FILTER (WHERE hidden_at IS NULL) AS first,
          max(created_at) FILTER (WHERE hidden_at IS NULL) AS last
        FROM reviews`,
    ),
    // Why hidden reviews were reported: each hidden review once per reason its reporters gave.
    rows<{ reason_id: number; n: number }>(
      db,
      sql`SELECT r.reason_id, count(DISTINCT r.target_id)::int AS n
        FROM reports r JOIN reviews v ON v.id = r.target_id AND v.hidden_at IS NOT NULL
        WHERE r.target_type = 'review'
        GROUP BY r.reason_id ORDER BY n DESC, r.reason_id`,
    ),
    rows<{ open: number; granted: number; upheld: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
          count(*) FILTER (WHERE status = 'granted')::int AS granted,
          count(*) FILTER (WHERE status = 'upheld')::int AS upheld
        FROM appeals`,
    ),
    rows<{ decided: number; median_hours: number | null }>(
      db,
      sql`SELECT count(*)::int AS decided, (percentile_cont(0.5) WITHIN GROUP
            (ORDER BY extract(epoch FROM resolved_at - created_at)) / 3600)::float8 AS median_hours
        FROM reports WHERE status = 'resolved' AND resolved_at IS NOT NULL`,
    ),
  ]);
  const r = reviews[0]!;
  const a = appeals[0]!;
  const d = decisions[0]!;
  const names: Record<number, string> = REPORT_REASONS.review;
  return {
    reviews: {
      published: r.published,
      incentivised: r.incentivised,
      verified_owners: r.verified,
      hidden: r.hidden_auto + r.hidden_mod,
      hidden_automatically: r.hidden_auto,
      hidden_by_moderators: r.hidden_mod,
    },
    hidden_by_reason: reasons.map((x) => ({
      reason: names[x.reason_id] ?? `Reason ${x.reason_id}`,
      reviews: x.n,
    })),
    appeals: { open: a.open, granted: a.granted, upheld: a.upheld },
    reports_decided: d.decided,
    median_hours_to_decision: d.median_hours === null ? null : Math.round(d.median_hours * 10) / 10,
    ratings_period: r.first && r.last ? { from: iso(r.first)!, to: iso(r.last)! } : null,
  };
}
