/**
 * The demo community: clearly labelled demo users (username prefix demo_, is_demo) with reviews, upvotes
 * and views, so ratings, trend lists and review counts are real on a fresh start. Deterministic but for today's
 * date. Counters on products are kept right in the same transaction as the rows they count.
 * Text fits the product it is on (its name, its category, electric or not, 5G or not), and dates hold together:
 * a review comes after the product's release, a comment after its review, a reply after its comment, an answer
 * after its question, and each demo account joined before its first post.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { recountReviewStats } from '../review-stats.ts';
import { productUpvotes, reviews, users } from '../schema.ts';
import { rows } from '../sql.ts';
import { createRandom } from './random.ts';
import {
  DEMO_KINDS,
  type DemoSubject,
  demoComments,
  demoName,
  demoQuestions,
  demoReviewText,
} from './text.ts';

export interface DemoOptions {
  users?: number;
  /** How many products (most popular first) get community activity. */
  products?: number;
  seed?: number;
}

const half = (v: number) => Math.max(1, Math.min(10, Math.round(v * 2)));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Products get demo reviews from this many days after their release, questions from a week after. */
const REVIEWS_AFTER_RELEASE_DAYS = 7;
/** Questions and answers on this many of the most looked-at products of each category. */
const DISCUSSED = { C001: 70, C002: 6, C003: 4 } as const;

type Candidate = {
  id: number;
  category_id: string;
  brand: string;
  model: string;
  spec_score: number | null;
  features: string[];
  release_date: string | null;
  /** The model's variants: each demo review says which one its author owns. */
  variant_ids: number[];
};

const subjectOf = (p: Candidate): DemoSubject => ({
  kind: DEMO_KINDS[p.category_id] ?? 'phone',
  name: `${p.brand} ${p.model}`,
  electric: p.features.includes('electric'),
  fiveG: p.features.includes('5g'),
});

/** The earliest post of each demo user, so their accounts can be dated before it. */
class FirstPosts {
  readonly at = new Map<number, number>();
  add(userId: number, at: Date): Date {
    const t = at.getTime();
    this.at.set(userId, Math.min(this.at.get(userId) ?? t, t));
    return at;
  }
}

