import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { query } from '../../test/app.ts';
import { countersEqualRows } from '../../test/counters.ts';
import { seedDemo } from './seed.ts';
import { POINTS_VERSION } from '../review-points.ts';
import { DEMO_KINDS, type DemoKind } from './text.ts';

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
      `SELECT v.id FROM reviews v
         LEFT JOIN (SELECT review_id, count(*) AS n FROM review_comments GROUP BY review_id) c ON c.review_id = v.id
       WHERE v.comments <> coalesce(c.n, 0)`,
      `SELECT c.id FROM review_comments c
         LEFT JOIN (SELECT comment_id, count(*) AS n FROM comment_replies GROUP BY comment_id) r ON r.comment_id = c.id
       WHERE c.replies <> coalesce(r.n, 0)`,
      `SELECT q.id FROM questions q
         LEFT JOIN (SELECT question_id, count(*) AS n FROM answers GROUP BY question_id) a ON a.question_id = q.id
       WHERE q.answers <> coalesce(a.n, 0)`,
      `SELECT p.id FROM products p WHERE p.stars_1 + p.stars_2 + p.stars_3 + p.stars_4 + p.stars_5 <> p.total_reviews`,
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
         coalesce(r.recount, array_fill(0, ARRAY[${recount.length}])) AS recount
       FROM products p
         LEFT JOIN (SELECT v.product_id, ARRAY[${recount.join(', ')}] AS recount FROM reviews v GROUP BY v.product_id) r
         ON r.product_id = p.id`,
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

  it('has what every review praises and criticises read at start-up (prepareDatabase, issue 22)', async () => {
    const [r] = await query<{ stale: number; reviews: number; points: number }>(
      database,
      `SELECT count(*) FILTER (WHERE points_version <> ${POINTS_VERSION})::int AS stale, count(*)::int AS reviews,
         (SELECT count(*)::int FROM review_points) AS points FROM reviews`,
    );
    expect(r!.reviews).toBeGreaterThan(1000);
    expect(r!.stale).toBe(0);
    // The demo sentences praise and criticise batteries, cameras and screens: most reviews make a point.
    expect(r!.points).toBeGreaterThan(r!.reviews / 2);
    // Read after the seed's recount: each product's stored point counts follow them.
    expect(await countersEqualRows(database.db)).toEqual([]);
  });

  it('gives hundreds of products a visible rating (10 reviews or more)', async () => {
    const [r] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM products WHERE total_reviews >= 10`,
    );
    expect(r!.n).toBeGreaterThan(150);
  });

  /** Every post of a demo user, with the product it is on. */
  const demoPosts = () =>
    query<{
      kind: string;
      id: number;
      category_id: string;
      name: string;
      features: string[];
      text: string;
    }>(
      database,
      `WITH posts AS (
        SELECT 'review' AS kind, v.id, v.user_id, v.product_id, v.summary || ' ' || v.description AS text FROM reviews v
        UNION ALL SELECT 'question', q.id, q.user_id, q.product_id, q.body FROM questions q
        UNION ALL SELECT 'answer', a.id, a.user_id, q.product_id, a.body FROM answers a JOIN questions q ON q.id = a.question_id
        UNION ALL SELECT 'comment', c.id, c.user_id, v.product_id, c.body FROM review_comments c JOIN reviews v ON v.id = c.review_id
        UNION ALL SELECT 'reply', x.id, x.user_id, v.product_id, x.body FROM comment_replies x
          JOIN review_comments c ON c.id = x.comment_id JOIN reviews v ON v.id = c.review_id)
      SELECT posts.kind, posts.id, p.category_id, b.name || ' ' || p.model AS name, p.features, posts.text
      FROM posts JOIN users u ON u.id = posts.user_id AND u.is_demo
        JOIN products p ON p.id = posts.product_id JOIN brands b ON b.id = p.brand_id`,
    );

  // Words that give a post away as written for another kind of product ('Camera takes lovely photos' on a motorbike).
  const PHONE_WORDS = /\b(camera|photos?|display|screen|selfie|apps?|games?|gaming|bloatware|5G|phones?)\b/i;
  const VEHICLE_WORDS =
    /\b(mileage|engine|ride|rides|riding|driving|pillion|cabin|brakes|steering|suspension)\b/i;
  const NOT_FOR: Record<DemoKind, RegExp[]> = {
    phone: [VEHICLE_WORDS],
    car: [PHONE_WORDS, /\b(pillion|riding|bikes?)\b/i],
    motorbike: [PHONE_WORDS, /\b(cabin|driving|cars?|rear seat)\b/i],
  };

  it('writes about the product each post is on, in words that fit its kind, naming no other product', async () => {
    const posts = await demoPosts();
    expect(posts.length).toBeGreaterThan(1000);
    const catalogue = await query<{ brand: string; name: string }>(
      database,
      `SELECT DISTINCT b.name AS brand, b.name || ' ' || p.model AS name FROM products p JOIN brands b ON b.id = p.brand_id`,
    );
    const byBrand = new Map<string, string[]>();
    for (const c of catalogue) byBrand.set(c.brand, [...(byBrand.get(c.brand) ?? []), c.name]);
    /** `name` as a whole name in `text`, not the start of a longer one ('Note 14 Pro' in 'Note 14 Pro Plus'). */
    const names = (text: string, name: string) =>
      text
        .split(name)
        .slice(1)
        .some((after) => !/^[\p{L}\p{N}+]/u.test(after));
    const wrong: string[] = [];
    const kinds = new Set<DemoKind>();
    for (const p of posts) {
      const kind = DEMO_KINDS[p.category_id]!;
      kinds.add(kind);
      // What is left once its own name is taken out must name no product and fit its kind.
      const rest = p.text.split(p.name).join(' ');
      const others = [...byBrand.entries()]
        .filter(([brand]) => rest.includes(brand))
        .flatMap(([, list]) => list.filter((n) => names(rest, n)));
      const electric = p.features.includes('electric');
      const misfits = [
        ...NOT_FOR[kind],
        // No mileage or engine for an electric vehicle, no range or charging for a petrol one, no 5G for a 4G phone.
        ...(kind === 'phone'
          ? p.features.includes('5g')
            ? []
            : [/\b5G\b/]
          : [electric ? /\b(mileage|engine|petrol|diesel|fuel)\b/i : /\b(range|charge|charging|charger)\b/i]),
      ].filter((re) => re.test(rest));
      if (others.length || misfits.length)
        wrong.push(
          `${p.kind} ${p.id} on ${p.name} (${kind}): ${p.text} [${[...others, ...misfits].join(', ')}]`,
        );
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect([...kinds].sort()).toEqual(['car', 'motorbike', 'phone']);
    // A review names the product it is on.
    for (const p of posts.filter((x) => x.kind === 'review')) expect(p.text).toContain(p.name);
  });

  it('dates hold together: accounts before their first post, reviews after the release, answers after questions', async () => {
    const checks = {
      'an account joined after its first post': `SELECT u.username FROM users u JOIN (
          SELECT user_id, min(created_at) AS first FROM (
            SELECT user_id, created_at FROM reviews UNION ALL SELECT user_id, created_at FROM questions
            UNION ALL SELECT user_id, created_at FROM answers UNION ALL SELECT user_id, created_at FROM review_comments
            UNION ALL SELECT user_id, created_at FROM comment_replies) x GROUP BY user_id) f ON f.user_id = u.id
        WHERE u.is_demo AND u.created_at >= f.first`,
      'an account joined in the future': `SELECT username FROM users WHERE is_demo AND created_at > now()`,
      'a review before its product was released': `SELECT v.id FROM reviews v JOIN products p ON p.id = v.product_id
        WHERE (v.created_at AT TIME ZONE 'UTC')::date < p.release_date OR v.created_at > now()`,
      'a question before its product was released': `SELECT q.id FROM questions q JOIN products p ON p.id = q.product_id
        WHERE (q.created_at AT TIME ZONE 'UTC')::date < p.release_date OR q.created_at > now()`,
      'an answer before its question': `SELECT a.id FROM answers a JOIN questions q ON q.id = a.question_id
        WHERE a.created_at <= q.created_at OR a.created_at > now()`,
      'a comment before its review': `SELECT c.id FROM review_comments c JOIN reviews v ON v.id = c.review_id
        WHERE c.created_at <= v.created_at OR c.created_at > now()`,
      'a reply before its comment': `SELECT x.id FROM comment_replies x JOIN review_comments c ON c.id = x.comment_id
        WHERE x.created_at <= c.created_at OR x.created_at > now()`,
    };
    for (const [what, sql] of Object.entries(checks)) expect(await query(database, sql), what).toEqual([]);

    // 'Using the … for 14 months now': never longer than the product has been out at the review's date.
    const reviews = await query<{ id: number; description: string; days_out: number }>(
      database,
      `SELECT v.id, v.description, ((v.created_at AT TIME ZONE 'UTC')::date - p.release_date) AS days_out
       FROM reviews v JOIN products p ON p.id = v.product_id WHERE p.release_date IS NOT NULL`,
    );
    const DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
    const tooLong = reviews.filter((v) => {
      const m = / for (\d+) (day|week|month|year)s? now\./.exec(v.description);
      return !m || Number(m[1]) * DAYS[m[2] as keyof typeof DAYS] > v.days_out;
    });
    expect(tooLong.slice(0, 5)).toEqual([]);
  });

  it('runs once: a second call changes nothing', async () => {
    const [before] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(await seedDemo(database.db)).toMatchObject({ skipped: true });
    const [after] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM reviews`);
    expect(after).toEqual(before);
  });
});
