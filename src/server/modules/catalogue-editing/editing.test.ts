/**
 * The editors' changes (issue 19), through the API: who may make them, what they validate, that each shows at
 * once on the site (search, browse, the product page) and writes one history line in its one transaction, and
 * that merge and split keep every counter equal to its rows and redirect the old ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountReviewStats } from '../../../db/review-stats.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';
import { countersEqualRows } from '../../../test/counters.ts';

let t: TestContext;
let editor: Member;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
  admin = await member(t, { role: 'admin' });
});
afterAll(() => t.close());

const API = '/catalogue/api/v1';
type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Body, who: Member | null = editor) =>
  t.app.inject({
    method,
    url: API + url,
    headers: who ? who.headers : {},
    ...(payload ? { payload } : {}),
  });
const site = (url: string) => t.app.inject({ url: `/platform/api/v1${url}` });

let n = 0;
/** Words no other phone has, one per model made here (search splits letters from digits). */
const WORDS =
  'kestrelo marmoto quokkav narwhalo ocelotz pangolo tapirox wombatz axolotz dugongo geckozz ibexoq jackalz lemurox mongoz okapiz puffinz slothox toucanz vicunaz yakoxx zebuzz'.split(
    ' ',
  );
/** A phone with two variants (8+128, 12+256) named uniquely ("Zentrix <word> Ultra"). */
function phone(extra: Body = {}): Body {
  n += 1;
  return {
    category: 'C001',
    brand: 'Zentrix',
    model: `${WORDS[n % WORDS.length]} Ultra`,
    release_date: '2026-11-02',
    status: 'available',
    specs_url: 'https://example.com/specs',
    specs_checked_on: '2026-11-20',
    attributes: {
      attribute_7: { v: 5.5, q: 3 },
      attribute_12: { v: 'Android 16' },
      attribute_22: { v: true },
    },
    variants: [
      { variant: '8 GB + 128 GB', ram_gb: 8, storage_gb: 128 },
      { variant: '12 GB + 256 GB', ram_gb: 12, storage_gb: 256 },
    ],
    ...extra,
  };
}

async function create(extra: Body = {}) {
  const res = await call('POST', '/models', phone(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model as { id: number; model: string; variants: { id: number; ram_gb: number }[] };
}

async function lastChange(type: string, id: number) {
  const [row] = await query<{ action: string; actor_id: number; before: Body | null; after: Body | null }>(
    t.database,
    `SELECT action, actor_id, before, after FROM catalogue_changes WHERE target_type = '${type}' AND target_id = ${id}
     ORDER BY id DESC LIMIT 1`,
  );
  return row;
}
const changeCount = async () =>
  (await query<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM catalogue_changes'))[0]!.n;

describe('who may edit the catalogue', () => {
  it('every route answers 401 signed out, 403 to members and moderators, and lets editors and admins in', async () => {
    const id = (await create()).id;
    const routes: ['GET' | 'POST' | 'PATCH', string, Body?][] = [
      ['GET', '/search?q=zentrix'],
      ['GET', `/models/${id}`],
      ['GET', `/models/${id}/changes`],
      ['POST', '/models', phone()],
      ['PATCH', `/models/${id}`, { status: 'announced' }],
      ['POST', `/models/${id}/variants`, { variant: '16 GB + 512 GB', ram_gb: 16, storage_gb: 512 }],
      ['PATCH', `/variants/${id}`, { variant: 'Base' }],
      ['POST', `/models/${id}/hide`, { reason: 'wrong' }],
      ['POST', `/models/${id}/restore`, {}],
      ['POST', `/models/${id}/merge`, { into: id }],
      ['POST', `/variants/${id}/split`, {}],
    ];
    const user = await member(t);
    const moderator = await member(t, { role: 'moderator' });
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, body, null);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe(ERRORS.UNAUTHENTICATED.message);
      for (const who of [user, moderator]) {
        const res = await call(method, url, body, who);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ERRORS.FORBIDDEN.message);
      }
    }
    expect((await call('GET', `/models/${id}`, undefined, admin)).statusCode).toBe(200);
    expect((await call('GET', `/models/${id}`)).statusCode).toBe(200);
  });
});

