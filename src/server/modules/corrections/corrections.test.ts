/**
 * Corrections from the community (issue 19): members suggest (POST /platform/api/v1/product/{id}/corrections),
 * read their own (GET /user/api/v1/user/corrections); editors read the queue, accept, decline and close listing
 * reports under /catalogue/api/v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES } from '../../../shared/corrections.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';

let t: TestContext;
let editor: Member;
let suggester: Member;
const platform = requests(() => t, '/platform/api/v1');
const user = requests(() => t, '/user/api/v1');
const catalogue = requests(() => t, '/catalogue/api/v1');

beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
  suggester = await member(t);
});
afterAll(() => t.close());

interface Phone {
  id: number;
  variants: { id: number; price: number | null }[];
}

/** A visible phone with two variants, the `n`-th. */
async function phone(n: number): Promise<Phone> {
  const [p] = await query<{ id: number }>(
    t.database,
    `SELECT p.id FROM products p WHERE p.category_id = 'C001' AND NOT p.hidden AND p.variant_count = 2
     ORDER BY p.id OFFSET ${n} LIMIT 1`,
  );
  const variants = await query<{ id: number; price: number | null }>(
    t.database,
    `SELECT id, price FROM product_variants WHERE product_id = ${p!.id} ORDER BY id`,
  );
  return { id: p!.id, variants };
}

const source = 'https://www.example.com/specs';
const suggest = (id: number, body: object, m: Member = suggester) =>
  platform.post(`/product/${id}/corrections`, body, m.headers);

