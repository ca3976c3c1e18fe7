import type { Services } from '../../services.ts';

/**
 * The hourly account chores: erase accounts deleted more than 7 days ago (and their photos), and forget
 * expired CAPTCHA solutions, one-time tokens and old sign-in failures.
 */
export async function accountMaintenance(services: Services): Promise<{ erased: number }> {
  const { erased, images } = await services.account.eraseExpired();
  await services.avatars.remove(images);
  // The erased members' names and notices change what others see, on every node.
  if (erased) await services.invalidatePages();
  await services.captcha.sweep();
  await services.tokens.sweep();
  await services.account.sweepFailures();
  return { erased };
}
