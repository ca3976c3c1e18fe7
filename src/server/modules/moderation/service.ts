/**
 * Moderation (issue 9): the queue of open reports grouped by item, the actions moderators take (each with a
 * reason the author sees, each in the append-only audit log, each resolving the item's open reports so the
 * reporters learn the outcome), the audit log, and what users see of it: their standing and their reports.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { REPORT_REASONS } from '../../../shared/community-constants.ts';
import { AppError } from '../../../shared/messages.ts';
import { clip } from '../../../shared/format.ts';
import {
  ACTIONS_FOR,
  AUTO_HIDE_ACCOUNT_AGE_DAYS,
  type AuditEntry,
  type AuditLog,
  type FlaggedListings,
  isPostTarget,
  MODERATION_MESSAGES,
  type ModerationActionInput,
  type ModerationTarget,
  type MyReports,
  type Notice,
  type Queue,
  type QueueEntry,
  type Role,
  type Standing,
} from '../../../shared/moderation.ts';
import { type Clock, DAY } from '../../lib/clock.ts';
import type { SessionUserRow } from '../account/sessions.ts';
import { assertNotSuspended, NEW_ACCOUNT_MS } from '../community/common.ts';
import { postState, recordAction, SEVERE_ARRAY, setHidden } from '../community/visibility.ts';
import { labelIncentivised } from '../community/incentives.ts';
import { appealsOfNotices } from './appeal-notices.ts';
import { describeEach } from './items.ts';

export type Staff = Pick<SessionUserRow, 'userId' | 'role' | 'suspendedUntilMs' | 'suspensionReason'>;

interface AuditRow {
  id: number;
  created_at: Date | string;
  actor: string | null;
  action: AuditEntry['action'];
  target_type: ModerationTarget;
  target_id: number;
  subject_id: number | null;
  subject: string | null;
  reason: string;
  days: number | null;
}

/** The audit log `m` with the actor's and subject's usernames. */
const AUDIT_SELECT = sql`SELECT m.id, m.created_at, a.username AS actor, m.action, m.target_type, m.target_id,
    m.subject_id, s.username AS subject, m.reason, m.days
  FROM moderation_actions m LEFT JOIN users a ON a.id = m.actor_id LEFT JOIN users s ON s.id = m.subject_id`;

const toAudit = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: iso(r.created_at)!,
  actor: r.actor,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  subject: r.subject,
  reason: r.reason,
  days: r.days,
});

const reasonText = (type: ModerationTarget, id: number): string =>
  (REPORT_REASONS[type] as Record<number, string>)[id] ?? `Reason ${id}`;

// Moderation rank: an editor keeps the catalogue and is a member as far as moderation goes.
const RANK: Record<Role, number> = { user: 0, editor: 0, moderator: 1, admin: 2 };

/** Reporters' and authors' texts can be long; a notice shows the start. */
const excerpt = (text: string) => clip(text, 280);

