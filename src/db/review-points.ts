/**
 * Summaries with receipts (issue 22): the points each review makes, what it praises or criticises about a
 * phone, read from its title, text and updates when it is written, and counted over a product's visible reviews.
 *
 * The method (stated on /how-reviews-work): the text is cut into sentences (Intl.Segmenter) and each sentence
 * into clauses at "but", "however", "although" and the like. A clause that names a topic (words per topic below),
 * or follows one that did in the same sentence, gets the AFINN-165 sentiment score of its words (the `sentiment`
 * package) with a phone lexicon on top ("laggy", "heats", "sturdy"), a word after "not", "no", "never" or
 * "without" counting the other way. A review praises a topic when its clauses about it add up above zero and
 * criticises it below zero; no model, no outside service.
 */
import { createRequire } from 'node:module';
import { type SQL, sql } from 'drizzle-orm';
import Sentiment from 'sentiment';
import { type Executor, rows } from './sql.ts';
import type { Db } from './client.ts';
import { ASPECTS } from '../shared/community-constants.ts';
import type { ReviewPoints } from '../shared/community-api.ts';
import {
  MIN_REVIEWS_FOR_POINTS,
  POINT_MIN_REVIEWS,
  POINT_TOPICS,
  POINTS_PER_TONE,
  type PointTone,
  type PointTopic,
  type ReviewPoint,
} from '../shared/review-points.ts';

/** Raised whenever the words or the method change: every review is read again at the next start. */
export const POINTS_VERSION = 1;

/** The words that name each topic, as whole words (a trailing * takes any ending). */
const TOPIC_WORDS: Record<PointTopic, string> = {
  build:
    'build|built|sturdy|durable|durability|flimsy|plastic|metal|aluminium|aluminum|glass|frame|scratch*|dent*',
  water: 'water|waterproof|dust|ip5*|ip6*|splash*|rain',
  unlock: 'fingerprint|face unlock|unlock*|biometric*',
  camera: 'camera*|photo*|picture*|selfie*|video*|lens*|zoom|portrait*|night mode',
  display: 'display*|screen*|amoled|oled|lcd|brightness|refresh rate|resolution',
  software: 'software|ui|os|android|update*|bloatware|ads|bugs|buggy|skin',
  sound: 'speaker*|sound|audio|volume|earpiece',
  network: 'network|signal*|5g|4g|wifi|wi-fi|call quality|call drops|dropped calls|reception',
  design: 'design*|looks|colou?r*|finish|stylish|sleek|premium|beautiful|ugly',
  size: 'weight|heavyweight|lightweight|light weight|size|compact|bulky|thin|slim|thick|grip|one hand*|one-hand*',
  battery: 'battery|batteries|backup|mah|screen on time|screen-on time',
  charging: 'charg*|charger',
  speed: 'speed|smooth*|lag*|snappy|sluggish|stutter*|processor|chipset|performance|multitask*|hang*',
  gaming: 'gaming|game*|bgmi|pubg|fps',
  heating: 'heat*|hot|warm*|overheat*|temperature*|thermal*',
};

const pattern = (words: string) =>
  new RegExp(
    `\\b(?:${words
      .split('|')
      .map((w) => w.replace(/\*$/, '\\w*').replace(/ /g, '\\s+'))
      .join('|')})\\b`,
    'i',
  );
const TOPICS = POINT_TOPICS.map((t) => ({ key: t.key, pattern: pattern(TOPIC_WORDS[t.key]) }));

/** Phone reviewers' words AFINN-165 lacks or scores otherwise (-5 to 5). */
const PHONE_WORDS: Record<string, number> = {
  lag: -2,
  lags: -2,
  laggy: -3,
  lagging: -2,
  stutter: -2,
  stutters: -2,
  hangs: -2,
  sluggish: -2,
  slow: -2,
  smooth: 2,
  snappy: 2,
  fast: 1,
  quick: 1,
  drains: -2,
  drain: -2,
  heat: -1,
  heats: -2,
  heating: -1,
  overheats: -3,
  overheating: -3,
  hot: -1,
  sturdy: 2,
  solid: 2,
  durable: 2,
  flimsy: -2,
  cheap: -1,
  fragile: -2,
  premium: 2,
  sleek: 2,
  stylish: 2,
  crisp: 2,
  vivid: 2,
  sharp: 1,
  blurry: -2,
  grainy: -2,
  washed: -1,
  dim: -2,
  loud: 1,
  tinny: -2,
  muffled: -2,
  bloatware: -2,
  buggy: -2,
  bulky: -2,
  lightweight: 2,
  slim: 1,
  compact: 1,
  excellent: 3,
  easily: 1,
  decent: 1,
  average: -1,
  mediocre: -2,
  poor: -2,
};