export async function seedDemo(
  db: Db,
  options: DemoOptions = {},
): Promise<{ users: number; reviews: number; skipped: boolean }> {
  const userCount = options.users ?? 240;
  const productCount = options.products ?? 600;
  const r = createRandom(options.seed ?? 20240930);

  const existing = await rows(db, sql`SELECT 1 FROM users WHERE is_demo LIMIT 1`);
  if (existing.length) return { users: 0, reviews: 0, skipped: true };

  // Phones people actually look at: verified, recent and mid-range first, then every other category a little.
  // None released in the last week (or not yet): nobody has owned one long enough to review it.
  const perCategory = {
    C001: Math.round(productCount * 0.8),
    C002: Math.round(productCount * 0.12),
    C003: Math.round(productCount * 0.08),
  };
  const candidates: Candidate[] = [];
  for (const [category, limit] of Object.entries(perCategory)) {
    const found = await rows<Candidate>(
      db,
      sql`SELECT p.id, p.category_id, b.name AS brand, p.model, p.spec_score, p.features,
          p.release_date::text AS release_date,
          coalesce((SELECT array_agg(v.id ORDER BY v.id) FROM product_variants v WHERE v.product_id = p.id),
            ARRAY[]::int[]) AS variant_ids
        FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE p.verified AND NOT p.hidden AND p.category_id = ${category}
          AND (p.release_date IS NULL OR p.release_date <= current_date - ${REVIEWS_AFTER_RELEASE_DAYS}::int)
        ORDER BY p.release_date DESC NULLS LAST, p.spec_score DESC NULLS LAST, p.price DESC NULLS LAST, p.id
        LIMIT ${limit}`,
    );
    candidates.push(...found);
  }
  const now = Date.now();
  const firstPosts = new FirstPosts();

  let reviewTotal = 0;
  await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(
        Array.from({ length: userCount }, (_, i) => {
          const n = demoName(r, i + 1);
          return { ...n, email: `${n.username}@demo.verdict.invalid`, isDemo: true };
        }),
      )
      .returning({ id: users.id });
    const userIds = userRows.map((u) => u.id);

    const reviewRows: (typeof reviews.$inferInsert)[] = [];
    const upvoteRows: (typeof productUpvotes.$inferInsert)[] = [];
    const views: { id: number; total: number; recent: number[] }[] = [];
    const rankInCategory = new Map<string, number>();
    candidates.forEach((p) => {
      const rank = rankInCategory.get(p.category_id) ?? 0;
      rankInCategory.set(p.category_id, rank + 1);
      // A long tail: a few products get many reviews, most get a handful.
      const popularity = 1 / Math.sqrt(rank + 4);
      const reviewCount = Math.min(userIds.length, Math.floor(popularity * r.int(40, 220)));
      const quality = Math.max(1.5, Math.min(4.9, r.normal(3.6 + ((p.spec_score ?? 70) - 70) / 60, 1.4)));
      const reviewers = [...userIds].sort(() => r.next() - 0.5).slice(0, reviewCount);
      const subject = subjectOf(p);
      const released = p.release_date ? Date.parse(`${p.release_date}T00:00:00Z`) : null;
      // Reviews from the last 18 months, and never in the product's first week.
      const latestDaysAgo = released
        ? Math.max(1, Math.min(540, Math.floor((now - released) / DAY) - REVIEWS_AFTER_RELEASE_DAYS))
        : 540;
      for (const userId of reviewers) {
        const overall = Math.max(0.5, Math.min(5, r.normal(quality, 1.6)));
        const aspect = () => half(r.normal(overall, 0.9));
        const createdAt = new Date(now - r.int(1, latestDaysAgo) * DAY - r.int(0, 23) * HOUR);
        // Owned since its release at the earliest (up to three years for cars and motorbikes, undated).
        const ownable = Math.min(730, released ? Math.floor((createdAt.getTime() - released) / DAY) : 1095);
        const text = demoReviewText(r, overall, subject, r.int(Math.min(7, ownable), ownable));
        reviewRows.push({
          productId: p.id,
          variantId: p.variant_ids.length ? r.pick(p.variant_ids) : null,
          userId,
          overall: half(overall),
          buildQuality: aspect(),
          features: aspect(),
          lookAndFeel: aspect(),
          performance: aspect(),
          ...text,
          createdAt: firstPosts.add(userId, createdAt),
        });
      }
      const upvoters = [...userIds]
        .sort(() => r.next() - 0.5)
        .slice(0, Math.floor(popularity * r.int(40, 200)));
      for (const userId of upvoters) upvoteRows.push({ productId: p.id, userId });
      const total = Math.floor(popularity * r.int(2000, 9000));
      views.push({
        id: p.id,
        total,
        recent: Array.from({ length: 7 }, () => Math.floor((total / 90) * r.next())),
      });
    });

    for (let i = 0; i < reviewRows.length; i += 1000)
      await tx.insert(reviews).values(reviewRows.slice(i, i + 1000));
    for (let i = 0; i < upvoteRows.length; i += 2000) {
      await tx
        .insert(productUpvotes)
        .values(upvoteRows.slice(i, i + 2000))
        .onConflictDoNothing();
    }
    reviewTotal = reviewRows.length;

    const discussed = Object.entries(DISCUSSED).flatMap(([category, n]) =>
      candidates.filter((p) => p.category_id === category).slice(0, n),
    );
    await seedDiscussions(tx, r, userIds, candidates, discussed, now, firstPosts);
    // Each account joined before its first post; those that never posted, some time in the last two years.
    const joined = userIds.map((id) => {
      const first = firstPosts.at.get(id);
      return first === undefined
        ? now - r.int(30, 700) * DAY
        : first - r.int(1, 90) * DAY - r.int(0, 23) * HOUR;
    });
    await tx.execute(sql`UPDATE users u SET created_at = j.at
      FROM unnest(${`{${userIds.join(',')}}`}::int[],
        ${`{${joined.map((t) => `"${new Date(t).toISOString()}"`).join(',')}}`}::timestamptz[]) AS j(id, at)
      WHERE u.id = j.id`);

    // Stored counters, from the rows just written.
    await recountReviewStats(tx);
    await recountDiscussions(tx);
    await tx.execute(sql`UPDATE products p SET upvotes = s.n
      FROM (SELECT product_id, count(*)::int AS n FROM product_upvotes GROUP BY product_id) s
      WHERE p.id = s.product_id`);
    const ids = views.map((v) => v.id);
    await tx.execute(sql`UPDATE products p SET views = p.views + v.n
      FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${views.map((v) => v.total).join(',')}}`}::int[]) AS v(id, n)
      WHERE p.id = v.id`);
    for (let d = 0; d < 7; d++) {
      await tx.execute(sql`INSERT INTO product_views_daily (product_id, day, views)
        SELECT v.id, current_date - ${d}::int, v.n
        FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${views.map((v) => v.recent[d]).join(',')}}`}::int[]) AS v(id, n)
        ON CONFLICT (product_id, day) DO UPDATE SET views = product_views_daily.views + excluded.views`);
    }
  });
  return { users: userCount, reviews: reviewTotal, skipped: false };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function ids(tx: Tx, query: ReturnType<typeof sql>): Promise<number[]> {
  return (await rows<{ id: number }>(tx, query)).map((row) => row.id);
}

