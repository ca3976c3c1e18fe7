import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { query } from '../../test/app.ts';
import { seedDemo } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await cloneDatabase(inject('template'));
});
afterAll(() => database.close());

describe('demo community', () => {
  it('is labelled as demo', async () => {
    const [u] = await query<{ all: number; demo: number }>(
      database,
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE is_demo AND username LIKE 'demo\\_%' AND email LIKE '%@demo.verdict.invalid')::int AS demo FROM users`,
    );
    expect(u!.all).toBeGreaterThan(100);
    expect(u!.demo).toBe(u!.all);
  });

  it('keeps the stored counters equal to the rows they count', async () => {
    const mismatches = await query(
      database,
      `SELECT p.id FROM products p
        LEFT JOIN (SELECT product_id, count(*)::int AS n, avg(overall) / 2 AS avg FROM reviews GROUP BY product_id) r ON r.product_id = p.id
        LEFT JOIN (SELECT product_id, count(*)::int AS n FROM product_upvotes GROUP BY product_id) u ON u.product_id = p.id
        WHERE p.total_reviews <> coalesce(r.n, 0) OR abs(p.rating_value - coalesce(r.avg, 0)) > 0.01 OR p.upvotes <> coalesce(u.n, 0)`,
    );
    expect(mismatches).toEqual([]);
  });

  it('keeps the discussion counters equal to the rows: votes, comments, replies, answers, the distribution', async () => {
    const checks = [
      `SELECT v.id FROM reviews v LEFT JOIN (SELECT review_id, count(*) FILTER (WHERE value = 1) AS up,
         count(*) FILTER (WHERE value = -1) AS down FROM review_reactions GROUP BY review_id) s ON s.review_id = v.id
       WHERE v.useful <> coalesce(s.up, 0) OR v.not_useful <> coalesce(s.down, 0)`,
      `SELECT v.id FROM reviews v WHERE v.comments <> (SELECT count(*) FROM review_comments c WHERE c.review_id = v.id)`,
      `SELECT c.id FROM review_comments c WHERE c.replies <> (SELECT count(*) FROM comment_replies r WHERE r.comment_id = c.id)`,
      `SELECT q.id FROM questions q WHERE q.answers <> (SELECT count(*) FROM answers a WHERE a.question_id = q.id)`,
      `SELECT p.id FROM products p WHERE p.stars_1 + p.stars_2 + p.stars_3 + p.stars_4 + p.stars_5 <> p.total_reviews
         OR p.stars_5 <> (SELECT count(*) FROM reviews v WHERE v.product_id = p.id AND v.star = 5)
         OR p.performance_sum <> (SELECT coalesce(sum(performance), 0) FROM reviews v WHERE v.product_id = p.id)`,
    ];
    for (const check of checks) expect(await query(database, check)).toEqual([]);
    // Every star bucket and every sum, recounted from the reviews.
    const stored = [1, 2, 3, 4, 5]
      .map((n) => `p.stars_${n}`)
      .concat(
        ['rating', 'build_quality', 'features', 'look_and_feel', 'performance'].map((c) => `p.${c}_sum`),
      );
    const recount = [1, 2, 3, 4, 5]
      .map((n) => `count(*) FILTER (WHERE v.star = ${n})::int`)
      .concat(
        ['overall', 'build_quality', 'features', 'look_and_feel', 'performance'].map(
          (c) => `coalesce(sum(v.${c}), 0)::int`,
        ),
      );
    const distribution = await query<{ id: number; stored: number[]; recount: number[] }>(
      database,
      `SELECT p.id, ARRAY[${stored.join(', ')}] AS stored,
         (SELECT ARRAY[${recount.join(', ')}] FROM reviews v WHERE v.product_id = p.id) AS recount
       FROM products p`,
    );
    expect(distribution.length).toBeGreaterThan(100);
    const wrong = distribution.filter((p) => JSON.stringify(p.stored) !== JSON.stringify(p.recount));
    expect(wrong).toEqual([]);
    expect(distribution.some((p) => p.stored.some((n) => n > 0))).toBe(true);
    // Likes and dislikes of questions, answers, comments and replies, against their reaction tables.
    for (const [table, reactions, column] of [
      ['questions', 'question_reactions', 'question_id'],
      ['answers', 'answer_reactions', 'answer_id'],
      ['review_comments', 'comment_reactions', 'comment_id'],
      ['comment_replies', 'reply_reactions', 'reply_id'],
    ] as const) {
      const off = await query(
        database,
        `SELECT x.id, x.likes, x.dislikes, s.up, s.down FROM ${table} x
           LEFT JOIN (SELECT ${column}, count(*) FILTER (WHERE value = 1)::int AS up,
             count(*) FILTER (WHERE value = -1)::int AS down FROM ${reactions} GROUP BY ${column}) s
           ON s.${column} = x.id
         WHERE x.likes <> coalesce(s.up, 0) OR x.dislikes <> coalesce(s.down, 0)`,
      );
      expect(off, table).toEqual([]);
    }
    const [counts] = await query<{ votes: number; questions: number; comments: number }>(
      database,
      `SELECT (SELECT count(*) FROM review_reactions)::int AS votes, (SELECT count(*) FROM questions)::int AS questions,
        (SELECT count(*) FROM review_comments)::int AS comments`,
    );
    expect(counts!.votes).toBeGreaterThan(1000);
    expect(counts!.questions).toBeGreaterThan(80);
    expect(counts!.comments).toBeGreaterThan(50);
  });

  it('gives hundreds of products a visible rating (10 reviews or more)', async () => {
    const [r] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM products WHERE total_reviews >= 10`,
    );
    expect(r!.n).toBeGreaterThan(150);
  });

  it('runs once: a second call changes nothing', async () => {
    const [before] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(await seedDemo(database.db)).toMatchObject({ skipped: true });
    const [after] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(after).toEqual(before);
  });
});