/** Words that turn the next two words' sentiment around ("not good", "no lag", "never heats up"). */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'without',
  'hardly',
  'barely',
  'nor',
  "don't",
  'dont',
  "doesn't",
  'doesnt',
  "didn't",
  'didnt',
  "isn't",
  'isnt',
  "wasn't",
  'wasnt',
  "can't",
  'cant',
  'cannot',
  "won't",
  'wont',
]);

const LANGUAGE = 'en-phone';
const sentiment = new Sentiment();
const afinn = createRequire(import.meta.url)('sentiment/languages/en/labels.json') as Record<string, number>;
sentiment.registerLanguage(LANGUAGE, {
  labels: { ...afinn, ...PHONE_WORDS },
  scoringStrategy: {
    apply: (tokens, cursor, score) =>
      NEGATORS.has(tokens[cursor - 1] ?? '') || NEGATORS.has(tokens[cursor - 2] ?? '') ? -score : score,
  },
});

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Where a sentence turns: each side speaks for itself ("Great camera but the battery drains"). */
const TURNS = /\b(?:but|however|although|though|whereas|except|yet)\b|[;:–—]/i;

/** The points a review's texts make: each topic it speaks of, praised or criticised. */
export function readPoints(texts: readonly string[]): ReviewPoint[] {
  const score = new Map<PointTopic, number>();
  for (const text of texts)
    for (const { segment } of sentences.segment(text)) {
      // A clause that names no topic goes on about the one before it ("the camera is fine but struggles at night").
      let named: typeof TOPICS = [];
      for (const clause of segment.split(TURNS)) {
        const own = TOPICS.filter((t) => t.pattern.test(clause));
        if (own.length) named = own;
        if (!named.length) continue;
        const s = sentiment.analyze(clause, { language: LANGUAGE }).score;
        for (const t of named) score.set(t.key, (score.get(t.key) ?? 0) + s);
      }
    }
  return [...score]
    .filter(([, s]) => s !== 0)
    .map(([topic, s]) => ({ topic, tone: s > 0 ? 'praised' : 'criticised' }));
}

/** How review_points stores a tone. */
export const TONE_VALUE = { praised: 1, criticised: -1 } as const;

/** A PostgreSQL array literal of numbers or plain words (topic keys), sent as one parameter. */
const toArray = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/**
 * Reads again, in `tx`, the points of the reviews `ids` (their title, text and updates as they are now): called
 * wherever a review's text or updates change, in the same transaction, so its points always match its words.
 */
export async function refreshPoints(tx: Executor, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const list = toArray(ids);
  const found = await rows<{ id: number; summary: string; description: string; updates: string[] | null }>(
    tx,
    sql`SELECT r.id, r.summary, r.description,
        (SELECT array_agg(ru.body ORDER BY ru.id) FROM review_updates ru WHERE ru.review_id = r.id) AS updates
      FROM reviews r WHERE r.id = ANY(${list}::int[])`,
  );
  await countPoints(tx, ids, -1);
  await tx.execute(sql`DELETE FROM review_points WHERE review_id = ANY(${list}::int[])`);
  const points = found.flatMap((r) =>
    readPoints([r.summary, r.description, ...(r.updates ?? [])]).map((p) => ({ review: r.id, ...p })),
  );
  if (points.length)
    await tx.execute(sql`INSERT INTO review_points (review_id, topic, tone)
      SELECT * FROM unnest(${toArray(points.map((p) => p.review))}::int[],
        ${toArray(points.map((p) => p.topic))}::text[], ${toArray(points.map((p) => TONE_VALUE[p.tone]))}::int[])`);
  await countPoints(tx, ids, 1);
  await tx.execute(
    sql`UPDATE reviews SET points_version = ${POINTS_VERSION}
      WHERE id = ANY(${list}::int[]) AND points_version <> ${POINTS_VERSION}`,
  );
}