/**
 * Useful / Not useful votes on the demo reviews, comments on some of them (some answered by the review's
 * author), and questions with answers on the most looked-at products, so every part of a product page has
 * something real to show. Each post comes after what it answers, and before now.
 */
async function seedDiscussions(
  tx: Tx,
  r: ReturnType<typeof createRandom>,
  userIds: number[],
  reviewed: Candidate[],
  discussed: Candidate[],
  now: number,
  firstPosts: FirstPosts,
): Promise<void> {
  const subjects = new Map(reviewed.map((p) => [p.id, subjectOf(p)]));
  const reviewRows = await rows<{
    id: number;
    user_id: number;
    product_id: number;
    created_at: Date | string;
  }>(tx, sql`SELECT id, user_id, product_id, created_at FROM reviews ORDER BY id`);
  /** Someone other than `userId`. */
  const other = (userId: number) => {
    for (;;) {
      const u = r.pick(userIds);
      if (u !== userId) return u;
    }
  };
  const votes: { targetId: number; userId: number; value: number }[] = [];
  const comments: {
    reviewId: number;
    reviewer: number;
    userId: number;
    body: string;
    reply: string;
    at: Date;
  }[] = [];
  for (const review of reviewRows) {
    const voters = new Set<number>();
    const count = Math.floor(r.next() ** 3 * 25);
    const usefulShare = 0.55 + r.next() * 0.4;
    while (voters.size < count) voters.add(other(review.user_id));
    for (const u of voters)
      votes.push({ targetId: review.id, userId: u, value: r.next() < usefulShare ? 1 : -1 });
    const posted = new Date(review.created_at).getTime();
    const hoursSince = Math.floor((now - posted) / HOUR);
    if (r.next() < 0.08 && hoursSince > 4) {
      const c = r.pick(demoComments(subjects.get(review.product_id)!));
      const userId = other(review.user_id);
      comments.push({
        reviewId: review.id,
        reviewer: review.user_id,
        userId,
        body: c.comment,
        reply: c.reply,
        at: firstPosts.add(userId, new Date(posted + r.int(1, Math.min(30 * 24, hoursSince - 3)) * HOUR)),
      });
    }
  }
  for (let i = 0; i < votes.length; i += 5000) {
    const chunk = votes.slice(i, i + 5000);
    await tx.execute(sql`INSERT INTO review_reactions (review_id, user_id, value)
      SELECT * FROM unnest(${`{${chunk.map((v) => v.targetId).join(',')}}`}::int[],
        ${`{${chunk.map((v) => v.userId).join(',')}}`}::int[], ${`{${chunk.map((v) => v.value).join(',')}}`}::smallint[])
      ON CONFLICT DO NOTHING`);
  }
  for (const c of comments) {
    const [commentId] = await ids(
      tx,
      sql`INSERT INTO review_comments (review_id, user_id, body, created_at)
        VALUES (${c.reviewId}, ${c.userId}, ${c.body}, ${c.at.toISOString()}) RETURNING id`,
    );
    const hoursLeft = Math.floor((now - c.at.getTime()) / HOUR);
    if (r.next() < 0.5 && hoursLeft > 1) {
      // The review's author answers.
      const at = new Date(c.at.getTime() + r.int(1, Math.min(72, hoursLeft - 1)) * HOUR);
      await tx.execute(sql`INSERT INTO comment_replies (comment_id, user_id, body, created_at)
        VALUES (${commentId!}, ${c.reviewer}, ${c.reply}, ${firstPosts.add(c.reviewer, at).toISOString()})`);
    }
  }
  for (const p of discussed) {
    const subject = subjectOf(p);
    const released = p.release_date ? Date.parse(`${p.release_date}T00:00:00Z`) : null;
    // Asked in the last 200 days, from a week after the release, and at least 3 days ago.
    const latestDaysAgo = released
      ? Math.max(3, Math.min(200, Math.floor((now - released) / DAY) - REVIEWS_AFTER_RELEASE_DAYS))
      : 200;
    const asked = [...demoQuestions(subject)].sort(() => r.next() - 0.5).slice(0, r.int(1, 4));
    for (const q of asked) {
      const asker = r.pick(userIds);
      const askedAt = firstPosts.add(asker, new Date(now - r.int(3, latestDaysAgo) * DAY));
      const [questionId] = await ids(
        tx,
        sql`INSERT INTO questions (product_id, user_id, body, created_at)
          VALUES (${p.id}, ${asker}, ${q.question.replace('{name}', subject.name)}, ${askedAt.toISOString()})
          RETURNING id`,
      );
      for (const answer of q.answers) {
        const answerer = other(asker);
        const at = firstPosts.add(answerer, new Date(askedAt.getTime() + r.int(1, 72) * HOUR));
        const [answerId] = await ids(
          tx,
          sql`INSERT INTO answers (question_id, user_id, body, created_at)
            VALUES (${questionId!}, ${answerer}, ${answer.replace('{name}', subject.name)}, ${at.toISOString()})
            RETURNING id`,
        );
        // Nobody reacts to their own answer.
        const likers = new Set(Array.from({ length: r.int(0, 12) }, () => other(answerer)));
        for (const u of likers) {
          await tx.execute(sql`INSERT INTO answer_reactions (answer_id, user_id, value)
            VALUES (${answerId!}, ${u}, ${r.next() < 0.85 ? 1 : -1}) ON CONFLICT DO NOTHING`);
        }
      }
    }
  }
}

