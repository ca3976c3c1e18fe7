/**
 * An existing database upgrades in place (issue 18): a database from before migration 0013, whose variants were
 * products of their own with reviews, questions, upvotes, views and reports, starts once and has one model per
 * phone, every row still there and every counter equal to its rows. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (CI runs both).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersEqualRows } from '../../test/counters.ts';
import { type MigrationDatabase, migrationDatabase } from '../../test/migration-database.ts';
import type { Database } from '../client.ts';
import { prepareDatabase } from '../prepare.ts';
import { rows } from '../sql.ts';
import { catalogueVersion, importCatalogue, readCatalogue } from './import.ts';
import { planRegroup } from './regroup.ts';

let migrations: MigrationDatabase;
let database: Database;

beforeAll(async () => {
  migrations = await migrationDatabase(/_models$/);
  database = migrations.database;
}, 60_000);
afterAll(() => migrations.close());

const q = <T>(text: string) => rows<T>(database.db, sql.raw(text));
const one = async <T>(text: string) => (await q<T>(text))[0]!;

/** Builds the old database: six Samsung variant pages and their community. Returns the ids. */
async function oldDatabase() {
  await migrations.migrateBefore();
  await q(`INSERT INTO categories (id, name) VALUES ('C001', 'Mobile Devices')`);
  const { id: brand } = await one<{ id: number }>(
    `INSERT INTO brands (category_id, name) VALUES ('C001', 'Samsung') RETURNING id`,
  );
  const page = async (model: string, variant: string, price: number, views: number, verified = true) =>
    (
      await one<{ id: number }>(`INSERT INTO products (category_id, brand_id, model, variant, price, verified,
          attributes, search_text, views)
        VALUES ('C001', ${brand}, '${model}', '${variant}', ${price}, ${verified}, '{}', 'samsung', ${views})
        RETURNING id`)
    ).id;
  const a = await page('Galaxy M17 5G', '4GB RAM + 128GB', 12499, 100);
  const b = await page('Galaxy M17 5G', '6GB RAM + 128GB', 13999, 50);
  const c = await page('Galaxy M17 5G', '8GB RAM + 128GB', 15499, 10);
  const rumoured = await page('Galaxy M35', '8GB RAM + 128GB', 22999, 7, false);
  const e = await page('Galaxy S24 FE', '8GB RAM + 256GB', 38888, 3);
  const f = await page('Galaxy S24 FE 5G', '8GB RAM + 128GB', 33885, 4);
  // A page kept as it is, whose model gains a variant from the newer price list.
  const g = await page('Galaxy M14 4G', '4GB RAM + 64GB', 8499, 1);
  const users: number[] = [];
  for (let i = 1; i <= 5; i++) {
    users.push(
      (
        await one<{ id: number }>(`INSERT INTO users (username, first_name, last_name, email)
          VALUES ('old_${i}', 'Old', 'User', 'old${i}@example.com') RETURNING id`)
      ).id,
    );
  }
  const [u1, u2, u3, u4, u5] = users as [number, number, number, number, number];
  const review = (product: number, user: number, overall: number, daysAgo: number, hidden = false) =>
    q(`INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel, performance,
        summary, description, created_at, hidden_at, hidden_reason)
      VALUES (${product}, ${user}, ${overall}, 6, 7, 8, 9, 'Summary', 'A description of the phone.',
        now() - interval '${daysAgo} days', ${hidden ? "now(), 'spam'" : 'NULL, NULL'})`);
  await review(a, u1, 8, 30);
  await review(b, u1, 6, 20); // the same author on a second variant: both stay
  await review(b, u2, 9, 25);
  await review(c, u3, 2, 10, true); // hidden: out of the counters
  await review(c, u4, 10, 5);
  await review(rumoured, u5, 4, 3);
  await review(e, u2, 7, 2);
  await review(f, u3, 5, 1);
  await review(g, u1, 7, 1);
  const { id: q1 } = await one<{ id: number }>(
    `INSERT INTO questions (product_id, user_id, body, answers) VALUES (${b}, ${u1}, 'Does it have NFC?', 2)
     RETURNING id`,
  );
  await q(
    `INSERT INTO answers (question_id, user_id, body) VALUES (${q1}, ${u2}, 'No.'), (${q1}, ${u3}, 'No NFC.')`,
  );
  await q(`INSERT INTO questions (product_id, user_id, body) VALUES (${c}, ${u2}, 'Is 8 GB worth it?')`);
  await q(`INSERT INTO product_upvotes (product_id, user_id, created_at) VALUES
    (${a}, ${u1}, '2025-01-01T00:00:00Z'), (${b}, ${u1}, '2025-02-01T00:00:00Z'), (${c}, ${u2}, now()),
    (${rumoured}, ${u3}, now())`);
  await q(`INSERT INTO product_views_daily (product_id, day, views) VALUES
    (${a}, current_date - 1, 5), (${b}, current_date - 1, 3), (${c}, current_date - 2, 2)`);
  await q(`INSERT INTO reports (reporter_id, target_type, target_id, reason_id, created_at) VALUES
    (${u4}, 'product', ${a}, 1, now() - interval '2 days'), (${u4}, 'product', ${b}, 1, now() - interval '1 day')`);
  await q(`INSERT INTO reports (reporter_id, target_type, target_id, reason_id, status, outcome, resolved_at)
    VALUES (${u5}, 'product', ${c}, 2, 'resolved', 'action_taken', now())`);
  await q(
    `UPDATE products SET flagged_at = '2025-06-01T00:00:00Z', flag_reason = 'Wrong battery size' WHERE id = ${b}`,
  );
  // The old code kept the counters right (as its recount did, before the columns of later migrations).
  await q(`UPDATE products p SET total_reviews = coalesce(s.n, 0), rating_sum = coalesce(s.total, 0),
      rating_value = coalesce(round((s.total::numeric / s.n) / 2, 2), 0),
      build_quality_sum = coalesce(s.bq, 0), features_sum = coalesce(s.fe, 0),
      look_and_feel_sum = coalesce(s.lf, 0), performance_sum = coalesce(s.pe, 0),
      stars_1 = coalesce(s.s1, 0), stars_2 = coalesce(s.s2, 0), stars_3 = coalesce(s.s3, 0),
      stars_4 = coalesce(s.s4, 0), stars_5 = coalesce(s.s5, 0), updated_at = greatest(p.created_at, s.last)
    FROM products q LEFT JOIN (SELECT product_id, count(*)::int AS n, sum(overall)::int AS total,
        sum(build_quality)::int AS bq, sum(features)::int AS fe, sum(look_and_feel)::int AS lf,
        sum(performance)::int AS pe, count(*) FILTER (WHERE star = 1)::int AS s1,
        count(*) FILTER (WHERE star = 2)::int AS s2, count(*) FILTER (WHERE star = 3)::int AS s3,
        count(*) FILTER (WHERE star = 4)::int AS s4, count(*) FILTER (WHERE star = 5)::int AS s5,
        max(coalesce(updated_at, created_at)) AS last
      FROM reviews WHERE hidden_at IS NULL GROUP BY product_id) s ON s.product_id = q.id
    WHERE p.id = q.id`);
  await q(
    `UPDATE products p SET upvotes = (SELECT count(*) FROM product_upvotes u WHERE u.product_id = p.id)`,
  );
  return { a, b, c, rumoured, e, f, g, users };
}

