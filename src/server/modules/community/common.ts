/**
 * What every community service shares: the author projection, the optional viewer, reaction toggling that
 * keeps stored counters equal to the rows under concurrent clicks, and per-user posting limits.
 */
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, pgError, rows } from '../../../db/sql.ts';
import type { HiddenMark } from '../../../shared/moderation.ts';
import type { Author } from '../../../shared/community-api.ts';
import { AppError, type ErrorCode, postingTooFast } from '../../../shared/messages.ts';
import { type Clock, DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { SessionUserRow } from '../account/sessions.ts';

/** The item went away under us (a foreign key said no): answer its 404 rather than a 500. */
export function notFoundOnForeignKey(code: ErrorCode) {
  return (err: unknown): never => {
    if (pgError(err).code === '23503') throw new AppError(code);
    throw err;
  };
}

/**
 * Columns for the author of a row joined as `u` (LEFT JOIN users u ON u.id = x.user_id): read them back with
 * authorOf(). A deleted account (hidden, or erased after 7 days) shows as "Deleted user" (null).
 */
export const AUTHOR_COLUMNS = sql.raw(`CASE WHEN u.deleted_at IS NULL THEN u.username END AS a_username,
  u.first_name AS a_first_name, u.last_name AS a_last_name, u.image AS a_image, u.is_demo AS a_demo`);

export interface AuthorColumns {
  a_username: string | null;
  a_first_name: string | null;
  a_last_name: string | null;
  a_image: string | null;
  a_demo: boolean | null;
}

export function authorOf(row: AuthorColumns, imageUrl: (file: string | null) => string | null): Author {
  if (!row.a_username) return null;
  return {
    username: row.a_username,
    firstName: row.a_first_name ?? '',
    lastName: row.a_last_name ?? '',
    image: imageUrl(row.a_image),
    demo: row.a_demo === true,
  };
}

/** Tables of posts that moderators can hide (hidden_at, hidden_reason, hidden_automatically). */
const HIDEABLE = new Set([
  'reviews',
  'review_comments',
  'comment_replies',
  'questions',
  'answers',
  'article_comments',
]);
export const isHideable = (table: string) => HIDEABLE.has(table);

/** Rows of `alias` the viewer may see: not hidden, or their own. */
export const visibleTo = (alias: string, viewerId: number | null): SQL =>
  sql`(${sql.raw(alias)}.hidden_at IS NULL OR ${sql.raw(alias)}.user_id = ${viewerId ?? 0})`;

/**
 * Whether no post above the row `alias` of `table` is hidden: a hidden review takes its comments and their
 * replies with it, a hidden comment its replies, a hidden question its answers (for everyone: their lists are
 * gone, so nothing under them can be read, answered, reacted to or reported).
 */
export function ancestorsVisible(table: string, alias: string): SQL {
  const a = sql.raw(alias);
  switch (table) {
    case 'review_comments':
      return sql`NOT EXISTS (SELECT 1 FROM reviews up WHERE up.id = ${a}.review_id AND up.hidden_at IS NOT NULL)`;
    case 'comment_replies':
      return sql`NOT EXISTS (SELECT 1 FROM review_comments up JOIN reviews r ON r.id = up.review_id
        WHERE up.id = ${a}.comment_id AND (up.hidden_at IS NOT NULL OR r.hidden_at IS NOT NULL))`;
    case 'answers':
      return sql`NOT EXISTS (SELECT 1 FROM questions up WHERE up.id = ${a}.question_id AND up.hidden_at IS NOT NULL)`;
    default:
      return sql`TRUE`;
  }
}

/** The moderation columns of `alias`, read back with hiddenOf(). */
export const hiddenColumns = (alias: string): SQL =>
  sql.raw(
    `${alias}.hidden_at AS h_at, ${alias}.hidden_reason AS h_reason, ${alias}.hidden_automatically AS h_auto`,
  );

export interface HiddenColumns {
  h_at: Date | string | null;
  h_reason: string | null;
  h_auto: boolean;
}

/** The hidden mark of a row: only its author is ever given one (everyone else does not get the row). */
export function hiddenOf(row: HiddenColumns & { user_id: number }, viewerId: number | null): HiddenMark {
  if (row.h_at === null || row.user_id !== viewerId) return null;
  return { reason: row.h_reason ?? '', at: iso(row.h_at)!, automatic: row.h_auto };
}

/**
 * A table of reactions (item, user_id, value 1 or -1) and the item it belongs to, whose two counters count
 * them. `names` are the reactions as the API says them, for value 1 and value -1.
 */
export interface ReactionTarget<N extends string = string> {
  /** e.g. 'comment_reactions' */
  table: string;
  /** The reaction table's column naming the item, e.g. 'comment_id'. */
  column: string;
  /** The item's table, e.g. 'review_comments'. */
  itemTable: string;
  /** The item's counters for value 1 and value -1, e.g. ['likes', 'dislikes']. */
  counters: readonly [string, string];
  names: readonly [N, N];
  notFound: ErrorCode;
  /** Called in the transaction when a reaction of value 1 is added: the item's owner, its new count. */
  onUp?: (
    tx: Executor,
    e: { ownerId: number; itemId: number; count: number; actorId: number },
  ) => Promise<void>;
}

/** Like / dislike, as on questions, answers, comments and replies. */
export const LIKES = { counters: ['likes', 'dislikes'], names: ['like', 'dislike'] } as const;

/** The API's name of a stored reaction value (1, -1 or none). */
export function reactionName<N extends string>(target: ReactionTarget<N>, value: number | null): N | null {
  return value === 1 ? target.names[0] : value === -1 ? target.names[1] : null;
}

/**
 * One reaction per user per item: the same reaction again removes it, the opposite one switches; not on
 * one's own post. The item's row is locked first, so reactions to one item take turns, and its counters move
 * only by the rows this call really deleted or inserted: they stay equal to the rows under concurrent clicks.
 */
export async function react<N extends string>(
  db: Db,
  limits: PostingLimits,
  target: ReactionTarget<N>,
  user: Actor,
  itemId: number,
  reaction: N,
): Promise<{ success: true; counts: Record<string, number>; my_reaction: N | null }> {
  await limits.check(user, 'react');
  const value = reaction === target.names[0] ? 1 : -1;
  const [t, col, item] = [target.table, target.column, target.itemTable].map((n) => sql.raw(`"${n}"`)) as [
    SQL,
    SQL,
    SQL,
  ];
  const [up, down] = target.counters.map((c) => sql.raw(`"${c}"`)) as [SQL, SQL];
  return db.transaction(async (tx) => {
    const hidden = isHideable(target.itemTable) ? sql`hidden_at IS NOT NULL` : sql`false`;
    const [owner] = await rows<{ user_id: number; hidden: boolean }>(
      tx,
      sql`SELECT user_id, ${hidden} AS hidden FROM ${item} x
        WHERE id = ${itemId} AND ${ancestorsVisible(target.itemTable, 'x')} FOR NO KEY UPDATE OF x`,
    );
    // A hidden post (or one under a hidden post) is not there for anyone but its author, who cannot react to it
    // anyway.
    if (!owner || (owner.hidden && owner.user_id !== user.userId)) throw new AppError(target.notFound);
    if (owner.user_id === user.userId) throw new AppError('OWN_CONTENT_REACTION');
    const [removed] = await rows<{ value: number }>(
      tx,
      sql`DELETE FROM ${t} WHERE ${col} = ${itemId} AND user_id = ${user.userId} RETURNING value`,
    );
    const added = removed?.value === value ? null : value;
    if (added) {
      await tx.execute(
        sql`INSERT INTO ${t} (${col}, user_id, value) VALUES (${itemId}, ${user.userId}, ${added})`,
      );
    }
    const delta = (v: number) => (added === v ? 1 : 0) - (removed?.value === v ? 1 : 0);
    const [counts] = await rows<{ up: number; down: number }>(
      tx,
      sql`UPDATE ${item} SET ${up} = ${up} + ${delta(1)}, ${down} = ${down} + ${delta(-1)}
        WHERE id = ${itemId} RETURNING ${up} AS up, ${down} AS down`,
    );
    if (added === 1 && target.onUp)
      await target.onUp(tx, { ownerId: owner.user_id, itemId, count: counts!.up, actorId: user.userId });
    return {
      success: true as const,
      counts: { [target.counters[0]]: counts!.up, [target.counters[1]]: counts!.down },
      my_reaction: reactionName(target, added),
    };
  });
}

export type PostKind = 'review' | 'question' | 'answer' | 'comment' | 'reply';
/** A suggested correction to the catalogue (issue 19) is limited like a post. */
export type LimitedAction = PostKind | 'correction' | 'update' | 'react' | 'report' | 'follow';

interface Rule {
  /** At most `max` in `windowMs`. */
  max: number;
  windowMs: number;
  code: 'POSTING_TOO_FAST' | 'NEW_ACCOUNT_LIMIT' | 'RATE_LIMITED';
}

/**
 * Who writes: what the limits need to know of the signed-in user. Accounts younger than NEW_ACCOUNT_MS, or
 * without an accepted contribution yet (`trusted`), get the stricter rules (in the spirit of Discourse's trust
 * level 0); a suspended account may not write at all.
 */
export type Actor = Pick<
  SessionUserRow,
  'userId' | 'createdAtMs' | 'trusted' | 'suspendedUntilMs' | 'suspensionReason'
>;

export const NEW_ACCOUNT_MS = DAY;

const suspendedFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** 403 ACCOUNT_SUSPENDED, saying until when (India time) and why, if the account is suspended now. */
export function assertNotSuspended(
  user: Pick<Actor, 'suspendedUntilMs' | 'suspensionReason'>,
  now: number,
): void {
  if (user.suspendedUntilMs === null || user.suspendedUntilMs <= now) return;
  const until = new Date(user.suspendedUntilMs);
  const reason = user.suspensionReason ?? '';
  throw new AppError(
    'ACCOUNT_SUSPENDED',
    { suspended_until: until.toISOString(), suspension_reason: reason },
    `Your account is suspended until ${suspendedFormat.format(until)} IST. Reason: ${reason.replace(/[.!?\s]+$/, '')}. ` +
      'You can read, but not post, react, report or follow until then.',
  );
}

/** The user's first post makes the account trusted (users.trusted_at); later posts cost nothing. */
export async function markContributed(db: Executor, user: Actor, now: string): Promise<void> {
  if (user.trusted) return;
  await db.execute(
    sql`UPDATE users SET trusted_at = ${now} WHERE id = ${user.userId} AND trusted_at IS NULL`,
  );
}
const REPLIES: readonly LimitedAction[] = ['answer', 'comment', 'reply'];
const POSTS: readonly LimitedAction[] = [
  'review',
  'question',
  'answer',
  'comment',
  'reply',
  'correction',
  'update',
];

/** The limits, per user. Documented in docs/api.md ("Limits"). */
function rulesFor(action: LimitedAction, isNew: boolean): { key: string; rule: Rule }[] {
  const rules: { key: string; rule: Rule }[] = [];
  if (POSTS.includes(action)) {
    rules.push({
      key: 'post',
      rule: isNew
        ? { max: 1, windowMs: 30_000, code: 'POSTING_TOO_FAST' }
        : { max: 6, windowMs: MINUTE, code: 'POSTING_TOO_FAST' },
    });
    if (isNew && REPLIES.includes(action)) {
      rules.push({ key: 'new-replies', rule: { max: 10, windowMs: DAY, code: 'NEW_ACCOUNT_LIMIT' } });
    }
    if (isNew && (action === 'review' || action === 'question' || action === 'correction')) {
      rules.push({ key: `new-${action}`, rule: { max: 5, windowMs: DAY, code: 'NEW_ACCOUNT_LIMIT' } });
    }
  } else if (action === 'react') {
    rules.push({ key: 'react', rule: { max: isNew ? 60 : 300, windowMs: HOUR, code: 'RATE_LIMITED' } });
  } else if (action === 'report') {
    rules.push({ key: 'report', rule: { max: isNew ? 5 : 20, windowMs: DAY, code: 'RATE_LIMITED' } });
  } else {
    rules.push({ key: 'follow', rule: { max: isNew ? 30 : 120, windowMs: HOUR, code: 'RATE_LIMITED' } });
  }
  return rules;
}

/** One sliding window to check: at most `max` hits in `windowMs`, kept under `id`. */
export interface Window {
  id: string;
  max: number;
  windowMs: number;
}

/**
 * Where the hits of the sliding windows are kept. take() checks every window at `now`: if one is full it
 * answers its index and when the oldest hit that keeps it full was made; otherwise it records a hit at `now`
 * in every window and answers null. Check and record are one step, so two requests never both take the last
 * place.
 */
export interface WindowStore {
  take(windows: Window[], now: number): Promise<{ index: number; oldest: number } | null>;
}

/** How long a window's hits are kept at most (the longest rule's window). */
const KEEP_MS = DAY;

/** The hits in this process's memory: for one node, and for any node while Redis is unreachable. */
export class MemoryWindows implements WindowStore {
  private readonly hits = new LRUCache<string, number[]>({ max: 50_000, ttl: KEEP_MS });

  take(windows: Window[], now: number): Promise<{ index: number; oldest: number } | null> {
    const recent = windows.map((w) => (this.hits.get(w.id) ?? []).filter((t) => t > now - w.windowMs));
    const index = windows.findIndex((w, i) => recent[i]!.length >= w.max);
    if (index >= 0) {
      const full = recent[index]!;
      return Promise.resolve({ index, oldest: full[full.length - windows[index]!.max]! });
    }
    windows.forEach((w, i) => this.hits.set(w.id, [...recent[i]!, now]));
    return Promise.resolve(null);
  }
}

/**
 * Per-user limits on posting, reacting, reporting and following, answered with 429 and a clear message.
 * Sliding windows of timestamps, kept in Redis when it is configured (every node counts the same hits; see
 * RedisWindows) and in this process's memory otherwise.
 */
export class PostingLimits {
  constructor(
    private readonly clock: Clock,
    private readonly enabled = true,
    private readonly store: WindowStore = new MemoryWindows(),
  ) {}

  /** Throws 403 if the account is suspended, 429 if the user may not do this now; otherwise records it. */
  async check(user: Actor, action: LimitedAction): Promise<void> {
    const now = this.clock.now().getTime();
    assertNotSuspended(user, now);
    if (!this.enabled) return;
    const isNew = now - user.createdAtMs < NEW_ACCOUNT_MS || !user.trusted;
    const rules = rulesFor(action, isNew);
    const windows = rules.map(({ key, rule }) => ({
      id: `${user.userId}:${key}`,
      max: rule.max,
      windowMs: rule.windowMs,
    }));
    const full = await this.store.take(windows, now);
    if (full) {
      const { rule } = rules[full.index]!;
      // The next one fits once the oldest hit that keeps the window full has left it.
      const seconds = Math.max(1, Math.ceil((full.oldest + rule.windowMs - now) / 1000));
      const { code } = rule;
      throw new AppError(
        code,
        { retry_after: seconds },
        code === 'POSTING_TOO_FAST' ? postingTooFast(seconds) : undefined,
      );
    }
  }
}
