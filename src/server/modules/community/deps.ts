import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionService } from '../account/sessions.ts';
import type { PostingLimits } from './common.ts';

/** What the community services are built from. */
export interface CommunityDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  limits: PostingLimits;
  /** The public URL of an avatar file name. */
  imageUrl: (file: string | null) => string | null;
  /**
   * Cached reads across nodes: a product's page and its review summary are forgotten on every node when its
   * reviews change (PRODUCT_TOPIC); without it they show the change once their few seconds of cache run out.
   */
  bus?: CacheBus | undefined;
}

/** The topic of a product's (a model's) cached reads: its page, its price history, its review summary. */
export const PRODUCT_TOPIC = 'catalogue-model';

/** Forgets a product's cached reads on every node (its reviews changed), after the change committed. */
export async function forgetProduct(d: Pick<CommunityDeps, 'bus'>, productId: number): Promise<void> {
  await d.bus?.invalidate(PRODUCT_TOPIC, String(productId));
}
