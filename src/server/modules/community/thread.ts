/**
 * Text posted under a parent, whose counter counts it: comments under reviews, replies under comments,
 * answers under questions. One way to list, post, delete and react to all three, each with its own order.
 *
 * Locks are always taken parent first (as deleting a parent does through its cascade), so concurrent
 * deletes and posts wait for each other instead of deadlocking.
 */
import { type SQL, sql } from 'drizzle-orm';
import { iso, rows } from '../../../db/sql.ts';
import type { LikeReaction } from '../../../shared/community.ts';
import type { Author } from '../../../shared/community-api.ts';
import { AppError, type ErrorCode } from '../../../shared/messages.ts';
import type { SessionUserRow } from '../account/sessions.ts';
import {
  type Actor,
  AUTHOR_COLUMNS,
  type AuthorColumns,
  authorOf,
  isHideable,
  LIKES,
  markContributed,
  react,
  type ReactionTarget,
  reactionName,
  visibleTo,
  ancestorsVisible,
} from './common.ts';
import type { CommunityDeps } from './deps.ts';
import { forgetNotices, notify } from '../notifications/notices.ts';
import type { MuteThread } from '../../../shared/notification-constants.ts';

export type Poster = Actor;

export interface Thread {
  kind: 'comment' | 'reply' | 'answer' | 'article_comment';
  /** The thread a post under `parentId` belongs to, which its parent's author can mute. */
  muteThread: (parentId: number) => { kind: MuteThread; id: SQL | number };
  table: string;
  /** The column naming the parent, e.g. 'review_id'. */
  parentColumn: string;
  parentTable: string;
  /** The parent's counter of these, e.g. 'comments'. */
  parentCounter: string;
  /** The list's order, written as its index (`<parent>, …`) so a page is a range scan. */
  order: string;
  /** The item's own counter of what is under it, if any (a comment's replies). */
  childCounter: string | null;
  parentNotFound: ErrorCode;
  reactions: ReactionTarget<LikeReaction>;
}

export const thread = (
  kind: Thread['kind'],
  muteThread: Thread['muteThread'],
  table: string,
  parent: [table: string, column: string, counter: string, notFound: ErrorCode],
  order: string,
  childCounter: string | null,
  reactions: [table: string, column: string, notFound: ErrorCode],
): Thread => ({
  kind,
  muteThread,
  table,
  parentTable: parent[0],
  parentColumn: parent[1],
  parentCounter: parent[2],
  parentNotFound: parent[3],
  order,
  childCounter,
  reactions: {
    ...LIKES,
    table: reactions[0],
    column: reactions[1],
    itemTable: table,
    notFound: reactions[2],
  },
});

/** Oldest first: a conversation reads top to bottom. */
export const COMMENTS = thread(
  'comment',
  (reviewId) => ({ kind: 'review', id: reviewId }),
  'review_comments',
  ['reviews', 'review_id', 'comments', 'REVIEW_NOT_FOUND'],
  'created_at, id',
  'replies',
  ['comment_reactions', 'comment_id', 'COMMENT_NOT_FOUND'],
);
export const REPLIES = thread(
  'reply',
  (commentId) => ({
    kind: 'review',
    id: sql`(SELECT review_id FROM review_comments WHERE id = ${commentId})`,
  }),
  'comment_replies',
  ['review_comments', 'comment_id', 'replies', 'COMMENT_NOT_FOUND'],
  'created_at, id',
  null,
  ['reply_reactions', 'reply_id', 'REPLY_NOT_FOUND'],
);
/** Most liked first, then oldest. */
export const ANSWERS = thread(
  'answer',
  (questionId) => ({ kind: 'question', id: questionId }),
  'answers',
  ['questions', 'question_id', 'answers', 'QUESTION_NOT_FOUND'],
  'likes DESC NULLS LAST, created_at, id',
  null,
  ['answer_reactions', 'answer_id', 'ANSWER_NOT_FOUND'],
);

