import { ErrorResponseSchema } from '../../../shared/api-types.ts';

/** The failures every community read can answer: a bad parameter, an unknown item. */
export const READ_ERRORS = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

/** The failures every community write can answer, besides its own (409 for a duplicate report). */
export const WRITE_ERRORS = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
