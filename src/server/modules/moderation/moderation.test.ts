/**
 * The moderation routes (issue 9): who may use them, the actions other than hiding (dismiss, warn, flag and
 * unflag; hiding is in hiding.test.ts, suspending in suspension.test.ts), every refusal, and the append-only
 * audit log. Reports and the queue are in reports.test.ts and auto-hide.test.ts, limits in limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/messages.ts';
import { MODERATION_MESSAGES } from '../../../shared/moderation.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';
import { SESSION_TOPIC } from '../account/session-cache.ts';
import {
  type ActionBody,
  entryOf,
  expectError,
  moderationKit,
  type Response,
  moderationApp,
} from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let admin: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, moderation, account, act, acted, auditCount, writeReview, reported } = kit;
const lastAudit = async () => (await kit.audit(admin))[0]!;

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 20)));
afterAll(() => t.close());

describe('who may moderate', () => {
  it('answers 401 signed out and 403 to users on every moderation route, never indexed', async () => {
    const user = await member(t);
    const target = await member(t);
    const body = { target_type: 'user', target_id: target.id, action: 'warn', reason: 'Please be civil.' };
    const routes: [string, (h?: Record<string, string>) => Promise<Response>][] = [
      ['GET /queue', (h) => moderation.get('/queue', h)],
      ['POST /actions', (h) => moderation.post('/actions', body, h)],
      ['GET /listings', (h) => moderation.get('/listings', h)],
      ['GET /audit', (h) => moderation.get('/audit', h)],
    ];
    const before = await auditCount();
    for (const [name, call] of routes) {
      const anonymous = await call();
      expectError(anonymous, 'UNAUTHENTICATED', name);
      expect(anonymous.headers['x-robots-tag'], name).toBe('noindex');
      expectError(await call({ authorization: `Bearer ${'x'.repeat(43)}` }), 'UNAUTHENTICATED', name);
      const forbidden = await call(user.headers);
      expectError(forbidden, 'FORBIDDEN', name);
      expect(forbidden.headers['x-robots-tag'], name).toBe('noindex');
    }
    // The refused requests did nothing.
    expect(await auditCount()).toBe(before);

    // A moderator: the queue, the actions and the listings, but not the audit log.
    for (const [name, call] of routes.slice(0, 3)) {
      const res = await call(mod.headers);
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
      expect(res.headers['x-robots-tag'], name).toBe('noindex');
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    const modAudit = await moderation.get('/audit', mod.headers);
    expectError(modAudit, 'FORBIDDEN');
    expect(modAudit.headers['x-robots-tag']).toBe('noindex');
    // An admin: everything.
    for (const [name, call] of routes) {
      const res = await call(admin.headers);
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
      expect(res.headers['x-robots-tag'], name).toBe('noindex');
    }
    expect((await moderation.get('/audit', admin.headers)).json()).toMatchObject({
      success: true,
      page: 0,
      size: 20,
      total: before + 2,
    });
  });

  it('reads a role changed in the database once the nodes are told (as `npm run user:role` tells them)', async () => {
    const someone = await member(t);
    const setRole = async (role: string) => {
      await t.database.db.execute(`UPDATE users SET role = '${role}' WHERE id = ${someone.id}`);
      await t.services.caches.invalidate(SESSION_TOPIC);
    };
    expectError(await moderation.get('/queue', someone.headers), 'FORBIDDEN');
    await setRole('moderator');
    expect((await moderation.get('/queue', someone.headers)).statusCode).toBe(200);
    expectError(await moderation.get('/audit', someone.headers), 'FORBIDDEN');
    await setRole('admin');
    expect((await moderation.get('/audit', someone.headers)).statusCode).toBe(200);
    await setRole('user');
    expectError(await moderation.get('/queue', someone.headers), 'FORBIDDEN');
    expectError(await moderation.get('/audit', someone.headers), 'FORBIDDEN');
  });

  it('answers 401 for the standing and the reports when signed out', async () => {
    const user = await member(t);
    for (const url of ['/user/standing', '/user/reports']) {
      expectError(await account.get(url), 'UNAUTHENTICATED', url);
      expect((await account.get(url, user.headers)).statusCode, url).toBe(200);
    }
    expect((await account.get('/user/standing', mod.headers)).json()).toMatchObject({
      success: true,
      role: 'moderator',
      suspension: null,
      notices: [],
    });
    expect((await account.get('/user/standing', admin.headers)).json().role).toBe('admin');
    expect((await account.get('/user/reports', user.headers)).json()).toEqual({
      success: true,
      page: 0,
      size: 10,
      total: 0,
      items: [],
    });
  });
});

describe('dismiss, warn, flag and unflag', () => {
  it('dismisses the open reports on an item, once', async () => {
    const productId = fresh();
    const [author, reporter] = [await member(t), await member(t)];
    const reviewId = await writeReview(author, productId);
    await reported('review', reviewId, reporter, 9);
    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'dismiss',
      reason: 'Not spam at all.',
    });
    const [row] = await query(
      t.database,
      `SELECT status, outcome, resolved_at IS NOT NULL AS dated,
          resolved_by = (SELECT max(id) FROM moderation_actions) AS by_last
        FROM reports WHERE reporter_id = ${reporter.id}`,
    );
    expect(row).toEqual({ status: 'resolved', outcome: 'no_action', dated: true, by_last: true });
    expect(await lastAudit()).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: mod.username,
      action: 'dismiss',
      target_type: 'review',
      target_id: reviewId,
      subject: author.username,
      reason: 'Not spam at all.',
      days: null,
    });
    // The review is untouched and still counted.
    expect((await platform.get(`/product/${productId}/review/${reviewId}`)).statusCode).toBe(200);
    expect((await kit.expectCountersRight(productId)).total).toBe(1);
    expect(entryOf(await kit.queue(mod), 'review', reviewId)).toBeUndefined();
    const before = await auditCount();
    expectError(
      await act(mod, { target_type: 'review', target_id: reviewId, action: 'dismiss', reason: 'Again, no.' }),
      'NO_OPEN_REPORTS',
    );
    expect(await auditCount()).toBe(before);
    // The reporter may report it again, and that report is open.
    await reported('review', reviewId, reporter, 9);
    expect(entryOf(await kit.queue(mod), 'review', reviewId)?.reports).toHaveLength(1);
  });

  it('warns the author of a post, or a user', async () => {
    const productId = fresh();
    const author = await member(t);
    const reviewId = await writeReview(author, productId);
    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'warn',
      reason: 'Keep it about the phone.',
    });
    expect(await lastAudit()).toMatchObject({
      actor: mod.username,
      action: 'warn',
      target_type: 'review',
      target_id: reviewId,
      subject: author.username,
      reason: 'Keep it about the phone.',
      days: null,
    });
    // A warning leaves the review where it was, and the account as it was.
    expect((await platform.get(`/product/${productId}/review/${reviewId}`)).statusCode).toBe(200);
    const user = await member(t);
    await acted(mod, {
      target_type: 'user',
      target_id: user.id,
      action: 'warn',
      reason: 'Your username is rude.',
    });
    expect(await lastAudit()).toMatchObject({
      action: 'warn',
      target_type: 'user',
      target_id: user.id,
      subject: user.username,
    });
    const [row] = await query(
      t.database,
      `SELECT suspended_until, suspension_reason FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({ suspended_until: null, suspension_reason: null });
  });

  it('flags a product listing for fixing and unflags it, listed in /listings meanwhile', async () => {
    const productId = fresh();
    const reporter = await member(t);
    await reported('product', productId, reporter, 16);
    const listed = async (): Promise<{ target_id: number }[]> => {
      const res = await moderation.get('/listings?size=50', mod.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items;
    };
    expect((await listed()).map((i) => i.target_id)).not.toContain(productId);
    await acted(mod, {
      target_type: 'product',
      target_id: productId,
      action: 'flag',
      reason: 'The battery size is missing.',
    });
    expect((await listed()).find((i) => i.target_id === productId)).toEqual({
      target_type: 'product',
      target_id: productId,
      label: `Listing of ${await kit.productLabel(productId)}`,
      title: null,
      text: expect.any(String),
      link: `/product/${productId}`,
      created_at: expect.any(String),
      hidden: null,
      flagged: { reason: 'The battery size is missing.', at: expect.any(String) },
      exists: true,
    });
    expect(await lastAudit()).toMatchObject({
      actor: mod.username,
      action: 'flag',
      target_type: 'product',
      target_id: productId,
      subject: null,
      reason: 'The battery size is missing.',
      days: null,
    });
    // Flagging answered the report.
    const [report] = await query(
      t.database,
      `SELECT status, outcome FROM reports WHERE reporter_id = ${reporter.id} AND target_type = 'product'`,
    );
    expect(report).toEqual({ status: 'resolved', outcome: 'action_taken' });

    await acted(mod, {
      target_type: 'product',
      target_id: productId,
      action: 'unflag',
      reason: 'Battery size added.',
    });
    expect((await listed()).map((i) => i.target_id)).not.toContain(productId);
    expect(await lastAudit()).toMatchObject({
      action: 'unflag',
      target_type: 'product',
      target_id: productId,
    });
    const [product] = await query(
      t.database,
      `SELECT flagged_at, flag_reason FROM products WHERE id = ${productId}`,
    );
    expect(product).toEqual({ flagged_at: null, flag_reason: null });
    // Not flagged any more: unflagging again does not apply.
    expectError(
      await act(mod, {
        target_type: 'product',
        target_id: productId,
        action: 'unflag',
        reason: 'Fixed it twice.',
      }),
      'MODERATION_NOT_ALLOWED',
    );
  });
});

describe('refusals', () => {
  it('answers each refusal with its code and message, never a 500, and changes nothing', async () => {
    const productId = fresh();
    const [author, otherMod] = [await member(t), await member(t, { role: 'moderator' })];
    const reviewId = await writeReview(author, productId);
    const ownReview = await writeReview(mod, productId);
    const before = await auditCount();
    const cases: [ActionBody, ErrorCode, Member?][] = [
      // Actions that do not apply to the kind of item.
      [{ target_type: 'product', target_id: productId, action: 'hide' }, 'MODERATION_NOT_ALLOWED'],
      [
        { target_type: 'product', target_id: productId, action: 'suspend', days: 7 },
        'MODERATION_NOT_ALLOWED',
      ],
      [{ target_type: 'product', target_id: productId, action: 'warn' }, 'MODERATION_NOT_ALLOWED'],
      [{ target_type: 'review', target_id: reviewId, action: 'flag' }, 'MODERATION_NOT_ALLOWED'],
      [{ target_type: 'comment', target_id: reviewId, action: 'unflag' }, 'MODERATION_NOT_ALLOWED'],
      [{ target_type: 'user', target_id: author.id, action: 'hide' }, 'MODERATION_NOT_ALLOWED'],
      [{ target_type: 'user', target_id: author.id, action: 'restore' }, 'MODERATION_NOT_ALLOWED'],
      // One's own posts and account.
      [{ target_type: 'review', target_id: ownReview, action: 'hide' }, 'MODERATE_SELF'],
      [{ target_type: 'user', target_id: mod.id, action: 'suspend', days: 1 }, 'MODERATE_SELF'],
      [{ target_type: 'user', target_id: admin.id, action: 'warn' }, 'MODERATE_SELF', admin],
      // Staff: only an admin warns or suspends them.
      [{ target_type: 'user', target_id: otherMod.id, action: 'suspend', days: 7 }, 'MODERATE_STAFF'],
      [{ target_type: 'user', target_id: otherMod.id, action: 'warn' }, 'MODERATE_STAFF'],
      [{ target_type: 'user', target_id: admin.id, action: 'suspend', days: 1 }, 'MODERATE_STAFF'],
      [
        { target_type: 'review', target_id: ownReview, action: 'suspend', days: 1 },
        'MODERATE_STAFF',
        otherMod,
      ],
      // The item's state.
      [{ target_type: 'review', target_id: reviewId, action: 'restore' }, 'NOT_HIDDEN'],
      [{ target_type: 'review', target_id: reviewId, action: 'dismiss' }, 'NO_OPEN_REPORTS'],
      [{ target_type: 'user', target_id: author.id, action: 'dismiss' }, 'NO_OPEN_REPORTS'],
      [{ target_type: 'product', target_id: productId, action: 'dismiss' }, 'NO_OPEN_REPORTS'],
      // Missing items.
      [{ target_type: 'review', target_id: 2147483647, action: 'hide' }, 'MODERATION_TARGET_NOT_FOUND'],
      [{ target_type: 'comment', target_id: 2147483647, action: 'warn' }, 'MODERATION_TARGET_NOT_FOUND'],
      [{ target_type: 'answer', target_id: 2147483647, action: 'restore' }, 'MODERATION_TARGET_NOT_FOUND'],
      [
        { target_type: 'user', target_id: 2147483647, action: 'suspend', days: 1 },
        'MODERATION_TARGET_NOT_FOUND',
      ],
      [{ target_type: 'product', target_id: 2147483647, action: 'flag' }, 'MODERATION_TARGET_NOT_FOUND'],
    ];
    for (const [body, code, who] of cases) {
      expectError(
        await act(who ?? mod, { reason: 'A good enough reason.', ...body }),
        code,
        JSON.stringify(body),
      );
    }
    // A deleted account is missing too.
    const gone = await member(t);
    await t.database.db.execute(`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    expectError(
      await act(mod, { target_type: 'user', target_id: gone.id, action: 'warn', reason: 'Too late now.' }),
      'MODERATION_TARGET_NOT_FOUND',
    );
    await acted(mod, { target_type: 'review', target_id: reviewId, action: 'hide', reason: 'Hidden once.' });
    expectError(
      await act(mod, { target_type: 'review', target_id: reviewId, action: 'hide', reason: 'Hidden twice.' }),
      'ALREADY_HIDDEN',
    );
    // Only the one hide was recorded; the refused actions changed nothing.
    expect(await auditCount()).toBe(before + 1);
    const users = await query(
      t.database,
      `SELECT suspended_until FROM users WHERE id IN (${otherMod.id}, ${admin.id}, ${mod.id}, ${author.id})`,
    );
    expect(users.every((u) => u.suspended_until === null)).toBe(true);
    const [product] = await query(t.database, `SELECT flagged_at FROM products WHERE id = ${productId}`);
    expect(product).toEqual({ flagged_at: null });
    expect((await platform.get(`/product/${productId}/review/${ownReview}`)).statusCode).toBe(200);
    expect((await kit.expectCountersRight(productId)).total).toBe(1);

    // An admin may suspend a moderator, and hide a moderator's review.
    await acted(admin, {
      target_type: 'user',
      target_id: otherMod.id,
      action: 'suspend',
      reason: 'Abused the tools.',
      days: 1,
    });
    expect(await lastAudit()).toMatchObject({ actor: admin.username, subject: otherMod.username, days: 1 });
    await acted(admin, {
      target_type: 'review',
      target_id: ownReview,
      action: 'hide',
      reason: 'Off-topic review.',
    });
    expect(await lastAudit()).toMatchObject({ actor: admin.username, action: 'hide', subject: mod.username });
  });

  it('validates the body: a reason of 5 to 500 characters, known targets and actions, days for suspensions', async () => {
    const user = await member(t);
    const before = await auditCount();
    const base = { target_type: 'user', target_id: user.id, action: 'warn' };
    for (const reason of [undefined, '', 'abcd', '    abc    ', 'x'.repeat(501)]) {
      const res = await act(mod, { ...base, ...(reason === undefined ? {} : { reason }) });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json(), String(reason)).toMatchObject({
        success: false,
        code: 'VALIDATION',
        field: 'reason',
        message: MODERATION_MESSAGES.reason,
      });
    }
    for (const days of [undefined, 0, 3, 14, 365, 'seven']) {
      const res = await act(mod, {
        ...base,
        action: 'suspend',
        reason: 'Spamming links.',
        ...(days === undefined ? {} : { days }),
      });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json(), String(days)).toMatchObject({
        code: 'VALIDATION',
        field: 'days',
        message: MODERATION_MESSAGES.days,
      });
    }
    const bad: ActionBody[] = [
      { ...base, reason: 'Fine reason', target_type: 'article' },
      { ...base, reason: 'Fine reason', action: 'ban' },
      { ...base, reason: 'Fine reason', target_id: 0 },
      { ...base, reason: 'Fine reason', target_id: 1e12 },
      { ...base, reason: 'Fine reason', target_id: 'abc' },
      { ...base, reason: 'A\u0000B reason' },
    ];
    for (const body of bad) {
      const res = await act(mod, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe('VALIDATION');
    }
    for (const url of ['/queue?size=51', '/listings?page=-1', '/audit?size=0']) {
      expect((await moderation.get(url, admin.headers)).statusCode, url).toBe(400);
    }
    expect(await auditCount()).toBe(before);
    // A reason is stored trimmed.
    await acted(mod, { target_type: 'user', target_id: user.id, action: 'warn', reason: '   Be nice.   ' });
    expect((await lastAudit()).reason).toBe('Be nice.');
  });
});

describe('the audit log', () => {
  it('is newest first, paged, and append-only', async () => {
    const user = await member(t);
    await acted(mod, { target_type: 'user', target_id: user.id, action: 'warn', reason: 'First warning.' });
    await acted(mod, {
      target_type: 'user',
      target_id: user.id,
      action: 'suspend',
      reason: 'Second time.',
      days: 30,
    });
    const log = (await moderation.get('/audit?size=50', admin.headers)).json();
    expect(log.items.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: mod.username,
        action: 'suspend',
        target_type: 'user',
        target_id: user.id,
        subject: user.username,
        reason: 'Second time.',
        days: 30,
      },
      expect.objectContaining({ action: 'warn', reason: 'First warning.', days: null }),
    ]);
    expect(Date.parse(log.items[0].at)).toBeGreaterThan(Date.parse(log.items[1].at));
    expect(log.total).toBe(await auditCount());
    const page1 = (await moderation.get('/audit?size=1&page=1', admin.headers)).json();
    expect(page1).toMatchObject({ page: 1, size: 1, total: log.total });
    expect(page1.items).toEqual([log.items[1]]);

    const snapshot = () =>
      query(
        t.database,
        `SELECT count(*)::int AS n, string_agg(id || reason || action, '|' ORDER BY id) AS lines
          FROM moderation_actions`,
      );
    const before = await snapshot();
    for (const statement of [
      `UPDATE moderation_actions SET reason = 'rewritten' WHERE subject_id = ${user.id}`,
      `DELETE FROM moderation_actions WHERE subject_id = ${user.id}`,
      `DELETE FROM moderation_actions`,
      `TRUNCATE moderation_actions`,
    ]) {
      await expect(t.database.db.execute(statement), statement).rejects.toThrow();
    }
    expect(await snapshot()).toEqual(before);
  });
});
