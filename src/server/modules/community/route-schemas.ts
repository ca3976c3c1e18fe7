import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { LIKE_REACTIONS } from '../../../shared/community.ts';
import { idOf } from '../../lib/params.ts';

/** `/…/comment/:id` of a comment on a review or an article. */
export const CommentId = z.object({ id: idOf('a comment id') });
/** Like or dislike, in a path or a query. */
export const LikeReaction = z.enum(LIKE_REACTIONS, { error: `must be one of ${LIKE_REACTIONS.join(', ')}` });

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
