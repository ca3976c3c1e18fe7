/**
 * Community responses under /platform/api/v1 and /user/api/v1 (docs/api.md, "Community"). Every list is
 * `{ success, page, size, total, items }`; `my_reaction` and `mine` describe the signed-in viewer (null and
 * false for visitors).
 */
import { z } from './zod.ts';
import { pageOf, ProductCardsPageSchema } from './api-types.ts';
import {
  type AspectKey,
  ASPECTS,
  INCENTIVES,
  LIKE_REACTIONS,
  REVIEW_REACTIONS,
} from './community-constants.ts';
import { POINT_TOPICS, type PointTopic } from './review-points.ts';
import { HiddenMarkSchema } from './moderation.ts';

export { type Page, pageOf } from './api-types.ts';

/**
 * Who wrote something; null when the account was deleted ("Deleted user"). `demo`: one of the demo community's
 * made-up members (its posts are sample text), labelled as such wherever it appears.
 */
export const AuthorSchema = z
  .object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
    demo: z.boolean(),
  })
  .nullable();
export type Author = z.infer<typeof AuthorSchema>;

const likes = {
  likes: z.number().int(),
  dislikes: z.number().int(),
  my_reaction: z.enum(LIKE_REACTIONS).nullable(),
  mine: z.boolean(),
};

/** What every text item of a thread has (comments, replies, answers, article comments). */
export const threadItem = {
  id: z.number().int(),
  author: AuthorSchema,
  text: z.string(),
  created_at: z.string(),
  ...likes,
};