interface ItemRow extends AuthorColumns {
  id: number;
  parent_id: number;
  user_id: number;
  body: string;
  likes: number;
  dislikes: number;
  children: number | null;
  created_at: Date | string;
  my_value: number | null;
}

/** An item of any thread; each service renames `parent_id` (and keeps `children` where it has some). */
export interface Item {
  id: number;
  parent_id: number;
  author: Author;
  text: string;
  children: number;
  created_at: string;
  likes: number;
  dislikes: number;
  my_reaction: LikeReaction | null;
  mine: boolean;
}

const ident = (name: string) => sql.raw(`"${name}"`);

export class Threads {
  constructor(private readonly d: CommunityDeps) {}

  /** A page under a parent, along the thread's index; `total` is the parent's counter. */
  private async page(
    t: Thread,
    parentId: number,
    total: number,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<Item[]> {
    const offset = page * size;
    if (offset >= total) return [];
    const order = sql.raw(t.order);
    const from = sql`FROM (SELECT id FROM ${ident(t.table)} c WHERE ${ident(t.parentColumn)} = ${parentId}
          AND c.hidden_at IS NULL
        ORDER BY ${order} LIMIT ${size} OFFSET ${offset}) page JOIN ${ident(t.table)} c ON c.id = page.id`;
    const found = await rows<ItemRow>(
      this.d.db,
      sql`${this.select(t, from, viewerId)} ORDER BY ${sql.raw(t.order.replace(/(^|, )/g, '$1c.'))}`,
    );
    return found.map((row) => this.toItem(t, row, viewerId));
  }

  /**
   * A page under a parent with the parent's counter as its total, or the thread's not-found error when the
   * parent does not exist, is hidden from this viewer, or `where` rules it out (a question of another product).
   * Hidden items are left out for everyone, as the counter leaves them out; their authors find them in their
   * account's notices.
   */
  async list(
    t: Thread,
    parentId: number,
    page: number,
    size: number,
    viewerId: number | null,
    where: SQL = sql``,
  ): Promise<{ total: number; items: Item[] }> {
    const [parent] = await rows<{ total: number }>(
      this.d.db,
      sql`SELECT ${ident(t.parentCounter)} AS total FROM ${ident(t.parentTable)} p
        WHERE id = ${parentId} ${where} ${this.parentVisible(t, viewerId)}`,
    );
    if (!parent) throw new AppError(t.parentNotFound);
    return { total: parent.total, items: await this.page(t, parentId, parent.total, page, size, viewerId) };
  }

  /** Whether the parent `p` is there for the viewer (a hidden parent is only its author's; nothing above it hidden). */
  private parentVisible(t: Thread, viewerId: number | null): SQL {
    return isHideable(t.parentTable)
      ? sql`AND ${visibleTo('p', viewerId)} AND ${ancestorsVisible(t.parentTable, 'p')}`
      : sql``;
  }

  /** Posts under a parent (not under a hidden one); the parent's counter counts it in the same transaction. */
  async create(t: Thread, user: Poster, parentId: number, text: string): Promise<Item> {
    // An article's comments are limited as a review's are.
    await this.d.limits.check(user, t.kind === 'article_comment' ? 'comment' : t.kind);
    const now = this.d.clock.now().toISOString();
    const notHidden = isHideable(t.parentTable)
      ? sql`AND p.hidden_at IS NULL AND ${ancestorsVisible(t.parentTable, 'p')}`
      : sql``;
    const id = await this.d.db.transaction(async (tx) => {
      // Counting first locks the parent, so it cannot be deleted before the row is in.
      const [parent] = await rows<{ user_id: number | null }>(
        tx,
        sql`UPDATE ${ident(t.parentTable)} p SET ${ident(t.parentCounter)} = p.${ident(t.parentCounter)} + 1
          WHERE p.id = ${parentId} ${notHidden} RETURNING p.user_id`,
      );
      if (!parent) throw new AppError(t.parentNotFound);
      const [row] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO ${ident(t.table)} (${ident(t.parentColumn)}, user_id, body, created_at)
          VALUES (${parentId}, ${user.userId}, ${text}, ${now}) RETURNING id`,
      );
      await markContributed(tx, user, now);
      // The parent's author hears of it (issue 23), in the same transaction: never a post without its notice.
      if (parent.user_id !== null && parent.user_id !== user.userId)
        await notify(tx, {
          userId: parent.user_id,
          kind: t.kind,
          actorId: user.userId,
          targetId: row!.id,
          at: now,
          groupKey: parentId,
          thread: t.muteThread(parentId),
        });
      return row!.id;
    });
    const [row] = await rows<ItemRow>(
      this.d.db,
      sql`${this.select(t, sql`FROM ${ident(t.table)} c`, user.userId)} WHERE c.id = ${id}`,
    );
    if (!row) throw new AppError(t.reactions.notFound);
    return this.toItem(t, row, user.userId);
  }

  /** Deletes one's own item (404, or 403 NOT_OWNER); the parent's counter follows (a hidden one was out of it). */
  async remove(t: Thread, user: Pick<SessionUserRow, 'userId'>, id: number): Promise<void> {
    const table = ident(t.table);
    const counter = ident(t.parentCounter);
    await this.d.db.transaction(async (tx) => {
      const [item] = await rows<{ user_id: number; parent_id: number }>(
        tx,
        sql`SELECT user_id, ${ident(t.parentColumn)} AS parent_id FROM ${table} WHERE id = ${id}`,
      );
      if (!item) throw new AppError(t.reactions.notFound);
      if (item.user_id !== user.userId) throw new AppError('NOT_OWNER');
      // Parent first, as a cascading delete of the parent locks it; then the row, if it is still there.
      await tx.execute(
        sql`SELECT id FROM ${ident(t.parentTable)} WHERE id = ${item.parent_id} FOR NO KEY UPDATE`,
      );
      const [deleted] = await rows<{ hidden: boolean }>(
        tx,
        sql`DELETE FROM ${table} WHERE id = ${id} RETURNING hidden_at IS NOT NULL AS hidden`,
      );
      if (!deleted) throw new AppError(t.reactions.notFound);
      await forgetNotices(tx, t.kind, id);
      if (deleted.hidden) return;
      await tx.execute(
        sql`UPDATE ${ident(t.parentTable)} SET ${counter} = ${counter} - 1 WHERE id = ${item.parent_id}`,
      );
    });
  }

  /** Like / dislike: the same again takes it back, the other one switches. Not on one's own. */
  react(t: Thread, user: Poster, id: number, reaction: LikeReaction) {
    return react(this.d.db, this.d.limits, t.reactions, user, id, reaction);
  }

  /** The items `c` (from `from`) of a thread with their authors and the viewer's reaction. */
  private select(t: Thread, from: SQL, viewerId: number | null): SQL {
    const children = t.childCounter ? sql`c.${ident(t.childCounter)}` : sql`NULL::int`;
    return sql`SELECT c.id, c.${ident(t.parentColumn)} AS parent_id, c.user_id, c.body, c.likes, c.dislikes,
        ${children} AS children, c.created_at, ${AUTHOR_COLUMNS}, x.value AS my_value
      ${from} LEFT JOIN users u ON u.id = c.user_id
      LEFT JOIN ${ident(t.reactions.table)} x ON x.${ident(t.reactions.column)} = c.id
        AND x.user_id = ${viewerId ?? 0}`;
  }

  private toItem(t: Thread, row: ItemRow, viewerId: number | null): Item {
    return {
      id: row.id,
      parent_id: row.parent_id,
      author: authorOf(row, this.d.imageUrl),
      text: row.body,
      children: row.children ?? 0,
      created_at: iso(row.created_at)!,
      likes: row.likes,
      dislikes: row.dislikes,
      my_reaction: reactionName(t.reactions, row.my_value),
      mine: viewerId !== null && row.user_id === viewerId,
    };
  }
}
