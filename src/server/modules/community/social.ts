/**
 * Product upvotes, reports, follows and public profiles (issue 5, parts 4-7). Counters (products.upvotes,
 * users.followers, users.following) move in the same transaction as the rows, and only by the rows a call
 * really inserted or deleted, so concurrent clicks leave them equal to the rows.
 */
import { forgetFollow, notify } from '../notifications/notices.ts';
import { sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import type {
  FollowResult,
  Page,
  PublicProfile,
  ReviewWithProduct,
  UpvotedProducts,
  UpvoteResult,
} from '../../../shared/community-api.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  AUTO_HIDE_ACCOUNT_AGE_DAYS,
  AUTO_HIDE_REASON,
  AUTO_HIDE_REPORTERS,
  SEVERE_POST_REASONS,
  isPostTarget,
  type ModerationTarget,
  type PostTarget,
} from '../../../shared/moderation.ts';
import { USERNAME_PATTERN } from '../../../shared/session-user.ts';
import { DAY } from '../../lib/clock.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../catalogue/cards.ts';
import { modelIdOf } from '../catalogue/resolve.ts';
import { type Actor, notFoundOnForeignKey } from './common.ts';
import { type CommunityDeps, forgetProduct } from './deps.ts';
import type { ReviewService } from './reviews.ts';
import { POST_TABLES, postState, recordAction, SEVERE_ARRAY, setHidden } from './visibility.ts';

interface ReportInput {
  reason_id: number;
  comments: string | null;
}

export class SocialService {
  constructor(
    private readonly d: CommunityDeps,
    private readonly reviews: ReviewService,
  ) {}

  private now(): string {
    return this.d.clock.now().toISOString();
  }

  /** Any product id (a model's or a variant's) to its model (404 PRODUCT_NOT_FOUND, also when hidden). */
  private modelOf(productId: number): Promise<number> {
    return modelIdOf(this.d.db, productId);
  }

  /** A visible (not deleted) user by username, any case; 404 USER_NOT_FOUND. */
  private async userByName(username: string): Promise<{ id: number }> {
    if (!USERNAME_PATTERN.test(username)) throw new AppError('USER_NOT_FOUND');
    const [user] = await rows<{ id: number }>(
      this.d.db,
      sql`SELECT id FROM users WHERE lower(username) = lower(${username}) AND deleted_at IS NULL`,
    );
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  // ── Product upvotes ────────────────────────────────────────────────────────────────────────────────

  /** Upvotes the product, or takes the upvote back (404 PRODUCT_NOT_FOUND). */
  async toggleUpvote(user: Actor, id: number): Promise<UpvoteResult> {
    const productId = await this.modelOf(id);
    await this.d.limits.check(user, 'react');
    return this.d.db
      .transaction(async (tx) => {
        const [removed] = await rows(
          tx,
          sql`DELETE FROM product_upvotes WHERE product_id = ${productId} AND user_id = ${user.userId}
            RETURNING 1`,
        );
        const [added] = removed
          ? []
          : await rows(
              tx,
              sql`INSERT INTO product_upvotes (product_id, user_id, created_at)
                VALUES (${productId}, ${user.userId}, ${this.now()})
                ON CONFLICT DO NOTHING RETURNING 1`,
            );
        const delta = (added ? 1 : 0) - (removed ? 1 : 0);
        const [product] = await rows<{ upvotes: number }>(
          tx,
          sql`UPDATE products SET upvotes = upvotes + ${delta} WHERE id = ${productId} RETURNING upvotes`,
        );
        // Neither removed nor added: a concurrent request of the same user upvoted first, so it is upvoted.
        const upvoted = !removed;
        return {
          success: true as const,
          counts: { upvotes: product?.upvotes ?? 0 },
          my_reaction: upvoted ? ('like' as const) : null,
        };
      })
      .catch(notFoundOnForeignKey('PRODUCT_NOT_FOUND'));
  }

  /** The viewer's state on a product page: upvoted, and an open report of theirs (404 PRODUCT_NOT_FOUND). */
  async productViewer(userId: number, id: number): Promise<{ upvoted: boolean; reported: boolean }> {
    const productId = await this.modelOf(id);
    const [row] = await rows<{ upvoted: boolean; reported: boolean }>(
      this.d.db,
      sql`SELECT
          EXISTS (SELECT 1 FROM product_upvotes WHERE product_id = p.id AND user_id = ${userId}) AS upvoted,
          EXISTS (SELECT 1 FROM reports WHERE reporter_id = ${userId} AND target_type = 'product'
            AND target_id = p.id AND status = 'open') AS reported
        FROM products p WHERE p.id = ${productId}`,
    );
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return { upvoted: row.upvoted, reported: row.reported };
  }

  /** The signed-in user's upvoted products, newest upvote first, as catalogue cards. */
  async upvotedProducts(userId: number, page: number, size: number): Promise<UpvotedProducts> {
    const [head] = await rows<{ total: number }>(
      this.d.db,
      sql`SELECT count(*)::int AS total FROM product_upvotes WHERE user_id = ${userId}`,
    );
    const total = head?.total ?? 0;
    const cards =
      total > page * size
        ? await rows<CardRow>(
            this.d.db,
            sql`SELECT ${CARD_COLUMNS}
              FROM product_upvotes pu JOIN products p ON p.id = pu.product_id JOIN brands b ON b.id = p.brand_id
              WHERE pu.user_id = ${userId}
              ORDER BY pu.created_at DESC NULLS LAST, pu.product_id DESC
              LIMIT ${size} OFFSET ${page * size}`,
          )
        : [];
    return { success: true, page, size, total, products: cards.map(toCard) };
  }

  // ── Reports ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Reports a post: a review, comment, reply, question or answer (404 with its code, also when hidden; one's
   * own: 400 REPORT_SELF).
   */
  async reportPost(user: Actor, target: PostTarget, id: number, input: ReportInput): Promise<void> {
    const post = await postState(this.d.db, target, id);
    if (!post || post.under || (post.hidden && post.userId !== user.userId))
      throw new AppError(POST_TABLES[target].notFound);
    if (post.userId === user.userId) throw new AppError('REPORT_SELF');
    await this.report(user, target, id, input);
  }

