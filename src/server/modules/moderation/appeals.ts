/**
 * Appeals (issue 22): the author of a hidden post appeals the decision once, with a text; a moderator other than
 * the one who decided (or an admin who did not decide it) grants it, which restores the post, or upholds it,
 * and the author reads the outcome and its reason with the notice of the decision (GET /user/standing).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  APPEAL_MESSAGES,
  type AppealDecisionInput,
  type AppealInput,
  type Appeals,
  isPostTarget,
  type ModerationTarget,
  type PostTarget,
} from '../../../shared/moderation.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertNotSuspended } from '../community/common.ts';
import { ident, POST_TABLES, recordAction } from '../community/visibility.ts';
import { latestHidingDecision } from './appeal-notices.ts';
import { describeEach } from './items.ts';
import type { ModerationService, Staff } from './service.ts';

const HIDINGS = sql.raw(`('hide', 'auto_hide')`);

export class AppealService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly moderation: ModerationService,
  ) {}

  /**
   * The author appeals decision `notice_id` (an audit line about them): 409 APPEAL_NOT_ALLOWED unless it is
   * the latest hiding of a post of theirs that is still hidden, 409 ALREADY_APPEALED the second time. A
   * suspended account may appeal too.
   */
  async appeal(userId: number, input: AppealInput): Promise<string> {
    const at = this.clock.now().toISOString();
    await this.db.transaction(async (tx) => {
      const [decision] = await rows<{ target_type: ModerationTarget; target_id: number }>(
        tx,
        sql`SELECT target_type, target_id FROM moderation_actions
          WHERE id = ${input.notice_id} AND subject_id = ${userId} AND action IN ${HIDINGS}`,
      );
      if (!decision || !isPostTarget(decision.target_type)) throw new AppError('APPEAL_NOT_ALLOWED');
      const { target_type: type, target_id: id } = decision;
      // Under the post's lock, so a restore at the same moment is seen.
      const [post] = await rows<{ hidden: boolean; latest: number }>(
        tx,
        sql`SELECT hidden_at IS NOT NULL AS hidden, ${latestHidingDecision(sql`${type}`, sql`${id}`)} AS latest
          FROM ${ident(POST_TABLES[type].table)} WHERE id = ${id} FOR UPDATE`,
      );
      if (!post?.hidden || post.latest !== input.notice_id) throw new AppError('APPEAL_NOT_ALLOWED');
      const inserted = await rows(
        tx,
        sql`INSERT INTO appeals (action_id, user_id, body, created_at)
          VALUES (${input.notice_id}, ${userId}, ${input.text}, ${at})
          ON CONFLICT (action_id) DO NOTHING RETURNING id`,
      );
      if (!inserted.length) throw new AppError('ALREADY_APPEALED');
    });
    return APPEAL_MESSAGES.sent;
  }

  /** Open appeals, oldest first, with the post, the decision and whether `viewer` may decide each. */
  async open(viewerId: number, page: number, size: number): Promise<Appeals> {
    const found = await rows<{
      id: number;
      body: string;
      created_at: Date | string;
      author: string | null;
      action: 'hide' | 'auto_hide';
      actor_id: number | null;
      actor: string | null;
      reason: string;
      decided_at: Date | string;
      target_type: PostTarget;
      target_id: number;
      author_id: number;
      total: number;
    }>(
      this.db,
      sql`SELECT a.id, a.body, a.created_at, CASE WHEN u.deleted_at IS NULL THEN u.username END AS author,
          a.user_id AS author_id, m.action, m.actor_id, actor.username AS actor, m.reason,
          m.created_at AS decided_at, m.target_type, m.target_id, count(*) OVER ()::int AS total
        FROM appeals a JOIN moderation_actions m ON m.id = a.action_id JOIN users u ON u.id = a.user_id
          LEFT JOIN users actor ON actor.id = m.actor_id AND actor.deleted_at IS NULL
        WHERE a.status = 'open'
        ORDER BY a.created_at, a.id LIMIT ${size} OFFSET ${page * size}`,
    );
    const described = await describeEach(
      this.db,
      found.map((r) => ({ type: r.target_type, id: r.target_id })),
    );
    const items = found.map((r) => ({
      id: r.id,
      text: r.body,
      created_at: iso(r.created_at)!,
      author: r.author,
      decision: { action: r.action, actor: r.actor, reason: r.reason, at: iso(r.decided_at)! },
      item: described(r.target_type, r.target_id).item,
      can_decide: r.actor_id !== viewerId && r.author_id !== viewerId,
    }));
    let total = found[0]?.total;
    if (total === undefined) {
      const [head] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM appeals WHERE status = 'open'`,
      );
      total = head?.n ?? 0;
    }
    return { success: true, page, size, total, items };
  }

  /**
   * Decides appeal `id`: grant restores the post (a restore line in the audit log, in the same transaction),
   * uphold leaves it hidden (an uphold line). 404 APPEAL_NOT_FOUND, 409 APPEAL_DECIDED, 403
   * APPEAL_OWN_DECISION for whoever made the decision, MODERATE_SELF for the post's author.
   */
  async decide(staff: Staff, id: number, input: AppealDecisionInput): Promise<string> {
    assertNotSuspended(staff, this.clock.now().getTime());
    const [appeal] = await rows<{
      status: string;
      user_id: number;
      actor_id: number | null;
      target_type: PostTarget;
      target_id: number;
    }>(
      this.db,
      sql`SELECT a.status, a.user_id, m.actor_id, m.target_type, m.target_id
        FROM appeals a JOIN moderation_actions m ON m.id = a.action_id WHERE a.id = ${id}`,
    );
    if (!appeal) throw new AppError('APPEAL_NOT_FOUND');
    if (appeal.status !== 'open') throw new AppError('APPEAL_DECIDED');
    if (appeal.user_id === staff.userId) throw new AppError('MODERATE_SELF');
    if (appeal.actor_id === staff.userId) throw new AppError('APPEAL_OWN_DECISION');
    const at = this.clock.now().toISOString();
    const settle = async (tx: Executor, status: 'granted' | 'upheld') => {
      const done = await rows(
        tx,
        sql`UPDATE appeals SET status = ${status}, decided_by = ${staff.userId},
            decision_reason = ${input.reason}, decided_at = ${at}
          WHERE id = ${id} AND status = 'open' RETURNING id`,
      );
      if (!done.length) throw new AppError('APPEAL_DECIDED');
    };
    const target = { target_type: appeal.target_type, target_id: appeal.target_id };
    if (input.outcome === 'grant') {
      try {
        await this.moderation.act(staff, { ...target, action: 'restore', reason: input.reason }, (tx) =>
          settle(tx, 'granted'),
        );
      } catch (err) {
        // Restored meanwhile (another moderator, from the report queue): the appeal is granted all the same.
        if (!(err instanceof AppError && err.code === 'NOT_HIDDEN')) throw err;
        await this.db.transaction((tx) => settle(tx, 'granted'));
      }
    } else {
      await this.db.transaction(async (tx) => {
        await settle(tx, 'upheld');
        await recordAction(tx, {
          actorId: staff.userId,
          action: 'uphold',
          targetType: appeal.target_type,
          targetId: appeal.target_id,
          subjectId: appeal.user_id,
          reason: input.reason,
          at,
        });
      });
    }
    return APPEAL_MESSAGES.done[input.outcome];
  }
}