/** The discussion counters, from the rows. */
async function recountDiscussions(tx: Tx): Promise<void> {
  await tx.execute(sql`UPDATE reviews v SET useful = s.up, not_useful = s.down
    FROM (SELECT review_id, count(*) FILTER (WHERE value = 1)::int AS up, count(*) FILTER (WHERE value = -1)::int AS down
      FROM review_reactions GROUP BY review_id) s WHERE v.id = s.review_id`);
  await tx.execute(sql`UPDATE reviews v SET comments = s.n
    FROM (SELECT review_id, count(*)::int AS n FROM review_comments GROUP BY review_id) s WHERE v.id = s.review_id`);
  await tx.execute(sql`UPDATE review_comments c SET replies = s.n
    FROM (SELECT comment_id, count(*)::int AS n FROM comment_replies GROUP BY comment_id) s WHERE c.id = s.comment_id`);
  await tx.execute(sql`UPDATE questions q SET answers = s.n
    FROM (SELECT question_id, count(*)::int AS n FROM answers GROUP BY question_id) s WHERE q.id = s.question_id`);
  await tx.execute(sql`UPDATE answers a SET likes = s.up, dislikes = s.down
    FROM (SELECT answer_id, count(*) FILTER (WHERE value = 1)::int AS up, count(*) FILTER (WHERE value = -1)::int AS down
      FROM answer_reactions GROUP BY answer_id) s WHERE a.id = s.answer_id`);
}
