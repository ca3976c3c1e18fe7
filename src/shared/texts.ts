/**
 * Texts the browser shows itself. A module of their own, so the layout every page loads does not carry the
 * whole error catalogue (messages.ts); the catalogue uses them too.
 */
export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please sign in again.',
  offlineBlocked: 'Request blocked: No Internet Connection',
  offline: 'No Internet Connection. Please check your network and try again.',
  generic: 'Something went wrong!',
} as const;
