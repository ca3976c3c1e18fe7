/**
 * Prices (issue 19): an editor records a variant's price (PUT /catalogue/api/v1/variants/{id}/price) and anyone
 * reads a model's price history (GET /platform/api/v1/product/{id}/price-history).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MESSAGES } from '../../../shared/catalogue-prices.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';

let t: TestContext;
let editor: Member;
beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
});
afterAll(() => t.close());

const put = (id: number, payload: unknown, headers: Record<string, string> = editor.headers) =>
  t.app.inject({
    method: 'PUT',
    url: `/catalogue/api/v1/variants/${id}/price`,
    payload: payload as object,
    headers,
  });
const history = (id: number) => t.app.inject({ url: `/platform/api/v1/product/${id}/price-history` });

interface ModelRow {
  id: number;
  price: number;
  price_max: number;
  default_variant_id: number;
  variant: string;
}

/** A visible phone model with exactly two priced variants of different prices, the `n`-th; cheaper first. */
async function twoVariantModel(n: number) {
  const [model] = await query<ModelRow>(
    t.database,
    `SELECT p.id, p.price, p.price_max, p.default_variant_id, p.variant FROM products p
     WHERE p.category_id = 'C001' AND NOT p.hidden AND p.variant_count = 2
       AND (SELECT count(DISTINCT v.price) FROM product_variants v WHERE v.product_id = p.id AND v.price > 0) = 2
     ORDER BY p.id OFFSET ${n} LIMIT 1`,
  );
  const variants = await query<{ id: number; price: number; variant: string }>(
    t.database,
    `SELECT id, price, variant FROM product_variants WHERE product_id = ${model!.id} ORDER BY price, id`,
  );
  return { model: model!, cheap: variants[0]!, dear: variants[1]! };
}

const modelRow = async (id: number) =>
  (
    await query<ModelRow>(
      t.database,
      `SELECT id, price, price_max, default_variant_id, variant FROM products WHERE id = ${id}`,
    )
  )[0]!;
const variantPrice = async (id: number) =>
  (await query<{ price: number }>(t.database, `SELECT price FROM product_variants WHERE id = ${id}`))[0]!
    .price;