describe('POST /platform/api/v1/product/{id}/corrections', () => {
  it('answers 401 signed out and 403 to an unverified member', async () => {
    const p = await phone(0);
    const body = { field: 'attribute_7', value: '5000 mAh', source_url: source };
    const anonymous = await platform.post(`/product/${p.id}/corrections`, body);
    expect(anonymous.statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    const res = await suggest(p.id, body, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('validates every field with clear messages', async () => {
    const p = await phone(0);
    const cases: [object, string, string][] = [
      [{ field: 'attribute_7', value: '5000 mAh' }, 'source_url', CORRECTION_MESSAGES.sourceUrl],
      [
        { field: 'attribute_7', value: '5000 mAh', source_url: 'http://example.com/a' },
        'source_url',
        CORRECTION_MESSAGES.sourceUrl,
      ],
      [{ field: 'colour', value: 'Blue', source_url: source }, 'field', CORRECTION_MESSAGES.field],
      [{ field: 'attribute_7', value: '  ', source_url: source }, 'value', CORRECTION_MESSAGES.value],
      [
        { field: 'attribute_7', value: 'x'.repeat(201), source_url: source },
        'value',
        CORRECTION_MESSAGES.value,
      ],
      [
        { field: 'price', value: 'cheap', variant_id: p.variants[0]!.id, source_url: source },
        'value',
        CORRECTION_MESSAGES.price,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await suggest(p.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const json = res.json();
      expect(JSON.stringify(json)).toContain(message);
      expect(JSON.stringify(json)).toContain(field);
    }
  });

  it('refuses an attribute the category does not have, a price without its variant, another product’s variant', async () => {
    const p = await phone(0);
    const other = await phone(1);
    const ram = await suggest(p.id, { field: 'attribute_10', value: '12 GB', source_url: source });
    expect(ram.statusCode).toBe(400);
    expect(ram.json().code).toBe('ATTRIBUTE_NOT_OF_CATEGORY');
    const price = await suggest(p.id, { field: 'price', value: '₹19,999', source_url: source });
    expect(price.statusCode).toBe(400);
    expect(price.json().code).toBe('PRICE_NEEDS_VARIANT');
    const foreign = await suggest(p.id, {
      field: 'attribute_7',
      value: '5000 mAh',
      variant_id: other.variants[0]!.id,
      source_url: source,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('VARIANT_NOT_OF_PRODUCT');
    const unknown = await suggest(999_999_999, {
      field: 'attribute_7',
      value: '5000 mAh',
      source_url: source,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a suggestion (201) and refuses a second pending one for the same field (409)', async () => {
    const p = await phone(2);
    const m = await member(t);
    const body = { field: 'attribute_13', value: 'Bluetooth 5.4', source_url: source };
    const res = await suggest(p.id, body, m);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: CORRECTION_MESSAGES.suggested,
      correction: {
        field: 'attribute_13',
        field_name: 'Bluetooth',
        status: 'pending',
        value: 'Bluetooth 5.4',
      },
    });
    const again = await suggest(p.id, { ...body, value: 'Bluetooth 5.3' }, m);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERRORS.CORRECTION_PENDING.message);
    // Another field, or the same field of one variant, is another suggestion.
    expect((await suggest(p.id, { ...body, field: 'attribute_17' }, m)).statusCode).toBe(201);
    expect((await suggest(p.id, { ...body, variant_id: p.variants[1]!.id }, m)).statusCode).toBe(201);
  });
});

describe('posting limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ POSTING_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('limits a new account like other posts (429)', async () => {
    const m = await member(limited, { trusted: false });
    const [p] = await query<{ id: number }>(
      limited.database,
      `SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const post = (field: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/platform/api/v1/product/${p!.id}/corrections`,
        payload: { field, value: 'Something', source_url: source },
        headers: m.headers,
      });
    expect((await post('attribute_13')).statusCode).toBe(201);
    const second = await post('attribute_14');
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('POSTING_TOO_FAST');
  });
});

describe('the editors’ queue', () => {
  const editorRoutes = [
    ['GET', '/corrections'],
    ['POST', '/corrections/1/accept'],
    ['POST', '/corrections/1/decline'],
    ['POST', '/corrections/reports/1/close'],
  ] as const;

  it('answers 401 signed out and 403 to members and moderators on every route', async () => {
    const others = [await member(t), await member(t, { role: 'moderator' })];
    for (const [method, url] of editorRoutes) {
      const payload = { reason: 'Not a real source.', outcome: 'handled' };
      const anonymous = await t.app.inject({
        method,
        url: `/catalogue/api/v1${url}`,
        ...(method === 'POST' ? { payload } : {}),
      });
      expect(anonymous.statusCode, url).toBe(401);
      for (const m of others) {
        const res = await t.app.inject({
          method,
          url: `/catalogue/api/v1${url}`,
          headers: m.headers,
          ...(method === 'POST' ? { payload } : {}),
        });
        expect(res.statusCode, url).toBe(403);
      }
    }
  });

  it('answers 404 for unknown corrections and reports', async () => {
    expect((await catalogue.post('/corrections/999999/accept', {}, editor.headers)).statusCode).toBe(404);
    const decline = await catalogue.post(
      '/corrections/999999/decline',
      { reason: 'Not right.' },
      editor.headers,
    );
    expect(decline.statusCode).toBe(404);
    expect(decline.json().code).toBe('CORRECTION_NOT_FOUND');
    const close = await catalogue.post(
      '/corrections/reports/999999/close',
      { outcome: 'handled' },
      editor.headers,
    );
    expect(close.statusCode).toBe(404);
    expect(close.json().code).toBe('LISTING_REPORT_NOT_FOUND');
  });

  it('shows a pending correction beside the current value; accepting applies it, credited (409 after)', async () => {
    const p = await phone(3);
    const m = await member(t);
    const [before] = await query<{ v: string | null }>(
      t.database,
      `SELECT attributes->'attribute_12'->>'v' AS v FROM product_variants WHERE id = ${p.variants[0]!.id}`,
    );
    const made = await suggest(p.id, { field: 'attribute_12', value: 'Android 16', source_url: source }, m);
    expect(made.statusCode).toBe(201);
    const id = made.json().correction.id as number;

    const queue = await catalogue.get('/corrections?size=50', editor.headers);
    expect(queue.statusCode).toBe(200);
    const entry = queue.json().items.find((c: { id: number }) => c.id === id);
    expect(entry).toMatchObject({
      field: 'attribute_12',
      field_name: 'Operating system',
      value: 'Android 16',
      variant: null,
      source_url: source,
      suggester: { id: m.id, username: m.username },
      product: { id: p.id, link: `/product/${p.id}` },
    });
    expect(entry.current).toBe(before!.v);

    const accepted = await catalogue.post(`/corrections/${id}/accept`, {}, editor.headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(CORRECTION_MESSAGES.accepted);
    const values = await query<{ v: string }>(
      t.database,
      `SELECT attributes->'attribute_12'->>'v' AS v FROM product_variants WHERE product_id = ${p.id}`,
    );
    expect(values.map((r) => r.v)).toEqual(['Android 16', 'Android 16']);
    const page = await platform.get(`/product/${p.id}`);
    expect(page.body).toContain('Android 16');

    const history = await catalogue.get(`/models/${p.id}/changes`, editor.headers);
    const line = history.json().items[0];
    expect(line).toMatchObject({
      action: 'accept_correction',
      target_type: 'model',
      actor: { id: editor.id },
      credited: { id: m.id, username: m.username },
      after: { attributes: { attribute_12: { v: 'Android 16' } }, correction_id: id },
    });

    const mine = await user.get('/user/corrections', m.headers);
    expect(mine.json().items[0]).toMatchObject({ id, status: 'accepted', decline_reason: null });
    const again = await catalogue.post(`/corrections/${id}/accept`, {}, editor.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CORRECTION_DECIDED');
    expect(
      (await catalogue.post(`/corrections/${id}/decline`, { reason: 'Too late.' }, editor.headers))
        .statusCode,
    ).toBe(409);
  });

  it('accepts a price: a price_history row with the link as source, the variant’s price, a credited line', async () => {
    const p = await phone(4);
    const m = await member(t);
    const variant = p.variants[1]!;
    const made = await suggest(
      p.id,
      { field: 'price', value: '₹ 12,345', variant_id: variant.id, source_url: `${source}/price` },
      m,
    );
    expect(made.statusCode).toBe(201);
    const id = made.json().correction.id as number;
    const queue = await catalogue.get('/corrections?size=50', editor.headers);
    const entry = queue.json().items.find((c: { id: number }) => c.id === id);
    expect(entry.variant_id).toBe(variant.id);
    expect(entry.field_name).toBe('Price');
    expect((await catalogue.post(`/corrections/${id}/accept`, {}, editor.headers)).statusCode).toBe(200);

    const [row] = await query<{ price: number; source: string; observed_at: string; recorded_by: number }>(
      t.database,
      `SELECT price, source, observed_at::text AS observed_at, recorded_by FROM price_history
       WHERE variant_id = ${variant.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      price: 12_345,
      source: `${source}/price`,
      observed_at: todayInIndia(),
      recorded_by: editor.id,
    });
    const [v] = await query<{ price: number }>(
      t.database,
      `SELECT price FROM product_variants WHERE id = ${variant.id}`,
    );
    expect(v!.price).toBe(12_345);
    const [line] = await query<{ action: string; credited_user_id: number; target_id: number }>(
      t.database,
      `SELECT action, credited_user_id, target_id FROM catalogue_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(line).toEqual({ action: 'accept_correction', credited_user_id: m.id, target_id: variant.id });
    const [trusted] = await query<{ trusted: boolean }>(
      t.database,
      `SELECT trusted_at IS NOT NULL AS trusted FROM users WHERE id = ${m.id}`,
    );
    expect(trusted!.trusted).toBe(true);
  });

  it('declines with a required reason the member sees in their list', async () => {
    const p = await phone(5);
    const m = await member(t);
    const made = await suggest(p.id, { field: 'attribute_3', value: 'Purple', source_url: source }, m);
    const id = made.json().correction.id as number;
    const missing = await catalogue.post(`/corrections/${id}/decline`, {}, editor.headers);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(CORRECTION_MESSAGES.declineReason);
    const long = await catalogue.post(
      `/corrections/${id}/decline`,
      { reason: 'x'.repeat(501) },
      editor.headers,
    );
    expect(long.statusCode).toBe(400);
    const reason = 'The maker’s page lists no purple colour.';
    const declined = await catalogue.post(`/corrections/${id}/decline`, { reason }, editor.headers);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe(CORRECTION_MESSAGES.declined);
    const mine = await user.get('/user/corrections', m.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ id, status: 'declined', decline_reason: reason }],
    });
    const queue = await catalogue.get('/corrections?size=50', editor.headers);
    expect(queue.json().items.some((c: { id: number }) => c.id === id)).toBe(false);
    expect((await user.get('/user/corrections')).statusCode).toBe(401);
  });

  it('shows open inaccurate and missing-info listing reports and closes them from there', async () => {
    const p = await phone(6);
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const report = (m: Member, reason_id: number, comments?: string) =>
      platform.post(`/product/${p.id}/report`, { reason_id, comments }, m.headers);
    expect((await report(a, 15, 'The battery is 5000 mAh, not 4000.')).statusCode).toBe(201);
    expect((await report(b, 16)).statusCode).toBe(201);
    expect((await report(c, 17)).statusCode).toBe(201);
    await query(
      t.database,
      `UPDATE products SET flagged_at = now(), flag_reason = 'Check it' WHERE id = ${p.id}`,
    );

    const queue = await catalogue.get('/corrections', editor.headers);
    const mine = queue.json().reports.filter((r: { product: { id: number } }) => r.product.id === p.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: 'Inaccurate info',
      comments: 'The battery is 5000 mAh, not 4000.',
      reporter: a.username,
    });
    expect(mine[1]).toMatchObject({ reason: 'Missing info', comments: null });

    const bad = await catalogue.post(
      `/corrections/reports/${mine[0].id}/close`,
      { outcome: 'x' },
      editor.headers,
    );
    expect(bad.statusCode).toBe(400);
    const handled = await catalogue.post(
      `/corrections/reports/${mine[0].id}/close`,
      { outcome: 'handled', note: 'Battery fixed.' },
      editor.headers,
    );
    expect(handled.statusCode).toBe(200);
    expect(handled.json().message).toBe(CORRECTION_MESSAGES.closed);
    const dismissed = await catalogue.post(
      `/corrections/reports/${mine[1].id}/close`,
      { outcome: 'dismissed' },
      editor.headers,
    );
    expect(dismissed.statusCode).toBe(200);
    const again = await catalogue.post(
      `/corrections/reports/${mine[1].id}/close`,
      { outcome: 'dismissed' },
      editor.headers,
    );
    expect(again.statusCode).toBe(409);

    const reports = await query<{
      reason_id: number;
      status: string;
      outcome: string | null;
      action: string | null;
    }>(
      t.database,
      `SELECT r.reason_id, r.status, r.outcome, m.action FROM reports r
       LEFT JOIN moderation_actions m ON m.id = r.resolved_by
       WHERE r.target_type = 'product' AND r.target_id = ${p.id} ORDER BY r.reason_id`,
    );
    expect(reports).toEqual([
      { reason_id: 15, status: 'resolved', outcome: 'action_taken', action: 'unflag' },
      { reason_id: 16, status: 'resolved', outcome: 'no_action', action: 'dismiss' },
      // Other reasons are the moderators' to decide.
      { reason_id: 17, status: 'open', outcome: null, action: null },
    ]);
    const [flag] = await query<{ flagged: boolean }>(
      t.database,
      `SELECT flagged_at IS NOT NULL AS flagged FROM products WHERE id = ${p.id}`,
    );
    expect(flag!.flagged).toBe(false);
    const [other] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM reports WHERE target_type = 'product' AND target_id = ${p.id} AND reason_id = 17`,
    );
    const notListing = await catalogue.post(
      `/corrections/reports/${other!.id}/close`,
      { outcome: 'handled' },
      editor.headers,
    );
    expect(notListing.statusCode).toBe(404);
    // The reporter learns the outcome as with the moderators' actions.
    const seen = await user.get('/user/reports', a.headers);
    expect(seen.json().items[0]).toMatchObject({ status: 'resolved', outcome: 'action_taken' });
    // …and the moderators' queue still has the listing, for its other report.
    const moderator = await member(t, { role: 'moderator' });
    const modQueue = await t.app.inject({
      url: '/moderation/api/v1/queue?size=50',
      headers: moderator.headers,
    });
    const item = modQueue
      .json()
      .items.find(
        (e: { item: { target_type: string; target_id: number } }) =>
          e.item.target_type === 'product' && e.item.target_id === p.id,
      );
    expect(item.reports.map((r: { reason_id: number }) => r.reason_id)).toEqual([17]);
  });

  it('a merge or a split takes the pending corrections along', async () => {
    const [from, into] = [await phone(8), await phone(9)];
    const m = await member(t);
    const modelWide = await suggest(
      from.id,
      { field: 'attribute_14', value: 'Snapdragon 8 Elite', source_url: source },
      m,
    );
    const ofVariant = await suggest(
      from.id,
      { field: 'price', value: '20000', variant_id: from.variants[1]!.id, source_url: source },
      m,
    );
    const merged = await catalogue.post(`/models/${from.id}/merge`, { into: into.id }, editor.headers);
    expect(merged.statusCode).toBe(200);
    const rows = await query<{ id: number; product_id: number; variant_id: number | null }>(
      t.database,
      `SELECT id, product_id, variant_id FROM catalogue_corrections
       WHERE id IN (${modelWide.json().correction.id}, ${ofVariant.json().correction.id}) ORDER BY id`,
    );
    expect(rows.map((r) => r.product_id)).toEqual([into.id, into.id]);
    const priced = rows[1]!;
    expect(priced.variant_id).not.toBeNull();
    const split = await catalogue.post(`/variants/${priced.variant_id}/split`, {}, editor.headers);
    expect(split.statusCode).toBe(200);
    const [after] = await query<{ product_id: number }>(
      t.database,
      `SELECT c.product_id FROM catalogue_corrections c WHERE c.id = ${priced.id}`,
    );
    const [owner] = await query<{ product_id: number }>(
      t.database,
      `SELECT product_id FROM product_variants WHERE id = ${priced.variant_id}`,
    );
    expect(after!.product_id).toBe(owner!.product_id);
  });
});
