/**
 * Reviews whose points an older method read (or none): start-up reads a bounded number, the rest are read in
 * the background by every node at once without reading a review twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { POINTS_VERSION, refreshStalePoints } from '../../db/review-points.ts';
import { recountReviewStats } from '../../db/review-stats.ts';
import { createTestApp, query, type TestContext } from '../../test/app.ts';
import { member } from '../../test/community.ts';
import { countersEqualRows } from '../../test/counters.ts';
import { StalePoints } from './stale-points.ts';

const REVIEWS = 260;
let t: TestContext;
let second: Database;
/** What the readers logged as failures. */
const warnings: object[] = [];
/** How many reviews each reader said it read when it finished. */
const reads: number[] = [];
const log = {
  info: (obj: object) => void reads.push((obj as { read: number }).read),
  warn: (obj: object) => void warnings.push(obj),
};

beforeAll(async () => {
  t = await createTestApp();
  second = await t.reopenDatabase();
  const writer = await member(t);
  // Each review praises the camera and criticises the battery; none has its points read yet.
  await query(
    t.database,
    `INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel, performance,
       summary, description, points_version)
     SELECT id, ${writer.id}, 8, 8, 8, 8, 8, 'Great camera', 'The battery drains fast.', 0
     FROM products WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = products.id)
     ORDER BY id LIMIT ${REVIEWS}`,
  );
  await query(t.database, `UPDATE reviews SET points_version = 0`);
  // As bulk loads do: the products' counters from the rows.
  await recountReviewStats(t.database.db);
});
afterAll(async () => {
  if (second !== t?.database) await second?.close();
  await t?.close();
});

const stale = async () =>
  (
    await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reviews WHERE points_version <> ${POINTS_VERSION}`,
    )
  )[0]!.n;

describe('stale review points', () => {
  it('reads no more than the limit it is given', async () => {
    const before = await stale();
    expect(before).toBeGreaterThanOrEqual(REVIEWS);
    expect(await refreshStalePoints(t.database.db, 30)).toBe(30);
    expect(await stale()).toBe(before - 30);
  });

  it('reads the rest in the background on two nodes at once, each review once', async () => {
    const left = await stale();
    const nodes = [new StalePoints(t.database.db, log), new StalePoints(second.db, log)];
    for (const node of nodes) node.start();
    await expect.poll(stale, { timeout: 30_000, interval: 100 }).toBe(0);
    await Promise.all(nodes.map((n) => n.stop()));
    // Every review of the batch: the camera praised and the battery criticised, once each.
    const [twice] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM (SELECT review_id, topic FROM review_points
         GROUP BY review_id, topic HAVING count(*) > 1) d`,
    );
    expect(twice!.n).toBe(0);
    // The primary key would refuse a second copy anyway: what shows that the nodes shared the work is that
    // neither failed a batch on the other's rows…
    expect(warnings).toEqual([]);
    // Nor read the same reviews: between them, each stale review once.
    expect(reads.reduce((a, b) => a + b, 0)).toBe(left);
    const [read] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reviews r WHERE r.summary = 'Great camera'
         AND (SELECT count(*) FROM review_points p WHERE p.review_id = r.id) = 2`,
    );
    expect(read!.n).toBe(REVIEWS);
    expect(await countersEqualRows(t.database.db)).toEqual([]);
  });

  it('stops at once when the server stops', async () => {
    await query(t.database, `UPDATE reviews SET points_version = 0`);
    const node = new StalePoints(t.database.db, log);
    node.start();
    const started = Date.now();
    await node.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stale()).toBeGreaterThan(0);
  });
});
