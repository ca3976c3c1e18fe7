import { ACCOUNT_MESSAGES } from './account.ts';
import { CATALOGUE_TEXTS } from './catalogue-texts.ts';
import { COMMUNITY_MESSAGES } from './community-constants.ts';
import { FAVOURITE_TEXTS } from './favourite-constants.ts';
import { NOTIFICATION_MESSAGES } from './notification-constants.ts';
import { ALERT_TEXTS } from './price-alert-constants.ts';
import { MESSAGES } from './texts.ts';

/**
 * One catalogue of error codes and user-facing messages. Texts quoted by the specification are verbatim.
 * Routes and services throw `AppError(code)`; the HTTP layer turns it into `{success:false, code, message}`.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Please check the highlighted fields.' },
  UNSTORABLE_VALUE: {
    status: 400,
    message:
      'Some of what you sent cannot be stored (an invisible control character or a number out of range).',
  },
  TOO_MANY_ATTRIBUTES: { status: 400, message: 'You can select up to 3 attributes.' },
  UNAUTHENTICATED: { status: 401, message: MESSAGES.sessionExpired },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'We could not find what you were looking for.' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found.' },
  FAVOURITES_FULL: { status: 409, message: FAVOURITE_TEXTS.full },
  ALERTS_FULL: { status: 409, message: ALERT_TEXTS.full },
  ALERT_NOT_BELOW: { status: 400, message: ALERT_TEXTS.notBelow },
  BAD_UNSUBSCRIBE: { status: 400, message: NOTIFICATION_MESSAGES.badUnsubscribe },
  THREAD_NOT_FOUND: { status: 404, message: 'We could not find that thread.' },
  VARIANT_NOT_OF_PRODUCT: { status: 400, message: CATALOGUE_TEXTS.variantNotOfProduct },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such API endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This page can only be read (GET or HEAD).' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'That request is too large.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password. Please try again.' },
  ACCOUNT_LOCKED: { status: 403, message: 'Account Locked. Reset your password.' },
  CAPTCHA_INVALID: { status: 400, message: 'Incorrect CAPTCHA. Please try again' },
  EMAIL_TAKEN: { status: 409, message: 'Email already used. Try another.' },
  USERNAME_TAKEN: { status: 409, message: 'Username taken. Try another.' },
  COMMON_PASSWORD: {
    status: 400,
    message: 'This password is one of the most common and easy to guess. Please choose another.',
  },
  EMAIL_NOT_FOUND: { status: 404, message: 'Email not found.' },
  OTP_INCORRECT: { status: 400, message: 'Incorrect OTP. Please try again.' },
  OTP_EXPIRED: { status: 400, message: 'OTP expired. Please request a new one.' },
  RESET_LINK_INVALID: { status: 400, message: ACCOUNT_MESSAGES.resetLinkInvalid },
  VERIFICATION_EXPIRED: { status: 400, message: 'Verification link expired. Please request a new one.' },
  VERIFICATION_FAILED: { status: 400, message: 'Email verification failed, Please try again.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email address before posting.' },
  WRONG_CURRENT_PASSWORD: { status: 400, message: 'Incorrect current password. Please try again.' },
  REAUTH_REQUIRED: {
    status: 403,
    message:
      'To delete your account, please sign in with Google again first, then delete it within 5 minutes.',
  },
  PASSWORD_UNCHANGED: {
    status: 400,
    message: 'Your new password must be different from your current password.',
  },
  OAUTH_CONFLICT: { status: 409, message: 'user already exists with a different authentication method.' },
  OAUTH_FAILED: { status: 400, message: 'Unable to sign in with Google. Please try again.' },
  OAUTH_DISABLED: { status: 404, message: 'Sign in with Google is not available on this site.' },
  IMAGE_TYPE: { status: 415, message: 'Please upload a JPEG, PNG or WebP image.' },
  IMAGE_TOO_LARGE: { status: 413, message: 'Images must be at most 5 MB.' },
  IMAGE_DIMENSIONS: { status: 400, message: 'Images must be at most 4,000 × 4,000 pixels.' },
  REVIEW_NOT_FOUND: { status: 404, message: 'Review not found. It may have been deleted.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found. It may have been deleted.' },
  REPLY_NOT_FOUND: { status: 404, message: 'Reply not found. It may have been deleted.' },
  QUESTION_NOT_FOUND: { status: 404, message: 'Question not found. It may have been deleted.' },
  ANSWER_NOT_FOUND: { status: 404, message: 'Answer not found. It may have been deleted.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  ARTICLE_NOT_FOUND: { status: 404, message: 'Article not found.' },
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found.' },
  NOT_OWNER: { status: 403, message: 'You can only change or delete what you posted.' },
  REVIEW_UPDATES_FULL: {
    status: 409,
    message: 'A review can have 10 updates. Edit your review to change what it says.',
  },
  REVIEW_HIDDEN: { status: 409, message: 'Moderators hid this review: it cannot get updates.' },
  OWNED_SINCE_FUTURE: { status: 400, message: COMMUNITY_MESSAGES.ownedSince },
  ALREADY_VERIFIED: { status: 409, message: 'This review already shows that you own the phone.' },
  PROOF_NOT_FOUND: {
    status: 404,
    message: 'No proof of ownership is waiting for this review. It may have been decided already.',
  },
  APPEAL_NOT_ALLOWED: {
    status: 409,
    message: 'Only the latest decision to hide a post that is still hidden can be appealed.',
  },
  ALREADY_APPEALED: { status: 409, message: 'You have already appealed this decision.' },
  APPEAL_NOT_FOUND: { status: 404, message: 'Appeal not found.' },
  APPEAL_OWN_DECISION: {
    status: 403,
    message: 'Another moderator must decide the appeal of your own decision.',
  },
  APPEAL_DECIDED: { status: 409, message: 'This appeal has already been decided.' },
  OWN_CONTENT_REACTION: { status: 403, message: 'You cannot react to your own post.' },
  PRODUCT_DOWNVOTE: { status: 400, message: 'Products can be upvoted, not downvoted.' },
  ALREADY_REPORTED: {
    status: 409,
    message: 'You have already reported this. Our moderators will look at it.',
  },
  REPORT_SELF: { status: 400, message: 'You cannot report yourself or your own posts.' },
  FOLLOW_SELF: { status: 400, message: 'You cannot follow yourself.' },
  POSTING_TOO_FAST: {
    status: 429,
    message: 'You are posting too quickly. Please wait a moment and try again.',
  },
  NEW_ACCOUNT_LIMIT: {
    status: 429,
    message: 'New accounts can post a limited amount on their first day. Please try again later.',
  },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message: 'Your account is suspended: you can read, but not post, react, report or follow until it ends.',
  },
  MODERATION_NOT_ALLOWED: { status: 400, message: 'That action does not apply to this item.' },
  MODERATE_SELF: { status: 403, message: 'You cannot moderate your own posts or account.' },
  MODERATE_STAFF: { status: 403, message: 'Only an admin can warn or suspend a moderator.' },
  ALREADY_HIDDEN: { status: 409, message: 'This is already hidden.' },
  NOT_HIDDEN: { status: 409, message: 'This is not hidden.' },
  NO_OPEN_REPORTS: { status: 409, message: 'There are no open reports on this item.' },
  MODERATION_TARGET_NOT_FOUND: { status: 404, message: 'That item no longer exists.' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found.' },
  PAYMENT_INVALID: {
    status: 400,
    message: 'We could not verify this payment. No pass was granted; if you were charged, contact support.',
  },
  PAYMENT_AMOUNT_MISMATCH: {
    status: 400,
    message:
      'The amount paid does not match the order. No pass was granted; if you were charged, contact support.',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'Invalid webhook signature.' },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    message: 'Payments are not available right now. Please try again in a few minutes.',
  },
  TEST_CHECKOUT_OFF: { status: 404, message: 'The test checkout is off: this site takes real payments.' },
  PAYMENTS_UNAVAILABLE: { status: 503, message: 'Payments are not available on this site at the moment.' },
  MODEL_NOT_FOUND: { status: 404, message: 'No model or variant has this id.' },
  VARIANT_NOT_FOUND: { status: 404, message: 'No variant has this id.' },
  MODEL_EXISTS: { status: 409, message: 'A model of this brand with this name is already listed.' },
  VARIANT_EXISTS: { status: 409, message: 'This model already has a variant with this label.' },
  IMPORT_REFUSED: {
    status: 422,
    message: 'The file was not imported: correct the rows listed and try again. Nothing was changed.',
  },
  IMPORT_TOO_LARGE: { status: 413, message: 'The file must be at most 2 MB.' },
  MERGE_SAME_MODEL: {
    status: 400,
    message: 'Choose another model to keep: a model cannot be merged into itself.',
  },
  MERGE_OTHER_CATEGORY: { status: 400, message: 'Only models of the same category can be merged.' },
  SPLIT_ONLY_VARIANT: {
    status: 400,
    message: 'This is the only variant of its model: there is nothing to split it from.',
  },
  CORRECTION_NOT_FOUND: { status: 404, message: 'No correction has this id.' },
  CORRECTION_DECIDED: { status: 409, message: 'This correction has already been accepted or declined.' },
  CORRECTION_PENDING: {
    status: 409,
    message: 'You have already suggested a correction to this. An editor will check it soon.',
  },
  ATTRIBUTE_NOT_OF_CATEGORY: { status: 400, message: 'This attribute cannot be corrected for this product.' },
  PRICE_NEEDS_VARIANT: { status: 400, message: 'Choose the variant whose price you are correcting.' },
  LISTING_REPORT_NOT_FOUND: {
    status: 404,
    message: 'No "Inaccurate info" or "Missing info" report of a listing has this id.',
  },
  LISTING_REPORT_CLOSED: { status: 409, message: 'This report has already been closed.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SHUTTING_DOWN: { status: 503, message: 'Verdict is restarting. Please try again in a moment.' },
  NOT_READY: { status: 503, message: 'The database is not reachable.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Verdict cannot reach its database right now. Please try again in a moment.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong!' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorDetails {
  /** The form field the message belongs under. */
  field?: string;
  /** Sign-in: the next attempt needs a solved CAPTCHA. */
  captcha_required?: boolean;
  /** ACCOUNT_SUSPENDED: until when (ISO 8601) and why. */
  suspended_until?: string;
  suspension_reason?: string;
  /** 429: seconds until the limit lets the next request through (also the Retry-After header). */
  retry_after?: number;
  /** IMPORT_REFUSED: every problem of the file, as `file:row:field: reason`. */
  errors?: string[];
}

/** POSTING_TOO_FAST, saying how long to wait. */
export const postingTooFast = (seconds: number) =>
  `You are posting too quickly. Please wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  constructor(code: ErrorCode, details: ErrorDetails = {}, message?: string) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = details;
  }
}