/**
 * Adds (`sign` 1) or takes away (-1) the points of the reviews `ids` to their products' counts (product_points),
 * those of visible reviews only unless `hiddenToo` (a review being hidden or restored). Relative updates, taken
 * in one order (product, topic, tone) by every writer, so concurrent writers neither lose a change nor deadlock.
 */
export async function countPoints(
  tx: Executor,
  ids: readonly number[],
  sign: 1 | -1,
  hiddenToo = false,
): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`INSERT INTO product_points (product_id, topic, tone, reviews)
    SELECT r.product_id, p.topic, p.tone, ${sign}::int * count(*)::int FROM review_points p
    JOIN reviews r ON r.id = p.review_id
    WHERE p.review_id = ANY(${toArray(ids)}::int[]) ${hiddenToo ? sql`` : sql`AND r.hidden_at IS NULL`}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (product_id, topic, tone) DO UPDATE SET reviews = product_points.reviews + EXCLUDED.reviews`);
}

/** Every product's point counts from the rows (bulk loads and regrouping; `only`: a subquery of product ids). */
export async function recountPoints(db: Executor, only?: SQL): Promise<void> {
  await db.execute(sql`DELETE FROM product_points ${only ? sql`WHERE product_id IN ${only}` : sql``}`);
  await db.execute(sql`INSERT INTO product_points (product_id, topic, tone, reviews)
    SELECT r.product_id, p.topic, p.tone, count(*)::int FROM review_points p JOIN reviews r ON r.id = p.review_id
    WHERE r.hidden_at IS NULL ${only ? sql`AND r.product_id IN ${only}` : sql``}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
}

/**
 * The reviews written before this method, or read by an older version of it, read now, a batch at a time, until
 * none is left or `limit` have been read; answers how many were read. Each batch is claimed with SKIP LOCKED, so
 * several nodes reading at once share the work instead of reading the same reviews.
 */
export async function refreshStalePoints(
  db: Db,
  limit = Number.POSITIVE_INFINITY,
  batch = 500,
): Promise<number> {
  let done = 0;
  while (done < limit) {
    const read = await db.transaction(async (tx) => {
      const stale = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM reviews WHERE points_version <> ${POINTS_VERSION}
          ORDER BY id LIMIT ${Math.min(batch, limit - done)} FOR UPDATE SKIP LOCKED`,
      );
      if (stale.length)
        await refreshPoints(
          tx,
          stale.map((r) => r.id),
        );
      return stale.length;
    });
    if (!read) break;
    done += read;
  }
  return done;
}

/**
 * A product's points: for each aspect, the topics most reviews praise and criticise (at least POINT_MIN_REVIEWS
 * each, POINTS_PER_TONE at most), out of its `visible` reviews; null below MIN_REVIEWS_FOR_POINTS of them.
 */
export async function productPoints(db: Executor, productId: number, visible: number): Promise<ReviewPoints> {
  if (visible < MIN_REVIEWS_FOR_POINTS) return null;
  // A few rows off the primary key (decision 0034), ordered here: most made first, then by topic.
  const counted = (
    await rows<{ topic: PointTopic; tone: number; n: number }>(
      db,
      sql`SELECT topic, tone, reviews AS n FROM product_points
        WHERE product_id = ${productId} AND reviews >= ${POINT_MIN_REVIEWS}`,
    )
  ).sort((a, b) => b.n - a.n || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const of = (aspect: string, tone: PointTone) =>
    counted
      .filter(
        (c) =>
          c.tone === TONE_VALUE[tone] && POINT_TOPICS.some((t) => t.key === c.topic && t.aspect === aspect),
      )
      .slice(0, POINTS_PER_TONE)
      .map((c) => ({ topic: c.topic, reviews: c.n }));
  return {
    reviews: visible,
    aspects: ASPECTS.map((a) => ({
      aspect: a.key,
      praised: of(a.key, 'praised'),
      criticised: of(a.key, 'criticised'),
    })),
  };
}