/** Every row the upgrade must keep, as comparable text. */
async function snapshot() {
  return {
    products: await q(`SELECT * FROM products ORDER BY id`),
    variants: await q(`SELECT * FROM product_variants ORDER BY id`),
    reviews: await q(`SELECT * FROM reviews ORDER BY id`),
    questions: await q(`SELECT * FROM questions ORDER BY id`),
    upvotes: await q(`SELECT * FROM product_upvotes ORDER BY product_id, user_id`),
    views: await q(`SELECT * FROM product_views_daily ORDER BY product_id, day`),
    reports: await q(`SELECT * FROM reports ORDER BY id`),
  };
}

describe('an existing database upgrades in place (issue 18)', () => {
  it('regroups variant pages into models at start, keeping every review, question, vote, view and report', async () => {
    const old = await oldDatabase();
    const { a, b, c, rumoured, e, f, g, users } = old;
    const [u1, u2, u3, u4, u5] = users as [number, number, number, number, number];

    const progress: string[] = [];
    const started = await prepareDatabase(database, {
      seedDemo: false,
      articles: [],
      progress: (m) => progress.push(m),
    });
    // The catalogue's version was unknown: the import ran, and regrouped.
    expect(started.imported).toMatchObject({ merged: 3, hidden: 1 });
    expect(progress.some((m) => m.startsWith('importing the catalogue'))).toBe(true);

    // One model for the three M17 pages, kept under the smallest id; the emptied pages are gone.
    const m17 = await one<
      Record<string, unknown>
    >(`SELECT id, model, model_key, variant_count, default_variant_id,
        price, price_max, hidden, verified, views, upvotes, total_reviews, rating_sum, flagged_at IS NOT NULL AS flagged,
        flag_reason FROM products WHERE model_key = 'samsung|galaxym17'`);
    expect(m17).toEqual({
      id: a,
      model: 'Galaxy M17 5G',
      model_key: 'samsung|galaxym17',
      variant_count: 3,
      default_variant_id: a,
      price: 12499,
      price_max: 15499,
      hidden: false,
      verified: true,
      views: 160,
      upvotes: 2,
      total_reviews: 4,
      rating_sum: 8 + 6 + 9 + 10,
      flagged: true,
      flag_reason: 'Wrong battery size',
    });
    expect(await q(`SELECT id FROM products WHERE id IN (${b}, ${c})`)).toEqual([]);
    expect(
      await q(`SELECT id, product_id FROM product_variants WHERE id IN (${a}, ${b}, ${c}) ORDER BY id`),
    ).toEqual([
      { id: a, product_id: a },
      { id: b, product_id: a },
      { id: c, product_id: a },
    ]);

    // Every review is still there: each says which variant its author owns; one author's second is a duplicate.
    expect(
      await q(`SELECT user_id, product_id, variant_id, merged_duplicate, hidden_at IS NOT NULL AS hidden
        FROM reviews ORDER BY id`),
    ).toEqual([
      { user_id: u1, product_id: a, variant_id: a, merged_duplicate: false, hidden: false },
      { user_id: u1, product_id: a, variant_id: b, merged_duplicate: true, hidden: false },
      { user_id: u2, product_id: a, variant_id: b, merged_duplicate: false, hidden: false },
      { user_id: u3, product_id: a, variant_id: c, merged_duplicate: false, hidden: true },
      { user_id: u4, product_id: a, variant_id: c, merged_duplicate: false, hidden: false },
      { user_id: u5, product_id: rumoured, variant_id: null, merged_duplicate: false, hidden: false },
      { user_id: u2, product_id: e, variant_id: e, merged_duplicate: false, hidden: false },
      { user_id: u3, product_id: e, variant_id: f, merged_duplicate: false, hidden: false },
      { user_id: u1, product_id: g, variant_id: g, merged_duplicate: false, hidden: false },
    ]);
    expect(await one(`SELECT id, variant_count FROM products WHERE model_key = 'samsung|galaxym14'`)).toEqual(
      {
        id: g,
        variant_count: 2,
      },
    );
    // Questions moved, their answers with them.
    expect(
      await q(`SELECT q.product_id, q.answers, (SELECT count(*)::int FROM answers x WHERE x.question_id = q.id) AS rows
        FROM questions q ORDER BY q.id`),
    ).toEqual([
      { product_id: a, answers: 2, rows: 2 },
      { product_id: a, answers: 0, rows: 0 },
    ]);
    // One upvote per user (the earliest), daily views added up per day.
    expect(
      await q(`SELECT product_id, user_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
        FROM product_upvotes ORDER BY product_id, user_id`),
    ).toEqual(
      [
        { product_id: a, user_id: u1, day: '2025-01-01' },
        { product_id: a, user_id: u2, day: expect.any(String) },
        { product_id: rumoured, user_id: u3, day: expect.any(String) },
      ].sort((x, y) => x.product_id - y.product_id || x.user_id - y.user_id),
    );
    expect(
      await q(
        `SELECT product_id, current_date - day AS ago, views FROM product_views_daily ORDER BY day DESC`,
      ),
    ).toEqual([
      { product_id: a, ago: 1, views: 8 },
      { product_id: a, ago: 2, views: 2 },
    ]);
    // Reports follow their product; the same reporter's second open report is resolved, not lost.
    expect(await q(`SELECT reporter_id, target_id, status, outcome FROM reports ORDER BY id`)).toEqual([
      { reporter_id: u4, target_id: a, status: 'open', outcome: null },
      { reporter_id: u4, target_id: a, status: 'resolved', outcome: 'no_action' },
      { reporter_id: u5, target_id: a, status: 'resolved', outcome: 'action_taken' },
    ]);

    // The rumoured page is hidden, never deleted; its review and upvote stay.
    expect(await one(`SELECT hidden, total_reviews, upvotes FROM products WHERE id = ${rumoured}`)).toEqual({
      hidden: true,
      total_reviews: 1,
      upvotes: 1,
    });
    // The two S24 FE pages (two model names, one key) are one model.
    expect(
      await one(
        `SELECT id, model, variant_count, total_reviews FROM products WHERE model_key = 'samsung|galaxys24fe'`,
      ),
    ).toEqual({ id: e, model: 'Galaxy S24 FE 5G', variant_count: 2, total_reviews: 2 });

    // Every old address resolves to its model; the rumoured one to nothing.
    for (const [id, model] of [
      [a, a],
      [b, a],
      [c, a],
      [e, e],
      [f, e],
      [g, g],
      [rumoured, undefined],
    ] as const) {
      const resolved = await q<{
        id: number;
      }>(`SELECT p.id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id = ${id} AND NOT p.hidden`);
      expect(resolved[0]?.id).toBe(model);
    }
    expect(await countersEqualRows(database.db)).toEqual([]);
    expect(await one(`SELECT count(*)::int AS n FROM products WHERE model_key IS NULL`)).toEqual({ n: 0 });

    // Re-running the import changes nothing; the next start does not import again.
    const before = await snapshot();
    await importCatalogue(database.db, undefined, { version: catalogueVersion() });
    expect(await snapshot()).toEqual(before);
    const again = await prepareDatabase(database, { seedDemo: false, articles: [] });
    expect(again.imported).toBeNull();
    expect(await snapshot()).toEqual(before);

    // New catalogue files (or a new transform): the next start imports again, and nothing is lost.
    await q(`UPDATE catalogue_meta SET value = 'an older catalogue' WHERE key = 'version'`);
    const upgraded = await prepareDatabase(database, { seedDemo: false, articles: [] });
    expect(upgraded.imported).toMatchObject({ merged: 0, hidden: 0 });
    expect(await one(`SELECT value FROM catalogue_meta WHERE key = 'version'`)).toEqual({
      value: catalogueVersion(),
    });
    const after = await snapshot();
    expect(after.reviews).toEqual(before.reviews);
    expect(after.products.length).toBe(before.products.length);
    expect(await countersEqualRows(database.db)).toEqual([]);
  }, 180_000);
});

