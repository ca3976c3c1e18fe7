/**
 * Pre-launch campaigns (spec sections 1, 3, 4): a campaign that is active, with today (in India) within its
 * dates, replaces the whole web app; /user-campaign shows the current one either way. Feedback from its page
 * is stored with the rating in tenths.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { CampaignFeedbackSchema, CampaignView } from '../../../shared/campaign.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { z } from 'zod';

/** How long a running server may take to notice a campaign switched on or off (npm run campaign). */
export const CAMPAIGN_CHECK_MS = 5_000;

interface CampaignRow {
  id: string;
  active: boolean;
  /** YYYY-MM-DD: the query reads the dates as text, so no driver turns them into local midnights. */
  starts_on: string;
  ends_on: string;
  country: string;
}

const COLUMNS = sql.raw('id, active, starts_on::text AS starts_on, ends_on::text AS ends_on, country');

export class CampaignService {
  /** The live campaign, read at most every CAMPAIGN_CHECK_MS and shared by the requests meanwhile. */
  private readonly checked: TtlCache<{ live: CampaignView | null }>;
  private last: CampaignView | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.checked = new TtlCache(CAMPAIGN_CHECK_MS, 1, clock);
  }

  private view(row: CampaignRow): CampaignView {
    const today = todayInIndia(this.clock.now());
    return {
      id: row.id,
      active: row.active,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      country: row.country,
      live: row.active && row.starts_on <= today && today <= row.ends_on,
    };
  }

  private async all(): Promise<CampaignView[]> {
    const found = await rows<CampaignRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM campaigns ORDER BY starts_on DESC, id DESC`,
    );
    return found.map((r) => this.view(r));
  }

  /**
   * The campaign that replaces the app now, if any; read at most every CAMPAIGN_CHECK_MS. Every page asks, so a
   * failed read does not fail the page: the last answer (none at first) stands until the next check.
   */
  async live(): Promise<CampaignView | null> {
    const { live } = await this.checked.get('live', () =>
      this.all()
        .then((all) => ({ live: all.find((c) => c.live) ?? null }))
        .catch((err: unknown) => {
          this.onError(err);
          return { live: this.last };
        }),
    );
    return (this.last = live);
  }

  /**
   * The answer of the last check, without asking again: it stands while the database does not answer, and
   * tells whether a page load was the campaign's (every page load checks).
   */
  get lastLive(): CampaignView | null {
    return this.last;
  }

  /** The campaign /user-campaign shows: the live one, otherwise the latest. */
  async current(): Promise<CampaignView> {
    const all = await this.all();
    const shown = all.find((c) => c.live) ?? all[0];
    if (!shown) throw new AppError('CAMPAIGN_NOT_FOUND');
    return shown;
  }

  async submit(input: z.output<typeof CampaignFeedbackSchema>): Promise<{ success: true; rating: number }> {
    const campaignId = input.campaignId ?? (await this.current()).id;
    const tenths = Math.round(input.rating * 10);
    const [saved] = await rows<{ rating: number }>(
      this.db,
      sql`INSERT INTO campaign_feedback
          (campaign_id, first_name, last_name, email, country, city, description, rating, created_at)
        SELECT id, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.country},
          ${input.city}, ${input.description}, ${tenths}, ${this.clock.now().toISOString()}
        FROM campaigns WHERE id = ${campaignId}
        RETURNING rating`,
    );
    if (!saved) throw new AppError('CAMPAIGN_NOT_FOUND');
    return { success: true, rating: saved.rating / 10 };
  }

  /** Switches a campaign on or off, optionally moving its dates (npm run campaign). */
  async set(
    id: string,
    change: { active?: boolean; startsOn?: string; endsOn?: string },
  ): Promise<CampaignView> {
    const [row] = await rows<CampaignRow>(
      this.db,
      sql`UPDATE campaigns SET active = coalesce(${change.active ?? null}::boolean, active),
          starts_on = coalesce(${change.startsOn ?? null}::date, starts_on),
          ends_on = coalesce(${change.endsOn ?? null}::date, ends_on)
        WHERE id = ${id} RETURNING ${COLUMNS}`,
    );
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
    this.checked.clear();
    return this.view(row);
  }
}
