/**
 * The ReviewPass rules (spec sections 1 and 9; issue 8): what an amount buys, and how a new pass extends one
 * that is still running. Pure, so the server (which grants passes) and the browser (which shows the options)
 * share one copy. Amounts are in rupees, at most two decimals.
 */
import { formatMonths } from './format.ts';

/** The default pass: ₹65 for 30 days. */
export const PASS_PRICE = 65;

/** A pass's length in days; null is forever. */
export type PassDays = number | null;

/** The fixed options, by amount (spec section 9). */
export const PASS_OPTIONS: readonly { amount: number; days: PassDays }[] = [
  { amount: 5, days: 1 },
  { amount: 25, days: 7 },
  { amount: 65, days: 30 },
  { amount: 450, days: 365 },
  { amount: 999, days: null },
];

/** Any other amount is a donation, mapped to days by the highest band it does not pass (spec section 9). */
const DONATION_BANDS: readonly { upTo: number; days: number }[] = [
  { upTo: 10, days: 1 },
  { upTo: 30, days: 7 },
  { upTo: 100, days: 30 },
  { upTo: 500, days: 365 },
];
const DONATION_ABOVE_DAYS = 1825;

/** The smallest and largest amounts taken (a payment provider's minimum is ₹1). */
export const PASS_AMOUNT = { min: 1, max: 100_000 } as const;

/** Whether an amount can be paid: within the limits, in whole paise. */
export function isPassAmount(amount: number): boolean {
  return (
    Number.isFinite(amount) &&
    amount >= PASS_AMOUNT.min &&
    amount <= PASS_AMOUNT.max &&
    Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6
  );
}

/** How long a payment of `amount` rupees lasts: a fixed option's length, else the donation band's. */
export function passDays(amount: number): PassDays {
  const option = PASS_OPTIONS.find((o) => o.amount === amount);
  if (option) return option.days;
  return DONATION_BANDS.find((b) => amount <= b.upTo)?.days ?? DONATION_ABOVE_DAYS;
}

const DAY_MS = 86_400_000;

/** Where a pass bought at `now` starts: at the end of the one the user holds if it still runs, else now. */
export function passStart(now: Date, current: Date | 'forever' | null): Date {
  return current instanceof Date && current.getTime() > now.getTime() ? current : now;
}

/**
 * When a pass bought at `now` ends, given the end of the one the user holds (null for none, 'forever' for a
 * pass that never ends): it runs `days` from passStart. Null means forever.
 */
export function passEnd(now: Date, current: Date | 'forever' | null, days: PassDays): Date | null {
  if (days === null || current === 'forever') return null;
  return new Date(passStart(now, current).getTime() + days * DAY_MS);
}

/** A pass's length as people say it: '1 day', '7 days', '1 month', '1 year', '5 years', 'Forever'. */
export function formatPassDays(days: PassDays): string {
  if (days === null) return 'Forever';
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'}`;
  return formatMonths(days % 365 === 0 ? (days / 365) * 12 : days / 30);
}
