import type { Db } from '../../../db/client.ts';
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
   * Forgets a product's cached page on every node (its review counters changed), after the change committed;
   * without it the page shows them once its few seconds of cache run out.
   */
  forgetProduct?: ((productId: number) => Promise<void>) | undefined;
}