/** A long-term update under a review: "Update after 3 months". */
export const ReviewUpdateSchema = z.object({ text: z.string(), created_at: z.string() });
export type ReviewUpdate = z.infer<typeof ReviewUpdateSchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  author: AuthorSchema,
  overall: z.number(),
  build_quality: z.number(),
  features: z.number(),
  look_and_feel: z.number(),
  performance: z.number(),
  summary: z.string(),
  description: z.string(),
  /** The variant the reviewer owns ("Owns the 8 GB + 256 GB"), when they said. */
  variant: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  useful: z.number().int(),
  not_useful: z.number().int(),
  comments: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  my_reaction: z.enum(REVIEW_REACTIONS).nullable(),
  mine: z.boolean(),
  /** Only on the viewer's own review that moderators hid: nobody else sees it. */
  hidden: HiddenMarkSchema,
  /** Dated notes its author added later (issue 22), oldest first; the review's own text never changes with them. */
  updates: z.array(ReviewUpdateSchema),
  /** What the author got for the phone or the review (issue 22); anything but 'none' is out of the average. */
  incentivised: z.enum(INCENTIVES),
  /** The month the author has owned the phone since ("2026-03"), when they said. */
  owned_since: z.string().nullable(),
  /** A moderator accepted the author's proof of ownership (issue 22). */
  verified_owner: z.boolean(),
  /** Only on the viewer's own review: a proof of ownership waits for a moderator. */
  proof_pending: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A review with the product it is about (a user's reviews, the single review page). */
export const ReviewWithProductSchema = ReviewSchema.extend({
  product: z.object({
    id: z.number().int(),
    brand: z.string(),
    model: z.string(),
    variant: z.string(),
    image_url: z.string(),
  }),
});
export type ReviewWithProduct = z.infer<typeof ReviewWithProductSchema>;

export const CommentSchema = z.object({
  ...threadItem,
  review_id: z.number().int(),
  replies: z.number().int(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ReplySchema = z.object({ ...threadItem, comment_id: z.number().int() });
export type Reply = z.infer<typeof ReplySchema>;

export const QuestionSchema = z.object({
  ...threadItem,
  product_id: z.number().int(),
  answers: z.number().int(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const AnswerSchema = z.object({ ...threadItem, question_id: z.number().int() });
export type Answer = z.infer<typeof AnswerSchema>;

/** A topic and how many of the product's visible reviews make the point ("Battery life: praised in 23"). */
const PointCountSchema = z.object({
  topic: z.enum(POINT_TOPICS.map((t) => t.key) as [PointTopic, ...PointTopic[]]),
  reviews: z.number().int(),
});

/** The product's review summary: shown only from 10 reviews, as the rating tag is ('--' before). */
export const ReviewSummarySchema = z.object({
  total_reviews: z.number().int(),
  /** Overall average, 0 when there are no reviews. */
  value: z.number(),
  aspects: z.object({
    build_quality: z.number(),
    features: z.number(),
    look_and_feel: z.number(),
    performance: z.number(),
  }),
  /** Reviews per star, index 0 is 1 star. */
  distribution: z.array(z.number().int()).length(5),
  /**
   * Incentivised reviews (issue 22): listed, but not in total_reviews, the averages or the distribution; their
   * own overall average (0 when there are none).
   */
  incentivised: z.object({ reviews: z.number().int(), value: z.number() }),
  /**
   * Verified owners' reviews in the rating (issue 22: not incentivised) and their average (0 when none); the
   * page shows it next to everyone's from MIN_VERIFIED_FOR_AVERAGE (10) of them.
   */
  verified: z.object({ reviews: z.number().int(), value: z.number() }),
  /**
   * What reviewers most often praise and criticise under each aspect (issue 22), out of `reviews` visible
   * reviews (incentivised ones too: their words count); null below MIN_REVIEWS_FOR_POINTS (10) of them.
   */
  points: z
    .object({
      reviews: z.number().int(),
      aspects: z.array(
        z.object({
          aspect: z.enum(ASPECTS.map((a) => a.key) as [AspectKey, ...AspectKey[]]),
          praised: z.array(PointCountSchema),
          criticised: z.array(PointCountSchema),
        }),
      ),
    })
    .nullable(),
});
export type ReviewPoints = ReviewSummary['points'];
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewsPageSchema = pageOf(ReviewSchema).extend({ summary: ReviewSummarySchema });
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

/** After a reaction: the item's counts and the viewer's reaction now. */
export const ReactionResultSchema = z.object({
  success: z.literal(true),
  counts: z.record(z.string(), z.number().int()),
  my_reaction: z.string().nullable(),
});
export type ReactionResult = z.infer<typeof ReactionResultSchema>;

export const PublicProfileSchema = z.object({
  success: z.literal(true),
  profile: z.object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
    /** One of the demo community's made-up members. */
    demo: z.boolean(),
    joined: z.string(),
    followers: z.number().int(),
    following: z.number().int(),
    reviews: z.number().int(),
    /** Whether the viewer follows this user (false for visitors and for oneself). */
    followed: z.boolean(),
    mine: z.boolean(),
  }),
  reviews: pageOf(ReviewWithProductSchema).omit({ success: true }),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** POST /product/{id}/react/like: the product's upvotes and whether the viewer's upvote is on. */
export const UpvoteResultSchema = z.object({
  success: z.literal(true),
  counts: z.object({ upvotes: z.number().int() }),
  my_reaction: z.literal('like').nullable(),
});
export type UpvoteResult = z.infer<typeof UpvoteResultSchema>;

/** GET /product/{id}/viewer: what the product page shows for the signed-in viewer. */
export const ProductViewerSchema = z.object({
  success: z.literal(true),
  upvoted: z.boolean(),
  reported: z.boolean(),
});
export type ProductViewer = z.infer<typeof ProductViewerSchema>;

/** POST /user/follow */
export const FollowResultSchema = z.object({
  success: z.literal(true),
  following: z.boolean(),
  followers: z.number().int(),
});
export type FollowResult = z.infer<typeof FollowResultSchema>;

/** GET /user/products-upvoted: catalogue cards, as the other product lists give them. */
export const UpvotedProductsSchema = ProductCardsPageSchema;
export type UpvotedProducts = z.infer<typeof UpvotedProductsSchema>;
