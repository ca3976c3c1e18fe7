/**
 * The community's constants and texts, without zod: the pages that only read reviews and questions import
 * these, and only the forms load the schemas (community.ts).
 */
import type { ReviewPoint } from './review-points.ts';

export const COMMUNITY_MESSAGES = {
  ratingsRequired: 'Please provide a rating for all metrics.',
  /** Issue 18: the review form of a phone with several variants asks which one its author owns. */
  variantRequired: 'Choose the variant you own.',
  summary: 'Give your review a title of 5 to 120 characters.',
  description: 'Write 20 to 5,000 characters about your experience.',
  question: 'Ask your question in 10 to 500 characters.',
  answer: 'Write an answer of 2 to 2,000 characters.',
  comment: 'Write a comment of 1 to 1,000 characters.',
  reply: 'Write a reply of 1 to 1,000 characters.',
  reason: 'Please choose a reason.',
  reportComments: 'Keep your comments under 500 characters.',
  reviewUpdate: 'Write an update of 10 to 2,000 characters.',
  /** Issue 22: the review form asks whether the phone or the review was paid for, in any way. */
  incentive: 'Say whether you got the phone free or at a discount, or were paid.',
  ownedSince: 'Give the month you got the phone (not in the future).',
  controlCharacters: 'Please remove the invisible control characters (U+0000) from your text.',
} as const;

/** Success toasts (spec section 8: answer, comment, reply, question, review posted or deleted). */
export const COMMUNITY_SUCCESS = {
  reviewPosted: 'review posted',
  reviewUpdated: 'review updated',
  reviewDeleted: 'review deleted',
  commentPosted: 'comment posted',
  commentDeleted: 'comment deleted',
  replyPosted: 'reply posted',
  replyDeleted: 'reply deleted',
  questionPosted: 'question posted',
  questionDeleted: 'question deleted',
  answerPosted: 'answer posted',
  answerDeleted: 'answer deleted',
  reported: 'Thanks. Our moderators will look at your report.',
  reviewUpdateAdded: 'update added',
} as const;

export const LIMITS = {
  summary: [5, 120],
  description: [20, 5000],
  question: [10, 500],
  answer: [2, 2000],
  comment: [1, 1000],
  reply: [1, 1000],
  reportComments: 500,
  reviewUpdate: [10, 2000],
} as const;

/** Long-term updates (issue 22): an author adds dated notes under a review, at most this many. */
export const REVIEW_UPDATES_MAX = 10;

/**
 * What a reviewer got for the phone or the review (issue 22, IS 19000): anything but 'none' is labelled
 * "Incentivised" and kept out of the rating average, which shows such reviews' average apart.
 */
export const INCENTIVES = ['none', 'free', 'discount', 'paid'] as const;
export type Incentive = (typeof INCENTIVES)[number];
/** The answers of the review form's question, and what a labelled review says under "Incentivised". */
export const INCENTIVE_LABELS: Record<Incentive, string> = {
  none: 'No, I paid the full price myself',
  free: 'I got the phone free',
  discount: 'I got the phone at a discount',
  paid: 'I was paid for this review',
};

/** The rating summary shows the verified owners' average next to everyone's from this many of their reviews. */
export const MIN_VERIFIED_FOR_AVERAGE = 10;

/** What a labelled review says about its author (issue 22). */
export const INCENTIVE_DISCLOSURES: Record<Exclude<Incentive, 'none'>, string> = {
  free: 'The reviewer got the phone free.',
  discount: 'The reviewer got the phone at a discount.',
  paid: 'The reviewer was paid for this review.',
};

/** The four review aspects, in the order the spec lists them, with their API field names. */
export const ASPECTS = [
  { key: 'build_quality', label: 'Build Quality' },
  { key: 'features', label: 'Features' },
  { key: 'look_and_feel', label: 'Look & Feel' },
  { key: 'performance', label: 'Performance' },
] as const;
export type AspectKey = (typeof ASPECTS)[number]['key'];

export const REVIEW_SORTS = ['helpful', 'newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  helpful: 'Most helpful',
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

/** Report reasons by what is reported (spec section 3). */
/**
 * The spec's reasons for reporting a review, also used for every other kind of post, and two of its reasons for
 * reporting a user that a post can be as well (issue 22): they are among the severe reasons that may hide a post
 * before a moderator sees it (SEVERE_POST_REASONS).
 */
const POST_REASONS = {
  7: 'Spamming',
  8: 'Incentivized',
  9: 'Sabotaging competition',
  10: 'False claim',
  11: 'Vindictive',
  1: 'Off-topic',
  13: 'Abusive',
  14: 'Restricted media',
  2: 'Privacy violation',
  4: 'Illegal content',
} as const;

export const REPORT_REASONS = {
  product: {
    15: 'Inaccurate info',
    16: 'Missing info',
    17: 'Duplicate',
    18: 'Poor images',
    19: 'Inoperative listing',
    20: 'Inappropriate content',
    21: 'Prohibited items',
  },
  review: POST_REASONS,
  // The spec lists reasons for reviews only; comments, replies, questions and answers are posts like them.
  comment: POST_REASONS,
  reply: POST_REASONS,
  question: POST_REASONS,
  answer: POST_REASONS,
  article_comment: POST_REASONS,
  user: {
    1: 'Trolling',
    2: 'Privacy violation',
    3: 'Harassment',
    4: 'Illegal content',
    5: 'Promotion of hatred',
  },
} as const satisfies Record<string, Record<number, string>>;
export type ReportTarget = keyof typeof REPORT_REASONS;

/** Review: Useful / Not Useful. Everything else: like / dislike. */
export const REVIEW_REACTIONS = ['useful', 'not_useful'] as const;
export type ReviewReaction = (typeof REVIEW_REACTIONS)[number];
export const LIKE_REACTIONS = ['like', 'dislike'] as const;
export type LikeReaction = (typeof LIKE_REACTIONS)[number];

/** GET /product/{id}/reviews?page&size&sort&star: pages from 0, 6 a page, most helpful first by default. */
export interface ReviewQuery {
  page: number;
  size: number;
  sort: ReviewSort;
  /** Only reviews whose overall rating has this many whole stars (1-5). */
  star: number | null;
  /** Only the reviews of verified owners (issue 22). */
  verified?: boolean;
  /** Only the reviews that make this point, "Battery life: praised" (issue 22). */
  point?: ReviewPoint | null;
}
