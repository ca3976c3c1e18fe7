/**
 * The community (issue 5): reviews with comments and replies, questions and answers, reactions, reports,
 * follows and public profiles. Routes are in routes.ts.
 */
import { CommentService } from './comments.ts';
import { PostingLimits, type WindowStore } from './common.ts';
import type { CommunityDeps } from './deps.ts';
import { QuestionService } from './questions.ts';
import { ReviewService } from './reviews.ts';
import { SocialService } from './social.ts';

export interface Community {
  /** What every community service works with (the article comments use it too). */
  deps: CommunityDeps;
  reviews: ReviewService;
  comments: CommentService;
  questions: QuestionService;
  social: SocialService;
}

export function createCommunity(
  deps: Omit<CommunityDeps, 'limits'> & {
    postingLimits: boolean;
    /** Where the limits' hits are kept: Redis when configured, this process's memory otherwise. */
    windows?: WindowStore | undefined;
  },
): Community {
  const limits = new PostingLimits(deps.clock, deps.postingLimits, deps.windows);
  const d: CommunityDeps = {
    db: deps.db,
    clock: deps.clock,
    sessions: deps.sessions,
    imageUrl: deps.imageUrl,
    bus: deps.bus,
    limits,
  };
  const reviews = new ReviewService(d);
  return {
    deps: d,
    reviews,
    comments: new CommentService(d),
    questions: new QuestionService(d),
    social: new SocialService(d, reviews),
  };
}
