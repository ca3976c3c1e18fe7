import { refreshTrendLabels } from '../../db/trend-labels.ts';
import { HOUR, MINUTE } from '../lib/clock.ts';
import { accountMaintenance } from '../modules/account/maintenance.ts';
import { TestCheckoutProvider } from '../modules/payments/test-checkout.ts';
import type { Services } from '../services.ts';
import { passEndingNotices } from '../modules/notifications/notices.ts';
import { UNREAD_TOPIC } from '../modules/notifications/service.ts';
import type { Job } from './scheduler.ts';

/** How often each node looks for due chores. */
export const SCHEDULER_TICK_MS = 15_000;

/**
 * The server's chores, each run once per period across nodes. View counts are not among them: each node
 * batches its own visitors' views and adds them (services.views), which is correct on any number of nodes.
 */
export function serverJobs(services: Services): Job[] {
  const { provider } = services.payments;
  return [
    // Accounts deleted more than 7 days ago are erased, expired tokens and CAPTCHA solutions forgotten.
    { name: 'account-maintenance', everyMs: HOUR, run: () => accountMaintenance(services) },
    // Notification emails go out as a digest, at most one a day a member; passes ending soon are told.
    {
      name: 'notification-digest',
      everyMs: HOUR,
      run: async () => ({ queued: await services.digest.sendDue() }),
    },
    {
      name: 'pass-notices',
      everyMs: HOUR,
      run: async () => {
        const told = await passEndingNotices(services.database.db, services.clock.now());
        // Every node's bell counts them at once (its counts are otherwise forgotten only by API writes).
        if (told) await services.caches.invalidate(UNREAD_TOPIC);
        return { told };
      },
    },
    { name: 'trend-labels', everyMs: 10 * MINUTE, run: () => refreshTrendLabels(services.database.db) },
    // A pending test payment is settled even if the node that took it stopped before its timer fired.
    ...(provider instanceof TestCheckoutProvider
      ? [{ name: 'test-checkout-settle', everyMs: SCHEDULER_TICK_MS, run: () => provider.settleOverdue() }]
      : []),
  ];
}
