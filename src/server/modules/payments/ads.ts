import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { HouseAd } from '../../../shared/payments.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** How long a change to the ads table takes to show. */
const ADS_CACHE_MS = 60_000;

/** House ads (issue 8): the active ones, read once a minute, one picked at random by weight for each page load. */
export class AdService {
  private readonly cache = new TtlCache<{ ads: (HouseAd & { weight: number })[] }>(ADS_CACHE_MS, 1);

  constructor(private readonly db: Db) {}

  private active() {
    return this.cache.get('active', async () => ({
      ads: await rows<HouseAd & { weight: number }>(
        this.db,
        sql`SELECT id, sponsor, title, body, image_url, link_url, weight FROM ads WHERE active ORDER BY id`,
      ),
    }));
  }

  /** One ad, or null when none is active (or they cannot be read: an ad never fails a page). */
  async pick(random: () => number = Math.random): Promise<HouseAd | null> {
    const { ads } = await this.active().catch(() => ({ ads: [] }));
    let left = random() * ads.reduce((sum, a) => sum + a.weight, 0);
    const chosen = ads.find((a) => (left -= a.weight) < 0) ?? ads.at(-1);
    if (!chosen) return null;
    const { weight: _weight, ...ad } = chosen;
    return ad;
  }

  clear(): void {
    this.cache.clear();
  }
}
