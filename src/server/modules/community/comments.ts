/**
 * Comments on reviews and replies to comments (issue 5): plain text, oldest first (a conversation reads top to
 * bottom), with likes and dislikes; the parent's counter (reviews.comments, review_comments.replies) moves in
 * the same transaction as the row (see thread.ts).
 */
import { sql } from 'drizzle-orm';
import type { LikeReaction } from '../../../shared/community.ts';
import type { Comment, Page, ReactionResult, Reply } from '../../../shared/community-api.ts';
import type { SessionUserRow } from '../account/sessions.ts';
import { modelIdOf } from '../catalogue/resolve.ts';
import type { CommunityDeps } from './deps.ts';
import { COMMENTS, type Item, type Poster, REPLIES, Threads } from './thread.ts';

const toComment = ({ parent_id, children, ...item }: Item): Comment => ({
  ...item,
  review_id: parent_id,
  replies: children,
});
const toReply = ({ parent_id, children: _none, ...item }: Item): Reply => ({
  ...item,
  comment_id: parent_id,
});

export class CommentService {
  private readonly threads: Threads;

  constructor(private readonly d: CommunityDeps) {
    this.threads = new Threads(d);
  }

  /** Comments on a review, oldest first; with `productId`, the review must be of that product. */
  async list(
    reviewId: number,
    page: number,
    size: number,
    viewerId: number | null,
    productId: number | null = null,
  ): Promise<Page<Comment>> {
    // Any id of the review's model (a variant's too); an unknown one matches no review.
    const modelId = productId === null ? null : await modelIdOf(this.d.db, productId).catch(() => 0);
    const ofProduct = modelId === null ? sql`` : sql`AND product_id = ${modelId}`;
    const { total, items } = await this.threads.list(COMMENTS, reviewId, page, size, viewerId, ofProduct);
    return { success: true, page, size, total, items: items.map(toComment) };
  }

  async post(user: Poster, reviewId: number, text: string): Promise<Comment> {
    return toComment(await this.threads.create(COMMENTS, user, reviewId, text));
  }

  delete(user: Pick<SessionUserRow, 'userId'>, commentId: number): Promise<void> {
    return this.threads.remove(COMMENTS, user, commentId);
  }

  react(user: Poster, commentId: number, reaction: LikeReaction): Promise<ReactionResult> {
    return this.threads.react(COMMENTS, user, commentId, reaction);
  }

  /** Replies to a comment, oldest first. */
  async listReplies(
    commentId: number,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<Page<Reply>> {
    const { total, items } = await this.threads.list(REPLIES, commentId, page, size, viewerId);
    return { success: true, page, size, total, items: items.map(toReply) };
  }

  async reply(user: Poster, commentId: number, text: string): Promise<Reply> {
    return toReply(await this.threads.create(REPLIES, user, commentId, text));
  }

  deleteReply(user: Pick<SessionUserRow, 'userId'>, replyId: number): Promise<void> {
    return this.threads.remove(REPLIES, user, replyId);
  }

  reactToReply(user: Poster, replyId: number, reaction: LikeReaction): Promise<ReactionResult> {
    return this.threads.react(REPLIES, user, replyId, reaction);
  }
}