describe('creating a model', () => {
  it('refuses bad input with the field’s message and writes nothing', async () => {
    const before = await changeCount();
    const none = await call('POST', '/models', phone({ variants: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.variants).toBe('Add at least one variant.');
    const date = await call('POST', '/models', phone({ release_date: '2026-13-45' }));
    expect(date.statusCode).toBe(400);
    expect(date.json().fields.release_date).toMatch(/The release date must be a/);
    const url = await call('POST', '/models', phone({ specs_url: 'javascript:alert(1)' }));
    expect(url.json().fields.specs_url).toBe('The specs source must be a web address (https://…).');
    const attribute = await call('POST', '/models', phone({ attributes: { attribute_25: { v: 1 } } }));
    expect(attribute.statusCode).toBe(400);
    expect(attribute.json().fields.attributes).toBe('Attributes are attribute_1 to attribute_24.');
    const twice = await call(
      'POST',
      '/models',
      phone({
        variants: [
          { variant: 'A', ram_gb: 8 },
          { variant: 'a', ram_gb: 12 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VARIANT_EXISTS');
    expect(await changeCount()).toBe(before);
  });

  it('a new phone shows at once in search, browse and its own page, with its variants and derived columns', async () => {
    const m = await create();
    const words = m.model.split(' ')[0]!.toLowerCase();
    const page = await site(`/product/${m.id}`);
    expect(page.statusCode).toBe(200);
    const product = page.json().product;
    expect(product).toMatchObject({ model_id: m.id, brand: 'Zentrix', model: m.model });
    expect(product.variants).toHaveLength(2);
    const found = (await site(`/search?searchQuery=${encodeURIComponent(`zentrix ${words}`)}&page=0`)).json();
    expect(found.products.map((p: { id: number }) => p.id)).toContain(product.id);
    const browse = (await site('/browse/category/C001?sort=newest&size=50')).json();
    expect(browse.products.map((p: { id: number }) => p.id)).toContain(product.id);
    const [row] = await query<Record<string, unknown>>(
      t.database,
      `SELECT variant_count, default_variant_id, release_date::text AS release_date, facets, features, prime_1,
        sources->>'specs_url' AS specs_url, verified, hidden, status FROM products WHERE id = ${m.id}`,
    );
    expect(row).toMatchObject({
      variant_count: 2,
      release_date: '2026-11-02',
      prime_1: 5500,
      specs_url: 'https://example.com/specs',
      verified: true,
      hidden: false,
      status: 'available',
    });
    expect(row!.facets).toEqual(expect.arrayContaining(['ram_8', 'ram_12', 'storage_128', 'os_android']));
    expect(row!.features).toContain('nfc');
    const [term] = await query<{ products: number }>(
      t.database,
      `SELECT products FROM search_terms WHERE term = '${words}'`,
    );
    expect(term?.products).toBe(1);
    expect(await lastChange('model', m.id)).toMatchObject({ action: 'create_model', actor_id: editor.id });
  });

  it('a name already listed is 409 MODEL_EXISTS', async () => {
    const m = await create();
    const again = await call('POST', '/models', { ...phone(), model: m.model });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERRORS.MODEL_EXISTS.message);
  });
});

describe('editing a model and its variants', () => {
  it('a renamed model is found by its new name only; the history has before and after of what changed', async () => {
    const m = await create();
    const fresh = 'Renamedphonez';
    const res = await call('PATCH', `/models/${m.variants[1]!.id}`, {
      model: fresh,
      attributes: { attribute_12: { v: 'iOS 26' }, attribute_22: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({ id: m.id, model: fresh });
    expect(res.json().model.attributes.attribute_22).toBeUndefined();
    const hits = (await site(`/search?searchQuery=${fresh.toLowerCase()}&page=0`)).json();
    expect(hits.total).toBe(1);
    const old = m.model.split(' ')[0]!.toLowerCase();
    expect(await query(t.database, `SELECT 1 FROM search_terms WHERE term = '${old}'`)).toHaveLength(0);
    expect((await site(`/product/${m.id}`)).json().product.model).toBe(fresh);
    const line = await lastChange('model', m.id);
    expect(line).toMatchObject({
      action: 'update_model',
      before: {
        model: m.model,
        attributes: { attribute_12: { v: 'Android 16' }, attribute_22: { v: true } },
      },
      after: { model: fresh, attributes: { attribute_12: { v: 'iOS 26' }, attribute_22: null } },
    });
    const [row] = await query<{ facets: string[]; features: string[] }>(
      t.database,
      `SELECT facets, features FROM products WHERE id = ${m.id}`,
    );
    expect(row!.facets).toContain('os_ios');
    expect(row!.features).not.toContain('nfc');
  });

  it('an empty change and an unknown id are refused', async () => {
    const m = await create();
    const empty = await call('PATCH', `/models/${m.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect((await call('PATCH', '/models/99999999', { status: 'announced' })).statusCode).toBe(404);
    expect((await call('GET', '/models/99999999')).json().message).toBe(ERRORS.MODEL_NOT_FOUND.message);
    expect((await call('PATCH', '/variants/99999999', { variant: 'x' })).statusCode).toBe(404);
  });

  it('adds and edits variants: the model’s count, facets and the page follow', async () => {
    const m = await create();
    const added = await call('POST', `/models/${m.id}/variants`, {
      variant: '16 GB + 512 GB',
      ram_gb: 16,
      storage_gb: 512,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().model.variants).toHaveLength(3);
    const dup = await call('POST', `/models/${m.id}/variants`, { variant: '16 GB + 512 GB', ram_gb: 16 });
    expect(dup.statusCode).toBe(409);
    const vid = m.variants[0]!.id;
    const edited = await call('PATCH', `/variants/${vid}`, { ram_gb: 6, variant: '6 GB + 128 GB' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await query<{ variant_count: number; facets: string[] }>(
      t.database,
      `SELECT variant_count, facets FROM products WHERE id = ${m.id}`,
    );
    expect(row!.variant_count).toBe(3);
    expect(row!.facets).toEqual(expect.arrayContaining(['ram_6', 'ram_16', 'storage_512']));
    expect(row!.facets).not.toContain('ram_8');
    const page = (await site(`/product/${vid}`)).json().product;
    expect(page.variant).toBe('6 GB + 128 GB');
    expect(await lastChange('variant', vid)).toMatchObject({
      action: 'update_variant',
      before: { ram_gb: 8, variant: '8 GB + 128 GB', attributes: { attribute_10: { v: 8, q: 1 } } },
      after: { ram_gb: 6, variant: '6 GB + 128 GB', attributes: { attribute_10: { v: 6, q: 1 } } },
    });
  });
});

describe('hiding and restoring', () => {
  it('a hidden model is 404 on the site, out of search (its total and vocabulary too), and comes back', async () => {
    const m = await create();
    const word = m.model.split(' ')[0]!.toLowerCase();
    const brandTotal = async () => (await site('/search?searchQuery=zentrix&page=0')).json().total as number;
    const listed = await brandTotal();
    const hidden = await call('POST', `/models/${m.id}/hide`, { reason: 'duplicate', note: 'Listed twice' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().model).toMatchObject({ hidden: true, hidden_reason: 'duplicate' });
    expect((await site(`/product/${m.id}`)).statusCode).toBe(404);
    expect(await brandTotal()).toBe(listed - 1);
    expect(await query(t.database, `SELECT 1 FROM search_terms WHERE term = '${word}'`)).toHaveLength(0);
    // Editors still find it, by words and by id.
    const found = (await call('GET', `/search?q=${encodeURIComponent(`zentrix ${word}`)}`)).json();
    expect(found.items).toMatchObject([{ id: m.id, hidden: true, hidden_reason: 'duplicate' }]);
    expect((await call('GET', `/search?q=${m.variants[1]!.id}`)).json().items).toMatchObject([
      { id: m.id, variant_id: m.variants[1]!.id },
    ]);
    expect((await call('GET', `/search?q=zentrix ${word}&hidden=false`)).json().items).toHaveLength(0);
    expect((await call('POST', `/models/${m.id}/hide`, { reason: 'wrong' })).statusCode).toBe(409);
    expect(await lastChange('model', m.id)).toMatchObject({
      action: 'hide',
      after: { hidden: true, hidden_reason: 'duplicate', note: 'Listed twice' },
    });

    const restored = await call('POST', `/models/${m.id}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect((await site(`/product/${m.id}`)).statusCode).toBe(200);
    expect(await brandTotal()).toBe(listed);
    expect((await site(`/search?searchQuery=zentrix ${word}&page=0`)).json().total).toBe(1);
    expect((await call('POST', `/models/${m.id}/restore`, {})).statusCode).toBe(409);
    expect(await lastChange('model', m.id)).toMatchObject({ action: 'restore', after: { hidden: false } });
  });

  it('a bad reason is refused; a rumoured status hides, announcing it lists it again', async () => {
    const m = await create();
    const bad = await call('POST', `/models/${m.id}/hide`, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.reason).toBe('Choose why it is hidden: rumoured, wrong or duplicate.');
    await call('PATCH', `/models/${m.id}`, { status: 'rumoured' });
    expect((await site(`/product/${m.id}`)).statusCode).toBe(404);
    expect(await lastChange('model', m.id)).toMatchObject({
      before: { status: 'available', hidden: false },
      after: { status: 'rumoured', hidden: true },
    });
    await call('PATCH', `/models/${m.id}`, { status: 'announced' });
    expect((await site(`/product/${m.id}`)).statusCode).toBe(200);
  });
});

/** Reviews, a question, upvotes and views on a model, its counters right. */
async function community(productId: number, variantId: number | null, users: Member[]) {
  for (const [i, u] of users.entries()) {
    await query(
      t.database,
      `INSERT INTO reviews (product_id, variant_id, user_id, overall, build_quality, features, look_and_feel,
        performance, summary, description, created_at)
       VALUES (${productId}, ${variantId ?? 'NULL'}, ${u.id}, ${6 + i}, 6, 7, 8, 9, 'Summary', 'A description.',
        now() - interval '${10 - i} days')`,
    );
    await query(
      t.database,
      `INSERT INTO product_upvotes (product_id, user_id) VALUES (${productId}, ${u.id})`,
    );
  }
  await query(
    t.database,
    `INSERT INTO questions (product_id, user_id, body) VALUES (${productId}, ${users[0]!.id}, 'Does it have NFC?')`,
  );
  await query(
    t.database,
    `INSERT INTO product_views_daily (product_id, day, views) VALUES (${productId}, current_date, 4)`,
  );
  await recountReviewStats(t.database.db);
  await query(
    t.database,
    `UPDATE products p SET upvotes = (SELECT count(*) FROM product_upvotes u WHERE u.product_id = p.id) WHERE p.id = ${productId}`,
  );
}

describe('merging and splitting', () => {
  it('merges a duplicate: everything moves, counters equal rows, old ids answer 301', async () => {
    const kept = await create();
    const dup = await create({
      variants: [
        { variant: '8 GB + 128 GB', ram_gb: 8, storage_gb: 128 },
        { variant: '16 GB + 1 TB', ram_gb: 16, storage_gb: 1024 },
      ],
    });
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    await community(kept.id, null, [a]);
    await community(dup.id, dup.variants[0]!.id, [a, b, c]);
    const favourite = (m: typeof a, id: number) =>
      t.app.inject({ method: 'POST', url: `/user/api/v1/user/favourites/${id}`, headers: m.headers });
    for (const [m, id] of [
      [a, kept.id],
      [a, dup.id],
      [b, dup.variants[1]!.id],
    ] as const)
      expect((await favourite(m, id)).statusCode).toBe(200);
    const res = await call('POST', `/models/${dup.id}/merge`, { into: kept.id });
    expect(res.statusCode, res.body).toBe(200);
    const model = res.json().model;
    // The 8+128 twin joined the kept 8+128; the 16 GB + 1 TB moved.
    expect(model.variants.map((v: { ram_gb: number }) => v.ram_gb).sort()).toEqual([12, 16, 8]);
    expect(model).toMatchObject({ id: kept.id, total_reviews: 4, questions: 2, upvotes: 3 });
    expect(await countersEqualRows(t.database.db)).toEqual([]);
    const [dupReview] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM reviews WHERE user_id = ${a.id} AND product_id = ${kept.id} AND merged_duplicate`,
    );
    expect(dupReview!.n).toBe(1);
    const [moved] = await query<{ variant_id: number }>(
      t.database,
      `SELECT variant_id FROM reviews WHERE user_id = ${b.id} AND product_id = ${kept.id}`,
    );
    expect(moved!.variant_id).toBe(kept.variants[0]!.id);
    for (const old of [dup.id, dup.variants[0]!.id]) {
      const r = await site(`/product/${old}`);
      expect(r.statusCode, String(old)).toBe(301);
      expect(r.headers.location).toBe(`/platform/api/v1/product/${kept.id}`);
    }
    // The moved variant keeps its id and opens the kept model.
    expect((await site(`/product/${dup.variants[1]!.id}`)).json().product.model_id).toBe(kept.id);
    const [views] = await query<{ views: number }>(
      t.database,
      `SELECT sum(views)::int AS views FROM product_views_daily WHERE product_id = ${kept.id}`,
    );
    expect(views!.views).toBe(8);
    // Favourites move too, one per member.
    const saved = await query<{ user_id: number; product_id: number }>(
      t.database,
      `SELECT user_id, product_id FROM favourites WHERE user_id IN (${a.id}, ${b.id}) ORDER BY user_id`,
    );
    expect(saved).toEqual([
      { user_id: a.id, product_id: kept.id },
      { user_id: b.id, product_id: kept.id },
    ]);
    expect(await lastChange('model', kept.id)).toMatchObject({
      action: 'merge',
      before: { model_id: dup.id },
      after: { into: kept.id, merged_variants: [{ from: dup.variants[0]!.id, to: kept.variants[0]!.id }] },
    });
    expect((await call('POST', `/models/${kept.id}/merge`, { into: kept.variants[1]!.id })).statusCode).toBe(
      400,
    );
  });

  it('splits a variant into a model of its own; the reviews that name it go with it', async () => {
    const m = await create();
    const [a, b] = [await member(t), await member(t)];
    const vid = m.variants[1]!.id;
    await community(m.id, vid, [a]);
    await query(
      t.database,
      `INSERT INTO reviews (product_id, variant_id, user_id, overall, build_quality, features, look_and_feel,
        performance, summary, description) VALUES (${m.id}, ${m.variants[0]!.id}, ${b.id}, 8, 6, 7, 8, 9, 'S', 'D')`,
    );
    await recountReviewStats(t.database.db);
    const res = await call('POST', `/variants/${vid}/split`, { model: 'Splitphonez' });
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json().model;
    expect(split).toMatchObject({ id: vid, total_reviews: 1, variants: [{ id: vid }] });
    expect((await call('GET', `/models/${m.id}`)).json().model).toMatchObject({
      total_reviews: 1,
      questions: 1,
    });
    expect(await countersEqualRows(t.database.db)).toEqual([]);
    expect((await site(`/product/${vid}`)).json().product.model_id).toBe(vid);
    expect((await call('POST', `/variants/${vid}/split`, {})).json().code).toBe('SPLIT_ONLY_VARIANT');
    expect(await lastChange('variant', vid)).toMatchObject({
      action: 'split',
      before: { model_id: m.id },
      after: { model_id: vid },
    });
  });

  it('a split catalogue variant keeps its own catalogue name, even where the model’s name is another variant’s', async () => {
    // A model grouped from listings of two names ("Super ZX", "Super ZX 5G"): its name is one of them, so giving
    // the other's variant that name would take another variant's natural key (a 500 before).
    const [v] = await query<{ id: number; model: string }>(
      t.database,
      `SELECT v.id, v.model FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE v.model <> p.model AND p.variant_count > 1 AND EXISTS (SELECT 1 FROM product_variants o
         WHERE o.brand_id = v.brand_id AND o.model = p.model AND o.variant = v.variant AND o.id <> v.id)
       ORDER BY v.id LIMIT 1`,
    );
    expect(v, 'a catalogue variant named unlike its model').toBeDefined();
    const res = await call('POST', `/variants/${v!.id}/split`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await query<{ model: string }>(
      t.database,
      `SELECT model FROM product_variants WHERE id = ${v!.id}`,
    );
    expect(after!.model).toBe(v!.model);
    expect(await countersEqualRows(t.database.db)).toEqual([]);
  });

  it('one model’s history, newest first', async () => {
    const m = await create();
    await call('PATCH', `/models/${m.id}`, { status: 'announced' });
    const res = await call('GET', `/models/${m.variants[0]!.id}/changes`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { action: string }) => i.action)).toEqual([
      'update_model',
      'create_model',
    ]);
  });
});