  /** Reports a product listing (404 PRODUCT_NOT_FOUND). */
  async reportProduct(user: Actor, id: number, input: ReportInput): Promise<void> {
    const productId = await this.modelOf(id);
    await this.report(user, 'product', productId, input);
  }

  /** Reports a user by username (404 USER_NOT_FOUND; oneself: 400 REPORT_SELF). */
  async reportUser(user: Actor, username: string, input: ReportInput): Promise<void> {
    const target = await this.userByName(username);
    if (target.id === user.userId) throw new AppError('REPORT_SELF');
    await this.report(user, 'user', target.id, input);
  }

  /**
   * One open report per reporter per item (the partial unique index reports_open_uq): a second one is 409
   * ALREADY_REPORTED, checked before the posting limit so a repeat does not use it up; two racing requests
   * meet at the index (ON CONFLICT). Once moderators resolve the report, a new one may be made. A suspended
   * user's report is refused (403) by the limits, so it is never counted.
   *
   * A post reported for a severe reason (SEVERE_POST_REASONS) by AUTO_HIDE_REPORTERS different users, each with
   * an account at least AUTO_HIDE_ACCOUNT_AGE_DAYS old and not suspended, is hidden at once, pending review (the
   * queue shows it first); the report and the hiding are one transaction, so concurrent reports hide it once.
   * Reports for any other reason wait for a moderator, and the post stays up meanwhile.
   */
  private async report(
    user: Actor,
    type: ModerationTarget,
    targetId: number,
    input: ReportInput,
  ): Promise<void> {
    const [open] = await rows(
      this.d.db,
      sql`SELECT 1 FROM reports WHERE reporter_id = ${user.userId} AND target_type = ${type}
        AND target_id = ${targetId} AND status = 'open'`,
    );
    if (open) throw new AppError('ALREADY_REPORTED');
    await this.d.limits.check(user, 'report');
    const now = this.d.clock.now();
    const movedProduct = await this.d.db.transaction(async (tx) => {
      const inserted = await rows(
        tx,
        sql`INSERT INTO reports (reporter_id, target_type, target_id, reason_id, comments, created_at)
          VALUES (${user.userId}, ${type}, ${targetId}, ${input.reason_id}, ${input.comments}, ${now.toISOString()})
          ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING
          RETURNING id`,
      );
      if (!inserted.length) throw new AppError('ALREADY_REPORTED');
      return isPostTarget(type) && SEVERE_POST_REASONS.includes(input.reason_id)
        ? this.hideIfReported(tx, type, targetId, now)
        : null;
    });
    // A review hidden by reports leaves its product's counters: every node's page shows it at once.
    if (movedProduct !== null) await forgetProduct(this.d, movedProduct);
  }

