import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { query, type TestContext } from './app.ts';
import { bearer } from './account.ts';
import type { Role } from '../shared/moderation.ts';
import { rows } from '../db/sql.ts';

export interface Member {
  id: number;
  username: string;
  token: string;
  headers: { authorization: string };
}

let next = 0;

/**
 * A signed-in member made straight in the database (no password hashing, no CAPTCHA): fast enough for tests
 * that need many users. Verified unless `verified: false`; `createdAt` makes an older or newer account; it has
 * an accepted contribution (users.trusted_at) unless `trusted: false`; `role` makes a moderator or an admin.
 */
export async function member(
  t: TestContext,
  options: { verified?: boolean; createdAt?: Date; username?: string; trusted?: boolean; role?: Role } = {},
): Promise<Member> {
  const username = options.username ?? `member${process.pid}_${++next}`;
  const created = (options.createdAt ?? t.services.clock.now()).toISOString();
  const verified = options.verified === false ? null : created;
  const [row] = await rows<{ id: number }>(
    t.database.db,
    sql`
    INSERT INTO users (username, first_name, last_name, email, email_verified_at, created_at, trusted_at, role)
    VALUES (${username}, 'Test', 'Member', ${`${username}@example.com`}, ${verified}, ${created},
      ${options.trusted === false ? null : created}, ${options.role ?? 'user'})
    RETURNING id`,
  );
  const id = row!.id;
  const token = await t.services.sessions.create(id);
  return { id, username, token, headers: bearer(token) };
}

/** A product id of the catalogue (phones), the `n`-th by id. */
export async function productId(t: TestContext, n = 0): Promise<number> {
  const [row] = await rows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM products WHERE category_id = 'C001' ORDER BY id OFFSET ${n} LIMIT 1`,
  );
  return row!.id;
}

/**
 * A product's stored review counters, and the same counters recounted from its reviews that are not hidden
 * (a hidden review counts as deleted): the rating's from those not incentivised, and the incentivised ones'.
 */
export async function reviewCounters(
  t: TestContext,
  productId: number,
): Promise<{ stored: Record<string, unknown>; recount: Record<string, unknown> }> {
  const [row] = await query<{ stored: Record<string, unknown>; recount: Record<string, unknown> }>(
    t.database,
    `SELECT json_build_object('total', p.total_reviews, 'sum', p.rating_sum,
        'value', round(p.rating_value::numeric, 2)::float8, 'bq', p.build_quality_sum, 'fe', p.features_sum,
        'lf', p.look_and_feel_sum, 'pe', p.performance_sum,
        'stars', json_build_array(p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5),
        'incentivised', p.incentivised_reviews, 'incentivised_sum', p.incentivised_sum) AS stored,
      json_build_object('total', count(r.id), 'sum', coalesce(sum(r.overall), 0),
        'value', coalesce(round(sum(r.overall)::numeric / nullif(count(r.id), 0) / 2, 2), 0)::float8,
        'bq', coalesce(sum(r.build_quality), 0), 'fe', coalesce(sum(r.features), 0),
        'lf', coalesce(sum(r.look_and_feel), 0), 'pe', coalesce(sum(r.performance), 0),
        'stars', json_build_array(count(r.id) FILTER (WHERE r.star = 1), count(r.id) FILTER (WHERE r.star = 2),
          count(r.id) FILTER (WHERE r.star = 3), count(r.id) FILTER (WHERE r.star = 4),
          count(r.id) FILTER (WHERE r.star = 5)),
        'incentivised', (SELECT count(*) FROM reviews i
          WHERE i.product_id = p.id AND i.hidden_at IS NULL AND i.incentive <> 'none'),
        'incentivised_sum', (SELECT coalesce(sum(i.overall), 0) FROM reviews i
          WHERE i.product_id = p.id AND i.hidden_at IS NULL AND i.incentive <> 'none')) AS recount
    FROM products p LEFT JOIN reviews r ON r.product_id = p.id AND r.hidden_at IS NULL AND r.incentive = 'none'
    WHERE p.id = ${productId} GROUP BY p.id`,
  );
  return row!;
}

/** Asserts that the product's stored review counters equal the recount; returns them. */
export async function expectReviewCountersRight(
  t: TestContext,
  productId: number,
): Promise<Record<string, unknown> & { total: number }> {
  const { stored, recount } = await reviewCounters(t, productId);
  expect(stored).toEqual(recount);
  return stored as Record<string, unknown> & { total: number };
}