describe('planning the regroup', () => {
  const phones = readCatalogue('C001').filter((r) => r.brand === 'Samsung');
  const old = (id: number, model: string, variant: string, model_key: string | null = null) => ({
    id,
    product_id: id,
    brand: 'Samsung',
    model,
    variant,
    model_key,
    hidden: false,
  });

  it('merges pages of one model into the smallest id, and hides rumoured ones', () => {
    const plan = planRegroup(
      [
        old(12, 'Galaxy M17 5G', '6GB RAM + 128GB'),
        old(11, 'Galaxy M17 5G', '4GB RAM + 128GB'),
        old(13, 'Galaxy M17 5G', '8GB RAM + 128GB'),
        old(14, 'Galaxy M35', '8GB RAM + 128GB'),
        old(15, 'Galaxy Unlisted', ''),
      ],
      phones,
    );
    expect([...plan.merge]).toEqual([
      [12, 11],
      [13, 11],
    ]);
    expect([...plan.keys]).toEqual([[11, 'samsung|galaxym17']]);
    expect(plan.hide).toEqual([{ id: 14, key: 'rumoured|samsung|galaxy m35|8gb ram + 128gb' }]);
  });

  it('has nothing to do on a database already grouped', () => {
    const plan = planRegroup(
      [
        { ...old(11, 'Galaxy M17 5G', '4GB RAM + 128GB', 'samsung|galaxym17') },
        { ...old(12, 'Galaxy M17 5G', '6GB RAM + 128GB', 'samsung|galaxym17'), product_id: 11 },
      ],
      phones,
    );
    expect(plan.merge.size + plan.keys.size + plan.hide.length).toBe(0);
  });
});
