/**
 * Helpers of the moderation tests (*.test.ts in this folder): requests under the three API prefixes, posting
 * and reporting, moderators' actions, the queue and the audit log, and the checks they share. Test code only.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { COMMUNITY_SUCCESS } from '../shared/community.ts';
import { productName } from '../shared/format.ts';
import { ERRORS, type ErrorCode } from '../shared/messages.ts';
import {
  type AuditEntry,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModerationTarget,
  type QueueEntry,
} from '../shared/moderation.ts';
import { createTestApp, query, requests, type TestContext } from './app.ts';
import type { TestClock } from './clock.ts';
import { expectReviewCountersRight, type Member, member } from './community.ts';
import { DAY } from '../server/lib/clock.ts';
import { multipartBody } from './multipart.ts';

export type Response = LightMyRequestResponse;

export const REVIEW_FORM = {
  overall: 4,
  build_quality: 3.5,
  features: 4.5,
  look_and_feel: 5,
  performance: 3,
  summary: 'Great phone overall',
  description: 'I have used this phone for three months and it has been reliable.',
};

/** The body of POST /moderation/api/v1/actions, loose enough to send wrong ones. */
export interface ActionBody {
  target_type: ModerationTarget | string;
  target_id: number | string;
  action: ModerationAction | string;
  reason?: string;
  days?: number | string;
  incentive?: string;
}

/** A response that must be the catalogue's error `code`, with its status and message. */
export function expectError(res: Response, code: ErrorCode, label = ''): void {
  expect(res.statusCode, `${label} ${res.body}`).toBe(ERRORS[code].status);
  expect(res.json(), label).toMatchObject({ success: false, code, message: ERRORS[code].message });
}

/** The queue entry of one item, if it is in the queue. */
export const entryOf = (items: QueueEntry[], type: ModerationTarget, id: number) =>
  items.find((e) => e.item.target_type === type && e.item.target_id === id);

export function moderationKit(context: () => TestContext, clock: TestClock) {
  const platform = requests(context, '/platform/api/v1');
  const moderation = requests(context, '/moderation/api/v1');
  const account = requests(context, '/user/api/v1');

  /** Lines in the audit log, counted in SQL so that any test can ask. */
  const auditCount = async () =>
    (await query<{ n: number }>(context().database, 'SELECT count(*)::int AS n FROM moderation_actions'))[0]!
      .n;

  const act = (who: Member, body: ActionBody) => moderation.post('/actions', body, who.headers);

  /** Sends a photo as the proof of ownership of review `reviewId` (multipart, as the browser does). */
  const sendProof = (who: Member | null, reviewId: number, data: Buffer, type = 'image/jpeg') => {
    const { payload, headers } = multipartBody([{ field: 'image', filename: 'invoice.jpg', type, data }]);
    return context().app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/review/${reviewId}/proof`,
      payload,
      headers: { ...headers, ...(who?.headers ?? {}) },
    });
  };

  /** An action that must succeed with its message and add exactly one line to the audit log. */
  async function acted(who: Member, body: ActionBody & { action: ModerationAction }): Promise<void> {
    const before = await auditCount();
    const res = await act(who, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MODERATION_MESSAGES.done[body.action] });
    expect(await auditCount()).toBe(before + 1);
    clock.advance(1000);
  }

  /** The newest 50 lines of the audit log, read by an admin. */
  async function audit(admin: Member): Promise<AuditEntry[]> {
    const res = await moderation.get('/audit?size=50', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  }

  /** The open reports grouped by item, read by a moderator; the whole queue fits in one page. */
  async function queue(mod: Member): Promise<QueueEntry[]> {
    const res = await moderation.get('/queue?size=50', mod.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.items.length);
    return body.items;
  }

  /** Hands out products without reviews, one at a time, so tests do not share counters. */
  async function freshProducts(n: number): Promise<() => number> {
    const found = await query<{ id: number }>(
      context().database,
      `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id LIMIT ${n}`,
    );
    const ids = found.map((r) => r.id);
    return () => {
      const id = ids.shift();
      if (!id) throw new Error('out of fresh products');
      return id;
    };
  }

  /** The id of a new item (201), with the clock a second on so that "newest" has an order. */
  function created(res: Response, key: string): number {
    expect(res.statusCode, res.body).toBe(201);
    clock.advance(1000);
    return res.json()[key].id;
  }

  /** Posts (or edits) `who`'s review of a product. */
  async function writeReview(
    who: Member,
    productId: number,
    over: Partial<typeof REVIEW_FORM> & { incentivised?: string; owned_since?: string | null } = {},
  ): Promise<number> {
    const res = await platform.post(`/product/${productId}/review`, { ...REVIEW_FORM, ...over }, who.headers);
    expect(res.statusCode, res.body).toBeLessThan(300);
    clock.advance(1000);
    return res.json().review.id;
  }

  /** Reports an item (a user by username) as `who`. */
  function reportOf(
    type: ModerationTarget,
    id: number | string,
    who: Member,
    reason_id = 7,
    comments?: string,
  ) {
    const body = { reason_id, ...(comments ? { comments } : {}) };
    if (type === 'user') return account.post('/user/report', { username: id, ...body }, who.headers);
    const url = {
      review: '/product/review/report',
      comment: `/product/review/comment/${id}/report`,
      reply: `/product/review/comment/reply/${id}/report`,
      question: `/product/question/${id}/report`,
      answer: `/product/question/answer/${id}/report`,
      article_comment: `/articles/comment/${id}/report`,
      product: `/product/${id}/report`,
    }[type];
    return platform.post(url, type === 'review' ? { review_id: id, ...body } : body, who.headers);
  }

  /** A report that must be stored (201). */
  async function reported(
    type: ModerationTarget,
    id: number | string,
    who: Member,
    reason_id = 7,
    comments?: string,
  ): Promise<void> {
    const res = await reportOf(type, id, who, reason_id, comments);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.reported });
    clock.advance(1000);
  }

  const expectCountersRight = (productId: number) => expectReviewCountersRight(context(), productId);

  /** How the site names a product: 'Brand Model (variant)'. */
  async function productLabel(productId: number): Promise<string> {
    const [product] = await query<{ brand: string; model: string; variant: string }>(
      context().database,
      `SELECT b.name AS brand, p.model, p.variant FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ${productId}`,
    );
    return productName(product!);
  }

  /** A member whose account is `days` old (8: old enough for their reports to hide a post). */
  const aged = (days = 8, options: { trusted?: boolean } = {}) =>
    member(context(), { ...options, createdAt: new Date(clock.now().getTime() - days * DAY) });

  return {
    platform,
    moderation,
    account,
    auditCount,
    act,
    acted,
    sendProof,
    audit,
    queue,
    freshProducts,
    created,
    writeReview,
    reportOf,
    reported,
    expectCountersRight,
    productLabel,
    aged,
  };
}

/**
 * A moderation test file's own app on `clock`, with a moderator, an admin, and `products` products nobody has
 * reviewed (taken one at a time with `fresh()`).
 */
export async function moderationApp(clock: TestClock, products: number) {
  const t = await createTestApp({}, undefined, { clock });
  const [mod, admin] = [await member(t, { role: 'moderator' }), await member(t, { role: 'admin' })];
  const fresh = await moderationKit(() => t, clock).freshProducts(products);
  return { t, mod, admin, fresh };
}
