/**
 * Summaries with receipts (issue 22): what each review praises and criticises, read from its words when it is
 * written, edited or updated; a product's points from 10 visible reviews, each count equal to the reviews its
 * link lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewsPage } from '../../../shared/community-api.ts';
import { pointParam, type ReviewPoint } from '../../../shared/review-points.ts';
import { readPoints, refreshStalePoints } from '../../../db/review-points.ts';
import { recountReviewStats } from '../../../db/review-stats.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { type Member, member } from '../../../test/community.ts';
import { countersEqualRows } from '../../../test/counters.ts';

let t: TestContext;
let freshIds: number[] = [];
const { get, post, del } = requests(() => t, '/platform/api/v1');

beforeAll(async () => {
  t = await createTestApp();
  const found = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id LIMIT 5`,
  );
  freshIds = found.map((r) => r.id);
});
afterAll(() => t.close());

const fresh = () => freshIds.shift()!;

describe('reading a review’s points', () => {
  const points = (...texts: string[]) =>
    Object.fromEntries(readPoints(texts).map((p) => [p.topic, p.tone] as const));

  it('finds each topic a clause names and whether its words praise or criticise it', () => {
    expect(points('Great camera but the battery drains fast.')).toEqual({
      camera: 'praised',
      battery: 'criticised',
    });
    expect(points('The display is bright and crisp; the speakers are tinny.')).toEqual({
      display: 'praised',
      sound: 'criticised',
    });
    expect(points('Build feels cheap and flimsy.', 'Looks premium and it is lightweight.')).toEqual({
      build: 'criticised',
      design: 'praised',
      size: 'praised',
    });
  });

  it('turns a word after a negation around, and adds up what several sentences say of one topic', () => {
    expect(points('The camera is not good in low light.')).toEqual({ camera: 'criticised' });
    expect(points('No lag at all.', 'It never heats up.')).toEqual({ speed: 'praised', heating: 'praised' });
    expect(points('The battery is excellent.', 'The battery is a bit poor in games.')).toMatchObject({
      battery: 'praised',
    });
  });

  it('says nothing of a topic it names without a feeling, or of feelings about no topic', () => {
    expect(points('The battery is 5000 mAh.', 'I love it, wonderful!')).toEqual({});
    // A word of one topic's in another's sentence names nothing: "heavy use", "long calls", "photos look".
    expect(points('Battery easily lasts a full day of heavy use.')).toEqual({ battery: 'praised' });
    expect(points('Heats up during long calls.')).toEqual({ heating: 'criticised' });
    expect(points('Camera photos look washed out.')).toEqual({ camera: 'criticised' });
  });

  it('reads a clause that names no topic as going on about the one before it', () => {
    // Fine, then struggles: the camera is neither praised nor criticised.
    expect(points('Camera is fine in daylight but struggles at night.')).toEqual({});
    expect(points('The display is dim, although it is sharp and vivid.')).toEqual({ display: 'praised' });
  });
});

const body = (summary: string, description: string, extra: object = {}) => ({
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary,
  description,
  ...extra,
});

const page = async (productId: number, search = ''): Promise<ReviewsPage> => {
  const res = await get(`/product/${productId}/reviews?size=50${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The product's points as "topic.tone" → count, each checked against the reviews its link lists. */
async function pointsOf(productId: number): Promise<Record<string, number> | null> {
  const { summary } = await page(productId);
  if (!summary.points) return null;
  const counts: Record<string, number> = {};
  for (const a of summary.points.aspects)
    for (const tone of ['praised', 'criticised'] as const)
      for (const p of a[tone]) {
        const point: ReviewPoint = { topic: p.topic, tone };
        const linked = await page(productId, `&point=${pointParam(point)}`);
        // The count is the reviews the link lists, and each of them makes the point.
        expect(linked.total).toBe(p.reviews);
        expect(linked.items).toHaveLength(p.reviews);
        for (const r of linked.items)
          expect(readPoints([r.summary, r.description, ...r.updates.map((u) => u.text)])).toContainEqual(
            point,
          );
        counts[pointParam(point)] = p.reviews;
      }
  return counts;
}

