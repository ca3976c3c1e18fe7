/** Price alerts (issue 23): constants and texts, apart from their schemas (price-alerts.ts). */
export const ALERTS_PATH = '/user/alerts';
/** The most alerts one member keeps; the next is refused with ALERTS_FULL. */
export const MAX_PRICE_ALERTS = 50;

export const ALERT_TEXTS = {
  signInToAlert: 'Please sign in to set a price alert.',
  full: `You can keep up to ${MAX_PRICE_ALERTS} price alerts. Remove one from My account to add another.`,
  notBelow: 'Choose a price below today’s lowest price.',
  set: (name: string, price: string) => `We will tell you when ${name} drops below ${price}.`,
  removed: (name: string) => `Price alert for ${name} removed.`,
} as const;
