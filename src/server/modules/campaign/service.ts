/**
 * Pre-launch campaigns (spec sections 1, 3, 4): a campaign that is active, with today (in India) within its
 * dates, replaces the whole web app; /user-campaign shows the current one either way. Feedback from its page
 * is stored with the rating in tenths.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { CampaignFeedbackSchema, CampaignView } from '../../../shared/campaign.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';

/** How long a running server may take to notice a campaign switched on or off (npm run campaign). */
export const CAMPAIGN_CHECK_MS = 5_000;

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
/** Today's date in India, YYYY-MM-DD. */
export const todayInIndia = (now: Date) => TODAY.format(now);

interface CampaignRow {
  id: string;
  active: boolean;
  starts_on: string | Date;
  ends_on: string | Date;
  country: string;
}

/** A `date` column from either driver (node-postgres parses it as local midnight). */
const day = (value: string | Date) =>
  typeof value === 'string'
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

export class CampaignService {
  private checked: { at: number; live: CampaignView | null } | null = null;
  /** The check under way, shared by the requests that arrive meanwhile. */
  private checking: Promise<CampaignView | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private view(row: CampaignRow): CampaignView {
    const today = todayInIndia(this.clock.now());
    const startsOn = day(row.starts_on);
    const endsOn = day(row.ends_on);
    return {
      id: row.id,
      active: row.active,
      startsOn,
      endsOn,
      country: row.country,
      live: row.active && startsOn <= today && today <= endsOn,
    };
  }

  private async all(): Promise<CampaignView[]> {
    const found = await rows<CampaignRow>(
      this.db,
      sql`SELECT id, active, starts_on, ends_on, country FROM campaigns ORDER BY starts_on DESC, id DESC`,
    );
    return found.map((r) => this.view(r));
  }

  /**
   * The campaign that replaces the app now, if any; read at most every CAMPAIGN_CHECK_MS. Every page asks, so a
   * failed read does not fail the page: the last answer (none at first) stands until the next check.
   */
  async live(): Promise<CampaignView | null> {
    const now = this.clock.now().getTime();
    if (this.checked && now - this.checked.at < CAMPAIGN_CHECK_MS) return this.checked.live;
    this.checking ??= this.all()
      .then((all) => all.find((c) => c.live) ?? null)
      .catch((err: unknown) => {
        this.onError(err);
        return this.checked?.live ?? null;
      })
      .then((live) => {
        this.checked = { at: now, live };
        this.checking = null;
        return live;
      });
    return this.checking;
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
        SELECT id, ${input.firstName}, ${input.lastName}, ${input.email.toLowerCase()}, ${input.country},
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
        WHERE id = ${id} RETURNING id, active, starts_on, ends_on, country`,
    );
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
    this.checked = null;
    this.checking = null;
    return this.view(row);
  }
}