describe('a product’s points', () => {
  let productId: number;
  const writers: Member[] = [];
  const ids: number[] = [];

  beforeAll(async () => {
    productId = fresh();
    const texts = [
      ...Array.from({ length: 5 }, () => [
        'Battery champion',
        'The battery life is excellent, two days easily.',
      ]),
      ...Array.from({ length: 3 }, () => ['Drains quickly', 'Poor battery, it drains by evening.']),
      ['Camera star', 'The camera is superb in daylight and the battery is great too.'],
      ['Nothing to say', 'I use it for calls and messages every day.'],
    ];
    for (const [summary, description] of texts) {
      const who = await member(t);
      const res = await post(`/product/${productId}/review`, body(summary!, description!), who.headers);
      expect(res.statusCode, res.body).toBe(201);
      writers.push(who);
      ids.push(res.json().review.id);
    }
  });

  it('shows from 10 visible reviews, each point counting the reviews its link lists', async () => {
    expect(await pointsOf(productId)).toEqual({ 'battery.praised': 6, 'battery.criticised': 3 });
    const { summary } = await page(productId);
    expect(summary.points!.reviews).toBe(10);
    // Under its aspect, most made first; a point made once (the camera) is not shown.
    const performance = summary.points!.aspects.find((a) => a.aspect === 'performance')!;
    expect(performance.praised).toEqual([{ topic: 'battery', reviews: 6 }]);
    expect(summary.points!.aspects.find((a) => a.aspect === 'features')).toEqual({
      aspect: 'features',
      praised: [],
      criticised: [],
    });
    // The rows behind the counts.
    const [rowsNow] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM review_points p JOIN reviews r ON r.id = p.review_id
        WHERE r.product_id = ${productId} AND p.topic = 'battery' AND p.tone = 1`,
    );
    expect(rowsNow!.n).toBe(6);
  });

  it('leaves out a review a moderator hides, and takes it back when restored', async () => {
    const mod = await member(t, { role: 'moderator' });
    const act = async (action: 'hide' | 'restore') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/moderation/api/v1/actions',
        payload: { target_type: 'review', target_id: ids[0], action, reason: 'Checking the points.' },
        headers: mod.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // An eleventh review, so that ten stay visible with one hidden.
    const eleventh = await member(t);
    const posted = await post(
      `/product/${productId}/review`,
      body('Just a phone', 'It makes calls and sends messages.'),
      eleventh.headers,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    await act('hide');
    expect(await pointsOf(productId)).toEqual({ 'battery.praised': 5, 'battery.criticised': 3 });
    expect((await page(productId)).summary.points!.reviews).toBe(10);
    await act('restore');
    expect(await pointsOf(productId)).toEqual({ 'battery.praised': 6, 'battery.criticised': 3 });
    expect((await del(`/product/review/${posted.json().review.id}`, eleventh.headers)).statusCode).toBe(200);
  });

  it('moves when a review is edited, updated or deleted', async () => {
    // A critic changes their mind in an edit; another adds an update that praises the camera.
    const edited = await post(
      `/product/${productId}/review`,
      body('Better after an update', 'The battery is great now and the camera is lovely.'),
      writers[5]!.headers,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const updated = await post(
      `/product/review/${ids[9]}/updates`,
      { text: 'Six months on, the camera is still excellent.' },
      writers[9]!.headers,
    );
    expect(updated.statusCode, updated.body).toBe(201);
    expect(await pointsOf(productId)).toEqual({
      'battery.praised': 7,
      'battery.criticised': 2,
      'camera.praised': 3,
    });
    // Below 10 visible reviews there is no summary.
    expect((await del(`/product/review/${ids[0]}`, writers[0]!.headers)).statusCode).toBe(200);
    expect(await pointsOf(productId)).toBeNull();
  });

  it('answers 400 for a point that is not a topic and a tone', async () => {
    for (const bad of ['battery', 'battery.loved', 'kettle.praised', 'battery.praised.x']) {
      const res = await get(`/product/${productId}/reviews?point=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: "Invalid query parameter 'point': must be a topic and praised or criticised",
      });
    }
  });

  it('keeps each product’s stored point counts equal to its visible reviews’ points throughout', async () => {
    // After the posts, the hiding and restoring, the edits, the update and the deletions above.
    expect(await countersEqualRows(t.database.db)).toEqual([]);
  });

  it('reads at start-up the reviews an older method read, or none read', async () => {
    // One review as if written before the method: no points, so none counted (the recount of bulk loads).
    await query(t.database, `DELETE FROM review_points WHERE review_id = ${ids[1]}`);
    await recountReviewStats(t.database.db);
    await query(t.database, `UPDATE reviews SET points_version = 0 WHERE id IN (${ids[1]}, ${ids[2]})`);
    expect(await refreshStalePoints(t.database.db)).toBe(2);
    expect(await refreshStalePoints(t.database.db)).toBe(0);
    const [back] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM review_points WHERE review_id = ${ids[1]}`,
    );
    expect(back!.n).toBe(1);
    expect(await countersEqualRows(t.database.db)).toEqual([]);
  });
});