const historyRows = async (variantId: number) =>
  (
    await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM price_history WHERE variant_id = ${variantId}`,
    )
  )[0]!.n;

const today = todayInIndia();
const good = (price: number) => ({ price, source: 'Amazon.in', observed_at: today });

describe('PUT /catalogue/api/v1/variants/{id}/price', () => {
  it('answers 401 signed out, 403 to members and moderators, 200 to editors and admins', async () => {
    const { dear } = await twoVariantModel(0);
    const anonymous = await put(dear.id, good(dear.price), {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERRORS.UNAUTHENTICATED.message);
    for (const role of ['user', 'moderator'] as const) {
      const res = await put(dear.id, good(dear.price), (await member(t, { role })).headers);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(ERRORS.FORBIDDEN.message);
    }
    expect((await put(dear.id, good(dear.price))).statusCode).toBe(200);
    const admin = await member(t, { role: 'admin' });
    expect((await put(dear.id, good(dear.price), admin.headers)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message under each field, and writes nothing', async () => {
    const { dear } = await twoVariantModel(0);
    const rowsBefore = await historyRows(dear.id);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [unknown, string, string][] = [
      [{ ...good(0) }, 'price', PRICE_MESSAGES.price],
      [{ ...good(1.5) }, 'price', PRICE_MESSAGES.price],
      [{ ...good(10_000_001) }, 'price', PRICE_MESSAGES.price],
      [{ ...good(100), price: '100' }, 'price', PRICE_MESSAGES.price],
      [{ ...good(100), source: ' a ' }, 'source', PRICE_MESSAGES.source],
      [{ ...good(100), source: 'x'.repeat(201) }, 'source', PRICE_MESSAGES.source],
      [{ ...good(100), observed_at: '2025-02-30' }, 'observed_at', PRICE_MESSAGES.observedAt],
      [{ ...good(100), observed_at: '12/01/2025' }, 'observed_at', PRICE_MESSAGES.observedAt],
      [{ ...good(100), observed_at: tomorrow }, 'observed_at', PRICE_MESSAGES.observedFuture],
      [{ ...good(100), observed_at: '1999-12-31' }, 'observed_at', PRICE_MESSAGES.observedEarly],
      [{ price: 100, source: 'Flipkart' }, 'observed_at', PRICE_MESSAGES.observedAt],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(dear.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await historyRows(dear.id)).toBe(rowsBefore);
    expect(await variantPrice(dear.id)).toBe(dear.price);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown variant', async () => {
    const res = await put(2_000_000_000, good(100));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'PRODUCT_NOT_FOUND' });
  });

  it("keeps the price, sets the variant's, refreshes the model's prices and default, and writes one history line", async () => {
    const { model, cheap, dear } = await twoVariantModel(1);
    expect(model.default_variant_id).toBe(cheap.id);
    // Warm the product page's cache: the change must show at once on this node.
    const page = await t.app.inject({ url: `/platform/api/v1/product/${dear.id}` });
    expect(page.json().product.price).toBe(dear.price);

    const lower = cheap.price - 500;
    const res = await put(dear.id, {
      price: lower,
      source: ' https://shop.example/phone ',
      observed_at: today,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      observation: {
        variant_id: dear.id,
        price: lower,
        source: 'https://shop.example/phone',
        observed_at: today,
      },
      variant: { id: dear.id, price: lower },
      model: { id: model.id, price: lower, price_max: cheap.price, default_variant_id: dear.id },
    });
    expect(await modelRow(model.id)).toEqual({
      id: model.id,
      price: lower,
      price_max: cheap.price,
      default_variant_id: dear.id,
      variant: dear.variant,
    });
    expect(await variantPrice(dear.id)).toBe(lower);
    const after = await t.app.inject({ url: `/platform/api/v1/product/${dear.id}` });
    expect(after.json().product.price).toBe(lower);
    expect(after.json().product.price_from).toBe(lower);

    const [line] = await query<Record<string, unknown>>(
      t.database,
      `SELECT actor_id, action, target_type, target_id, before, after FROM catalogue_changes
       WHERE target_type = 'variant' AND target_id = ${dear.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(line).toEqual({
      actor_id: editor.id,
      action: 'set_price',
      target_type: 'variant',
      target_id: dear.id,
      before: { price: dear.price },
      after: { price: lower, source: 'https://shop.example/phone', observed_at: today },
    });
    const [recorded] = await query<{ recorded_by: number }>(
      t.database,
      `SELECT recorded_by FROM price_history WHERE variant_id = ${dear.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(recorded!.recorded_by).toBe(editor.id);

    // The price goes back up above the other variant's: the other one is the default again.
    const up = await put(dear.id, good(cheap.price + 1000));
    expect(up.json().model).toEqual({
      id: model.id,
      price: cheap.price,
      price_max: cheap.price + 1000,
      default_variant_id: cheap.id,
    });
    expect((await modelRow(model.id)).variant).toBe(cheap.variant);
  });

  it('keeps an older observation entered later without letting it replace the current price', async () => {
    const { model, dear } = await twoVariantModel(2);
    const before = await modelRow(model.id);
    const res = await put(dear.id, { price: 1234, source: 'Croma', observed_at: '2021-03-04' });
    expect(res.statusCode).toBe(200);
    expect(res.json().variant).toEqual({ id: dear.id, price: dear.price });
    expect(await variantPrice(dear.id)).toBe(dear.price);
    expect(await modelRow(model.id)).toEqual(before);
    const prices = (await history(model.id)).json().prices;
    expect(prices[0]).toEqual({
      variant_id: dear.id,
      price: 1234,
      source: 'Croma',
      observed_at: '2021-03-04',
    });

    // Two observations on one day: the one entered last is the price.
    await put(dear.id, good(5000));
    await put(dear.id, good(5100));
    expect(await variantPrice(dear.id)).toBe(5100);
  });

  it('is one transaction: when any part fails, nothing of the change is left', async () => {
    const { model, dear } = await twoVariantModel(3);
    const before = await modelRow(model.id);
    const rowsBefore = await historyRows(dear.id);
    await t.database.db.execute(`CREATE FUNCTION test_refuse_change() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'the history refused the line'; END $$`);
    await t.database.db.execute(`CREATE TRIGGER test_refuse_change BEFORE INSERT ON catalogue_changes
      FOR EACH ROW EXECUTE FUNCTION test_refuse_change()`);
    try {
      const res = await put(dear.id, good(1000));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(`DROP TRIGGER test_refuse_change ON catalogue_changes`);
      await t.database.db.execute(`DROP FUNCTION test_refuse_change()`);
    }
    expect(await historyRows(dear.id)).toBe(rowsBefore);
    expect(await variantPrice(dear.id)).toBe(dear.price);
    expect(await modelRow(model.id)).toEqual(before);
  });
});

describe('GET /platform/api/v1/product/{id}/price-history', () => {
  it("returns every variant's prices oldest first, exactly {variant_id, price, source, observed_at}, by any id", async () => {
    const { model, cheap, dear } = await twoVariantModel(4);
    await put(cheap.id, { price: cheap.price - 100, source: 'Flipkart', observed_at: '2026-01-15' });
    await put(dear.id, { price: dear.price - 200, source: 'Amazon.in', observed_at: '2025-12-01' });
    const res = await history(model.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['success', 'prices']);
    expect(body.success).toBe(true);
    expect(body.prices).toEqual([
      { variant_id: cheap.id, price: cheap.price, source: 'Catalogue file', observed_at: '2025-10-13' },
      { variant_id: dear.id, price: dear.price, source: 'Catalogue file', observed_at: '2025-10-13' },
      { variant_id: dear.id, price: dear.price - 200, source: 'Amazon.in', observed_at: '2025-12-01' },
      { variant_id: cheap.id, price: cheap.price - 100, source: 'Flipkart', observed_at: '2026-01-15' },
    ]);
    for (const p of body.prices)
      expect(Object.keys(p)).toEqual(['variant_id', 'price', 'source', 'observed_at']);
    // Either variant's id (the model's own id is one of them) answers the same.
    const other = model.id === cheap.id ? dear.id : cheap.id;
    expect((await history(other)).json()).toEqual(body);
  });

  it('answers 404 for an unknown or hidden product', async () => {
    const unknown = await history(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    const { model } = await twoVariantModel(5);
    await t.database.db.execute(`UPDATE products SET hidden = true WHERE id = ${model.id}`);
    expect((await history(model.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/platform/api/v1/product/abc/price-history' })).statusCode).toBe(400);
  });

  it('appears in the OpenAPI document with the PUT', async () => {
    const doc = (await t.app.inject({ url: '/api-docs' })).json();
    expect(doc.paths['/platform/api/v1/product/{id}/price-history'].get).toBeDefined();
    expect(doc.paths['/catalogue/api/v1/variants/{id}/price'].put.requestBody).toBeDefined();
  });
});