  /** Hides a post reported enough for severe reasons; answers the product whose counters moved, if any. */
  private async hideIfReported(
    tx: Executor,
    type: PostTarget,
    id: number,
    now: Date,
  ): Promise<number | null> {
    const oldEnough = new Date(now.getTime() - AUTO_HIDE_ACCOUNT_AGE_DAYS * DAY).toISOString();
    // Counted under the post's lock: of reports arriving together, the last to get the lock sees them all, and
    // reports a moderator has just dismissed no longer count.
    const qualifying = async () => {
      const [counted] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(DISTINCT r.reporter_id)::int AS n FROM reports r JOIN users u ON u.id = r.reporter_id
          WHERE r.target_type = ${type} AND r.target_id = ${id} AND r.status = 'open'
            AND r.reason_id = ANY (${SEVERE_ARRAY}::int[]) AND u.created_at <= ${oldEnough} AND u.deleted_at IS NULL
            AND (u.suspended_until IS NULL OR u.suspended_until <= ${now.toISOString()})`,
      );
      return (counted?.n ?? 0) >= AUTO_HIDE_REPORTERS;
    };
    const at = now.toISOString();
    const { userId, changed, movedProduct } = await setHidden(
      tx,
      type,
      id,
      { reason: AUTO_HIDE_REASON, automatic: true, at },
      { when: qualifying },
    );
    // Too few qualifying reports, or already hidden (by a moderator, or by a concurrent report).
    if (!changed) return null;
    await recordAction(tx, {
      actorId: null,
      action: 'auto_hide',
      targetType: type,
      targetId: id,
      subjectId: userId,
      reason: AUTO_HIDE_REASON,
      at,
    });
    return movedProduct;
  }

  // ── Follows ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Follows (true) or unfollows (false) a user; saying which makes a repeat or a double click harmless.
   * The counters move only when a row was really inserted or deleted.
   */
  async follow(user: Actor, username: string, follow: boolean): Promise<FollowResult> {
    const target = await this.userByName(username);
    if (target.id === user.userId) throw new AppError('FOLLOW_SELF');
    await this.d.limits.check(user, 'follow');
    return this.d.db
      .transaction(async (tx) => {
        const changed = follow
          ? await rows(
              tx,
              sql`INSERT INTO follows (follower_id, followee_id, created_at)
                VALUES (${user.userId}, ${target.id}, ${this.now()}) ON CONFLICT DO NOTHING RETURNING 1`,
            )
          : await rows(
              tx,
              sql`DELETE FROM follows WHERE follower_id = ${user.userId} AND followee_id = ${target.id}
                RETURNING 1`,
            );
        if (changed.length) {
          const delta = follow ? 1 : -1;
          // Both users' rows in id order: A following B while B follows A cannot deadlock.
          await tx.execute(
            sql`SELECT 1 FROM users WHERE id IN (${user.userId}, ${target.id}) ORDER BY id FOR NO KEY UPDATE`,
          );
          await tx.execute(sql`UPDATE users SET following = following + ${delta} WHERE id = ${user.userId}`);
          // The followee hears of a new follower (grouped on their list); an unfollow takes it back if unread.
          if (follow) {
            await notify(tx, {
              userId: target.id,
              kind: 'follower',
              actorId: user.userId,
              targetId: user.userId,
              at: this.now(),
              groupKey: 0,
            });
          } else {
            await forgetFollow(tx, user.userId, target.id);
          }
        }
        // Whether this call changed a row or a repeat found it done, the follow now is what was asked.
        const [followee] = await rows<{ followers: number }>(
          tx,
          changed.length
            ? sql`UPDATE users SET followers = followers + ${follow ? 1 : -1} WHERE id = ${target.id}
                RETURNING followers`
            : sql`SELECT followers FROM users WHERE id = ${target.id}`,
        );
        return { success: true as const, following: follow, followers: followee?.followers ?? 0 };
      })
      .catch(notFoundOnForeignKey('USER_NOT_FOUND'));
  }

  // ── Profiles ───────────────────────────────────────────────────────────────────────────────────────

  /** /profile/{username}: the public profile and a page of the user's reviews (404 USER_NOT_FOUND). */
  async profile(
    username: string,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<PublicProfile> {
    if (!USERNAME_PATTERN.test(username)) throw new AppError('USER_NOT_FOUND');
    const [user] = await rows<{
      id: number;
      username: string;
      first_name: string;
      last_name: string;
      image: string | null;
      is_demo: boolean;
      created_at: Date | string;
      followers: number;
      following: number;
      followed: boolean;
    }>(
      this.d.db,
      sql`SELECT u.id, u.username, u.first_name, u.last_name, u.image, u.is_demo, u.created_at, u.followers,
          u.following,
          EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = u.id) AS followed
        FROM users u WHERE lower(u.username) = lower(${username}) AND u.deleted_at IS NULL`,
    );
    if (!user) throw new AppError('USER_NOT_FOUND');
    const reviews = await this.reviews.listByUser(user.id, viewerId, page, size);
    const mine = viewerId !== null && viewerId === user.id;
    return {
      success: true,
      profile: {
        username: user.username,
        firstName: user.first_name,
        lastName: user.last_name,
        image: this.d.imageUrl(user.image),
        demo: user.is_demo,
        joined: iso(user.created_at)!,
        followers: user.followers,
        following: user.following,
        reviews: reviews.total,
        followed: !mine && user.followed,
        mine,
      },
      reviews: { page, size, total: reviews.total, items: reviews.items },
    };
  }

  /** The signed-in user's own reviews, newest first, with their products. */
  async ownReviews(userId: number, page: number, size: number): Promise<Page<ReviewWithProduct>> {
    const { total, items } = await this.reviews.listByUser(userId, userId, page, size, true);
    return { success: true, page, size, total, items };
  }
}
