import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { HouseAd } from '../../../shared/payments.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** How long a change to the ads table takes to show. */
const ADS_CACHE_MS = 60_000;

type WeightedAd = HouseAd & { weight: number };

/**
 * House ads (issue 8): the active ones, read once a minute, one picked at random by weight for each page load.
 * Every page that shows ads asks, so a failed read does not fail it: the last list read stands (none at first)
 * until the next minute, and the error is reported.
 */
export class AdService {
  private readonly cache = new TtlCache<WeightedAd[]>(ADS_CACHE_MS, 1);
  private last: WeightedAd[] = [];

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  private active(): Promise<WeightedAd[]> {
    return this.cache.get('active', () =>
      rows<WeightedAd>(
        this.db,
        sql`SELECT id, sponsor, title, body, image_url, link_url, weight FROM ads WHERE active ORDER BY id`,
      ).then(
        (ads) => (this.last = ads),
        (err: unknown) => {
          this.onError(err);
          return this.last;
        },
      ),
    );
  }

  /** One ad, or null when none is active. */
  async pick(): Promise<HouseAd | null> {
    const ads = await this.active();
    let left = Math.random() * ads.reduce((sum, a) => sum + a.weight, 0);
    const chosen = ads.find((a) => (left -= a.weight) < 0) ?? ads.at(-1);
    if (!chosen) return null;
    const { weight: _weight, ...ad } = chosen;
    return ad;
  }
}