export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Forgets a product's cached page on every node (a review hidden or shown again moved its counters). */
    private readonly forgetProduct: (productId: number) => Promise<void> = async () => {},
  ) {}

  // ── The queue ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Items with open reports: those hidden automatically first (they wait for a decision), then the most
   * reported, then the oldest report first.
   */
  async queue(page: number, size: number): Promise<Queue> {
    const groups = await rows<{ target_type: ModerationTarget; target_id: number; total: number }>(
      this.db,
      sql`WITH g AS (
          SELECT target_type, target_id, count(*) AS n, min(created_at) AS first_at
          FROM reports WHERE status = 'open' GROUP BY target_type, target_id
        )
        SELECT target_type, target_id, count(*) OVER ()::int AS total FROM g
        ORDER BY (CASE target_type
            WHEN 'review' THEN (SELECT hidden_automatically FROM reviews WHERE id = target_id)
            WHEN 'comment' THEN (SELECT hidden_automatically FROM review_comments WHERE id = target_id)
            WHEN 'reply' THEN (SELECT hidden_automatically FROM comment_replies WHERE id = target_id)
            WHEN 'question' THEN (SELECT hidden_automatically FROM questions WHERE id = target_id)
            WHEN 'answer' THEN (SELECT hidden_automatically FROM answers WHERE id = target_id)
            WHEN 'article_comment' THEN (SELECT hidden_automatically FROM article_comments WHERE id = target_id)
          END) IS TRUE DESC, n DESC, first_at, target_type, target_id
        LIMIT ${size} OFFSET ${page * size}`,
    );
    let total = groups[0]?.total;
    if (total === undefined) {
      const [head] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(DISTINCT (target_type, target_id))::int AS n FROM reports WHERE status = 'open'`,
      );
      total = head?.n ?? 0;
    }
    return { success: true, page, size, total, items: await this.entries(groups) };
  }

  /**
   * The queue's entries for `refs`: each item described, and its reports, its author and the author's last 10
   * actions read for the whole page at once (one query each).
   */
  private async entries(
    refs: readonly { target_type: ModerationTarget; target_id: number }[],
  ): Promise<QueueEntry[]> {
    if (!refs.length) return [];
    const described = await describeEach(
      this.db,
      refs.map((r) => ({ type: r.target_type, id: r.target_id })),
    );
    const subjects = [
      ...new Set(
        refs.map((r) => described(r.target_type, r.target_id).subjectId).filter((id) => id !== null),
      ),
    ];
    const subjectIds = `{${subjects.join(',')}}`;
    const now = this.clock.now();
    const oldEnough = new Date(now.getTime() - AUTO_HIDE_ACCOUNT_AGE_DAYS * DAY).toISOString();
    const [reports, authors, history] = await Promise.all([
      rows<{
        id: number;
        target_type: ModerationTarget;
        target_id: number;
        reason_id: number;
        comments: string | null;
        created_at: Date | string;
        username: string | null;
        joined: Date | string;
        suspended: boolean;
        counts: boolean;
      }>(
        this.db,
        sql`SELECT r.id, r.target_type, r.target_id, r.reason_id, r.comments, r.created_at,
            CASE WHEN u.deleted_at IS NULL THEN u.username END AS username, u.created_at AS joined,
            coalesce(u.suspended_until > ${now.toISOString()}, false) AS suspended,
            (u.created_at <= ${oldEnough} AND u.deleted_at IS NULL
              AND coalesce(u.suspended_until <= ${now.toISOString()}, true)
              AND r.reason_id = ANY (${SEVERE_ARRAY}::int[]) AND k.target_type <> 'user'
              AND k.target_type <> 'product') AS counts
          FROM jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) AS k(target_type text, target_id int)
          JOIN reports r ON r.target_type = k.target_type AND r.target_id = k.target_id AND r.status = 'open'
          JOIN users u ON u.id = r.reporter_id
          ORDER BY r.created_at, r.id`,
      ),
      rows<{
        id: number;
        username: string;
        first_name: string;
        last_name: string;
        is_demo: boolean;
        created_at: Date | string;
        role: Role;
        suspended_until: Date | string | null;
      }>(
        this.db,
        sql`SELECT id, username, first_name, last_name, is_demo, created_at, role,
            CASE WHEN suspended_until > ${now.toISOString()} THEN suspended_until END AS suspended_until
          FROM users WHERE id = ANY (${subjectIds}::int[]) AND deleted_at IS NULL`,
      ),
      rows<AuditRow>(
        this.db,
        sql`SELECT h.* FROM unnest(${subjectIds}::int[]) AS subject(id),
          LATERAL (${AUDIT_SELECT} WHERE m.subject_id = subject.id ORDER BY m.created_at DESC, m.id DESC LIMIT 10) h
          ORDER BY h.created_at DESC, h.id DESC`,
      ),
    ]);
    return refs.map(({ target_type: type, target_id: id }) => {
      const { item, subjectId } = described(type, id);
      const author = authors.find((a) => a.id === subjectId);
      return {
        item,
        author: author
          ? {
              username: author.username,
              firstName: author.first_name,
              lastName: author.last_name,
              demo: author.is_demo,
              joined: iso(author.created_at)!,
              role: author.role,
              suspended_until: iso(author.suspended_until),
            }
          : null,
        reports: reports
          .filter((r) => r.target_type === type && r.target_id === id)
          .map((r) => ({
            id: r.id,
            reason_id: r.reason_id,
            reason: reasonText(type, r.reason_id),
            comments: r.comments,
            created_at: iso(r.created_at)!,
            reporter: {
              username: r.username,
              joined: iso(r.joined)!,
              suspended: r.suspended,
              counts: r.counts,
            },
          })),
        history: history.filter((h) => h.subject_id === subjectId).map(toAudit),
      };
    });
  }

  /** Product listings marked inaccurate or missing information, newest first. */
  async listings(page: number, size: number): Promise<FlaggedListings> {
    const [head] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM products WHERE flagged_at IS NOT NULL`,
    );
    const found = await rows<{ id: number }>(
      this.db,
      sql`SELECT id FROM products WHERE flagged_at IS NOT NULL
        ORDER BY flagged_at DESC, id DESC LIMIT ${size} OFFSET ${page * size}`,
    );
    const described = await describeEach(
      this.db,
      found.map((p) => ({ type: 'product' as const, id: p.id })),
    );
    const items = found.map((p) => described('product', p.id).item);
    return { success: true, page, size, total: head?.n ?? 0, items };
  }

  /** The audit log, newest first (admins). */
  async audit(page: number, size: number): Promise<AuditLog> {
    const [head] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM moderation_actions`);
    const found = await rows<AuditRow>(
      this.db,
      sql`${AUDIT_SELECT} ORDER BY m.created_at DESC, m.id DESC LIMIT ${size} OFFSET ${page * size}`,
    );
    return { success: true, page, size, total: head?.n ?? 0, items: found.map(toAudit) };
  }

  // ── Actions ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * One action on one item, in one transaction: the change, its audit line, and the resolution of the item's
   * open reports (action_taken, or no_action for dismiss and restore). Returns the message to show. `also` runs
   * in the same transaction, last (an appeal granted with the restore it makes).
   */
  async act(
    actor: Staff,
    input: ModerationActionInput,
    also?: (tx: Executor) => Promise<void>,
  ): Promise<string> {
    const { target_type: type, action, reason } = input;
    if (!ACTIONS_FOR[type].includes(action)) throw new AppError('MODERATION_NOT_ALLOWED');
    // A listing is a model (issue 18): a variant's id stands for its model, as on its page.
    const id = type === 'product' ? await this.modelOfListing(input.target_id) : input.target_id;
    // A suspended moderator can still read the queue, but acts on nothing until the suspension ends.
    assertNotSuspended(actor, this.clock.now().getTime());
    const at = this.clock.now().toISOString();
    let movedProduct: number | null = null;
    await this.db.transaction(async (tx) => {
      const subjectId = await this.subjectOf(tx, type, id, action === 'dismiss');
      if (subjectId === actor.userId) throw new AppError('MODERATE_SELF');
      let outcome: 'action_taken' | 'no_action' = 'action_taken';
      switch (action) {
        case 'dismiss': {
          // Dismissing the reports of an automatically hidden post puts it back; decided under the post's lock,
          // so a moderator confirming the hiding at the same moment is never undone.
          if (isPostTarget(type) && subjectId !== null)
            ({ movedProduct } = await setHidden(tx, type, id, null, { onlyAutomatic: true }));
          outcome = 'no_action';
          break;
        }
        case 'hide': {
          if (!isPostTarget(type)) throw new AppError('MODERATION_NOT_ALLOWED');
          // Checked under the post's lock: of two moderators hiding at once, the second is told.
          const hidden = await setHidden(tx, type, id, { reason, automatic: false, at });
          if (hidden.was.hidden && !hidden.was.automatic) throw new AppError('ALREADY_HIDDEN');
          movedProduct = hidden.movedProduct;
          // A hidden post is not an accepted contribution: the new-account limits apply again until the next.
          await tx.execute(sql`UPDATE users SET trusted_at = NULL WHERE id = ${subjectId}`);
          break;
        }
        case 'restore': {
          if (!isPostTarget(type)) throw new AppError('MODERATION_NOT_ALLOWED');
          const restored = await setHidden(tx, type, id, null);
          if (!restored.changed) throw new AppError('NOT_HIDDEN');
          movedProduct = restored.movedProduct;
          outcome = 'no_action';
          break;
        }
        case 'label': {
          movedProduct = await labelIncentivised(tx, id, input.incentive!);
          break;
        }
        case 'warn':
        case 'suspend': {
          await this.assertOutranks(tx, actor, subjectId!);
          if (action === 'suspend') {
            const until = new Date(Date.parse(at) + input.days! * DAY).toISOString();
            // A longer running suspension is kept; the newest reason is the one shown.
            await tx.execute(sql`UPDATE users SET suspended_until = greatest(suspended_until, ${until}::timestamptz),
                suspension_reason = ${reason}
              WHERE id = ${subjectId}`);
          }
          break;
        }
        case 'flag': {
          await tx.execute(sql`UPDATE products SET flagged_at = coalesce(flagged_at, ${at}::timestamptz),
            flag_reason = ${reason} WHERE id = ${id}`);
          break;
        }
        case 'unflag': {
          const done = await rows(
            tx,
            sql`UPDATE products SET flagged_at = NULL, flag_reason = NULL
              WHERE id = ${id} AND flagged_at IS NOT NULL RETURNING id`,
          );
          if (!done.length) throw new AppError('MODERATION_NOT_ALLOWED');
          break;
        }
      }
      const actionId = await recordAction(tx, {
        actorId: actor.userId,
        action,
        targetType: type,
        targetId: id,
        subjectId,
        reason,
        days: action === 'suspend' ? input.days! : null,
        at,
      });
      const resolved = await rows(
        tx,
        sql`UPDATE reports SET status = 'resolved', outcome = ${outcome}, resolved_at = ${at},
            resolved_by = ${actionId}
          WHERE target_type = ${type} AND target_id = ${id} AND status = 'open' RETURNING id`,
      );
      if (action === 'dismiss' && !resolved.length) throw new AppError('NO_OPEN_REPORTS');
      await also?.(tx);
    });
    // After the commit, so no node caches the page again from before it.
    if (movedProduct !== null) await this.forgetProduct(movedProduct);
    return MODERATION_MESSAGES.done[action];
  }

  /**
   * Who an action is about: a post's author, the reported user, or null for a listing. 404 when the item is
   * gone, except for dismissing its reports (`gone` allowed).
   */
  private async subjectOf(
    tx: Executor,
    type: ModerationTarget,
    id: number,
    gone: boolean,
  ): Promise<number | null> {
    if (isPostTarget(type)) {
      const post = await postState(tx, type, id);
      if (!post && !gone) throw new AppError('MODERATION_TARGET_NOT_FOUND');
      return post?.userId ?? null;
    }
    const table = type === 'user' ? sql`users` : sql`products`;
    const alive = type === 'user' ? sql`AND deleted_at IS NULL` : sql``;
    const [found] = await rows(tx, sql`SELECT 1 FROM ${table} WHERE id = ${id} ${alive}`);
    if (!found && !gone) throw new AppError('MODERATION_TARGET_NOT_FOUND');
    return type === 'user' && found ? id : null;
  }

  /** The model a product id (a model's or a variant's) belongs to; the id itself when it is neither. */
  private async modelOfListing(id: number): Promise<number> {
    const [row] = await rows<{ product_id: number }>(
      this.db,
      sql`SELECT product_id FROM product_variants WHERE id = ${id}`,
    );
    return row?.product_id ?? id;
  }

  /** Warning or suspending a moderator or an admin takes an admin. */
  private async assertOutranks(tx: Executor, actor: Staff, subjectId: number): Promise<void> {
    const [subject] = await rows<{ role: Role }>(
      tx,
      sql`SELECT role FROM users WHERE id = ${subjectId} AND deleted_at IS NULL`,
    );
    if (!subject) throw new AppError('MODERATION_TARGET_NOT_FOUND');
    if (RANK[subject.role] > 0 && actor.role !== 'admin') throw new AppError('MODERATE_STAFF');
  }

  // ── What users see ─────────────────────────────────────────────────────────────────────────────────

  /** The signed-in user's role, running suspension, limits and the moderators' actions about them. */
  async standing(user: SessionUserRow): Promise<Standing> {
    const now = this.clock.now().getTime();
    const found = await rows<AuditRow>(
      this.db,
      sql`${AUDIT_SELECT} WHERE m.subject_id = ${user.userId}
          AND m.action IN ('hide', 'auto_hide', 'restore', 'label', 'verify', 'decline_proof', 'warn', 'suspend')
        ORDER BY m.created_at DESC, m.id DESC LIMIT 50`,
    );
    // An item often has several notices (hidden automatically, then by a moderator, then restored).
    const describedAs = await describeEach(
      this.db,
      found.filter((r) => r.target_type !== 'user').map((r) => ({ type: r.target_type, id: r.target_id })),
    );
    const appeals = await appealsOfNotices(
      this.db,
      user.userId,
      found
        .filter((r) => (r.action === 'hide' || r.action === 'auto_hide') && r.target_type !== 'user')
        .map((r) => ({ id: r.id, hidden: describedAs(r.target_type, r.target_id).item.hidden !== null })),
    );
    const notices = found.map((r): Notice => {
      const described = r.target_type === 'user' ? null : describedAs(r.target_type, r.target_id);
      return {
        id: r.id,
        at: iso(r.created_at)!,
        action: r.action as Notice['action'],
        reason: r.reason,
        days: r.days,
        appeal: appeals.get(r.id)?.appeal ?? null,
        appealable: appeals.get(r.id)?.appealable ?? false,
        item: described
          ? {
              target_type: r.target_type,
              label: described.item.label,
              text: excerpt(described.item.title ?? described.item.text),
              link: described.item.link,
            }
          : null,
      };
    });
    const suspended = user.suspendedUntilMs !== null && user.suspendedUntilMs > now;
    return {
      success: true,
      role: user.role,
      suspension: suspended
        ? { until: new Date(user.suspendedUntilMs!).toISOString(), reason: user.suspensionReason ?? '' }
        : null,
      new_account: now - user.createdAtMs < NEW_ACCOUNT_MS || !user.trusted,
      notices,
    };
  }

  /** The signed-in user's reports, newest first, with their outcome; nothing about the author. */
  async myReports(userId: number, page: number, size: number): Promise<MyReports> {
    const found = await rows<{
      id: number;
      target_type: ModerationTarget;
      target_id: number;
      reason_id: number;
      created_at: Date | string;
      status: 'open' | 'resolved';
      outcome: 'action_taken' | 'no_action' | null;
      resolved_at: Date | string | null;
      total: number;
    }>(
      this.db,
      sql`SELECT id, target_type, target_id, reason_id, created_at, status, outcome, resolved_at,
          count(*) OVER ()::int AS total
        FROM reports WHERE reporter_id = ${userId}
        ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${page * size}`,
    );
    const described = await describeEach(
      this.db,
      found.map((r) => ({ type: r.target_type, id: r.target_id })),
    );
    const items = found.map((r) => ({
      id: r.id,
      target_type: r.target_type,
      label: described(r.target_type, r.target_id).anonymousLabel,
      reason: reasonText(r.target_type, r.reason_id),
      created_at: iso(r.created_at)!,
      status: r.status,
      outcome: r.outcome,
      resolved_at: iso(r.resolved_at),
    }));
    let total = found[0]?.total;
    if (total === undefined) {
      const [head] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM reports WHERE reporter_id = ${userId}`,
      );
      total = head?.n ?? 0;
    }
    return { success: true, page, size, total, items };
  }
}
