/**
 * One catalogue of error codes and user-facing messages. Texts quoted by the specification are verbatim.
 * Routes and services throw `AppError(code)`; the HTTP layer turns it into `{success:false, code, message}`.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Please check the highlighted fields.' },
  TOO_MANY_ATTRIBUTES: { status: 400, message: 'You can select up to 3 attributes.' },
  UNAUTHENTICATED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'We could not find what you were looking for.' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found.' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such API endpoint.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'That request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SHUTTING_DOWN: { status: 503, message: 'Verdict is restarting. Please try again in a moment.' },
  NOT_READY: { status: 503, message: 'The database is not reachable.' },
  INTERNAL: { status: 500, message: 'Something went wrong!' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const MESSAGES = {
  offlineBlocked: 'Request blocked: No Internet Connection',
  offline: 'No Internet Connection. Please check your network and try again.',
  generic: 'Something went wrong!',
} as const;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message?: string) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
  }
}
