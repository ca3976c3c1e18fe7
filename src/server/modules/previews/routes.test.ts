/**
 * The link-preview pictures (issue 24): each kind answers a 1200 × 630 PNG drawn from the page's data, the same
 * bytes and ETag while the data stays, a new picture when what it shows changes, 304 on If-None-Match, and 404
 * wherever the page itself would answer 404 (unknown, hidden, deleted).
 */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';
import { addTestPhotos, testPhoto } from '../../../test/photos.ts';
import {
  brandPreview,
  comparePreview,
  productPreview,
  profilePreview,
  reviewPreview,
  SITE_PREVIEW,
} from '../../../shared/preview-path.ts';

let t: TestContext;
let editor: Member;
/** Listed phone models, each used by one test only; [id, variant ids…]. */
let models: { id: number; variants: number[] }[];

beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
  const found = await query<{ id: number; variants: number[] }>(
    t.database,
    `SELECT p.id, array_agg(v.id ORDER BY v.id) AS variants FROM products p JOIN product_variants v ON v.product_id = p.id
     WHERE p.category_id = 'C001' AND NOT p.hidden AND p.price IS NOT NULL GROUP BY p.id
     ORDER BY count(*) DESC, p.id LIMIT 12`,
  );
  models = found;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const exec = (text: string) => query(t.database, text);

/** A 200 answer with a 1200 × 630 PNG; its bytes and ETag. */
async function expectPicture(res: LightMyRequestResponse, label = '') {
  expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
    true,
  );
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  const etag = String(res.headers.etag);
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  return { bytes, etag };
}

function expectNotFound(res: LightMyRequestResponse, label = '') {
  expect(res.statusCode, label).toBe(404);
  expect(res.json(), label).toMatchObject({ success: false, code: 'NOT_FOUND' });
}

describe('the site picture', () => {
  it('is a PNG served from memory with an ETag, and 304 when the client has it', async () => {
    const first = await expectPicture(await get(SITE_PREVIEW));
    const again = await expectPicture(await get(SITE_PREVIEW));
    expect(again.etag).toBe(first.etag);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const cached = await get(SITE_PREVIEW, { 'if-none-match': first.etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(first.etag);
    // Another picture's tag is no match; a weak form of this one's is.
    expect((await get(SITE_PREVIEW, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(SITE_PREVIEW, { 'if-none-match': `"x", W/${first.etag}` })).statusCode).toBe(304);
  });

  it('carries the site’s security headers and stays out of the API document', async () => {
    const res = await get(SITE_PREVIEW);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-frame-options'] ?? res.headers['content-security-policy']).toBeDefined();
    const doc = (await get('/api-docs')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/previews'))).toBe(false);
  });
});

describe('product pictures', () => {
  it('draws the model for any of its ids, and again when its price, rating or reviews change', async () => {
    const { id, variants } = models[0]!;
    expect(variants.length).toBeGreaterThan(1);
    const base = await expectPicture(await get(productPreview(id)));
    // Every variant's id draws the model's picture.
    for (const v of variants)
      expect((await expectPicture(await get(productPreview(v)))).etag).toBe(base.etag);
    const [before] = await query<{ price: number; rating_value: number; total_reviews: number }>(
      t.database,
      `SELECT price, rating_value, total_reviews FROM products WHERE id = ${id}`,
    );
    try {
      await exec(`UPDATE products SET price = price + 1000 WHERE id = ${id}`);
      const priced = await expectPicture(await get(productPreview(id)));
      expect(priced.etag).not.toBe(base.etag);
      expect(priced.bytes.equals(base.bytes)).toBe(false);
      // Unchanged data: the same picture, from memory.
      expect((await expectPicture(await get(productPreview(id)))).etag).toBe(priced.etag);
      // The old picture's tag no longer matches.
      expect((await get(productPreview(id), { 'if-none-match': base.etag })).statusCode).toBe(200);

      await exec(`UPDATE products SET total_reviews = 25, rating_value = 4.2 WHERE id = ${id}`);
      const rated = await expectPicture(await get(productPreview(id)));
      await exec(`UPDATE products SET rating_value = 3.6 WHERE id = ${id}`);
      const rerated = await expectPicture(await get(productPreview(id)));
      expect(new Set([priced.etag, rated.etag, rerated.etag]).size).toBe(3);
      // A change the picture does not show (a rating's second decimal) draws nothing new.
      await exec(`UPDATE products SET rating_value = 3.61 WHERE id = ${id}`);
      expect((await expectPicture(await get(productPreview(id)))).etag).toBe(rerated.etag);
    } finally {
      await exec(
        `UPDATE products SET price = ${before!.price}, rating_value = ${before!.rating_value},
         total_reviews = ${before!.total_reviews} WHERE id = ${id}`,
      );
    }
    expect((await expectPicture(await get(productPreview(id)))).etag).toBe(base.etag);
  });

  it('shows the model’s photo once it has one', async () => {
    const { id } = models[1]!;
    const drawn = await expectPicture(await get(productPreview(id)));
    await addTestPhotos(t, id, editor, [await testPhoto(800, 600, '#1a7f37')]);
    const photo = await expectPicture(await get(productPreview(id)));
    expect(photo.etag).not.toBe(drawn.etag);
    // The photo's green is in the picture's image panel.
    const { data, info } = await sharp(photo.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    expect(at(260, 280)).toEqual([0x1a, 0x7f, 0x37].map((c) => expect.closeTo(c, -1.2) as unknown as number));
  });

  it('answers 404 for unknown, hidden and malformed ids', async () => {
    const { id } = models[2]!;
    await exec(`UPDATE products SET hidden = true WHERE id = ${id}`);
    try {
      expectNotFound(await get(productPreview(id)), 'hidden');
    } finally {
      await exec(`UPDATE products SET hidden = false WHERE id = ${id}`);
    }
    await expectPicture(await get(productPreview(id)));
    for (const name of [
      '2147483000.png',
      '2147483648.png',
      '0.png',
      'abc.png',
      `${id}.jpg`,
      `${id}`,
      `0${id}.png`,
    ]) {
      expectNotFound(await get(`/previews/product/${name}`), name);
    }
  });
});

describe('compare pictures', () => {
  it('draws two or three products, the same for any order of their ids', async () => {
    const [a, b, c] = [models[3]!, models[4]!, models[5]!];
    const two = await expectPicture(await get(`/previews/compare/${a.id}-${b.id}.png`));
    const swapped = await expectPicture(await get(`/previews/compare/${b.id}-${a.id}.png`));
    expect(swapped.etag).toBe(two.etag);
    expect(swapped.bytes.equals(two.bytes)).toBe(true);
    // A variant's id stands for its model.
    const variant = a.variants.find((v) => v !== a.id)!;
    expect((await expectPicture(await get(comparePreview([b.id, variant])))).etag).toBe(two.etag);
    const three = await expectPicture(await get(comparePreview([c.id, a.id, b.id])));
    expect(three.etag).not.toBe(two.etag);
    const orders = [`${b.id}-${c.id}-${a.id}`, `${c.id}-${b.id}-${a.id}`];
    for (const o of orders) expect((await get(`/previews/compare/${o}.png`)).headers.etag).toBe(three.etag);
    // One product's price moves: the comparison is drawn again.
    await exec(`UPDATE products SET price = price + 500 WHERE id = ${b.id}`);
    try {
      expect((await expectPicture(await get(comparePreview([a.id, b.id])))).etag).not.toBe(two.etag);
    } finally {
      await exec(`UPDATE products SET price = price - 500 WHERE id = ${b.id}`);
    }
  });

  it('answers 404 for an unknown or hidden product, repeats, one model, or more than three', async () => {
    const [a, b, c, d] = [models[6]!, models[7]!, models[8]!, models[9]!];
    const hidden = models[10]!;
    await exec(`UPDATE products SET hidden = true WHERE id = ${hidden.id}`);
    try {
      for (const name of [
        `${a.id}-2147483000`,
        `${a.id}-${hidden.id}`,
        `${a.id}-${a.id}`,
        `${a.id}-${a.variants.find((v) => v !== a.id)!}`,
        `${a.id}`,
        `${a.id}-${b.id}-${c.id}-${d.id}`,
        `${a.id}--${b.id}`,
        `${a.id},${b.id}`,
      ]) {
        expectNotFound(await get(`/previews/compare/${name}.png`), name);
      }
    } finally {
      await exec(`UPDATE products SET hidden = false WHERE id = ${hidden.id}`);
    }
  });
});

describe('review pictures', () => {
  it('draws a visible review, again when its title changes, and 404 once it is hidden', async () => {
    const [review] = await query<{ id: number; user_id: number }>(
      t.database,
      `SELECT r.id, r.user_id FROM reviews r JOIN products p ON p.id = r.product_id
       WHERE r.hidden_at IS NULL AND NOT p.hidden ORDER BY r.id LIMIT 1`,
    );
    const url = reviewPreview(review!.id);
    const shown = await expectPicture(await get(url));
    await exec(`UPDATE reviews SET summary = summary || ' (edited)' WHERE id = ${review!.id}`);
    const edited = await expectPicture(await get(url));
    expect(edited.etag).not.toBe(shown.etag);
    await exec(`UPDATE reviews SET hidden_at = now(), hidden_reason = 'test' WHERE id = ${review!.id}`);
    try {
      expectNotFound(await get(url), 'hidden review');
    } finally {
      await exec(`UPDATE reviews SET hidden_at = NULL, hidden_reason = NULL WHERE id = ${review!.id}`);
    }
    // Its author's account deleted: the review stays, by "Deleted user".
    await exec(`UPDATE users SET deleted_at = now() WHERE id = ${review!.user_id}`);
    try {
      expect((await expectPicture(await get(url))).etag).not.toBe(edited.etag);
    } finally {
      await exec(`UPDATE users SET deleted_at = NULL WHERE id = ${review!.user_id}`);
    }
    expectNotFound(await get(reviewPreview(2_147_483_000)), 'unknown');
    expectNotFound(await get('/previews/review/x.png'), 'malformed');
  });
});

describe('profile pictures', () => {
  it('draws a member in any case of the username, again when the reviews change, 404 once deleted', async () => {
    const who = await member(t, { username: `Preview.${process.pid}` });
    const shown = await expectPicture(await get(profilePreview(who.username)));
    expect((await get(profilePreview(who.username.toLowerCase()))).headers.etag).toBe(shown.etag);
    const [product] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE NOT hidden AND id NOT IN (SELECT product_id FROM reviews WHERE user_id = ${who.id}) LIMIT 1`,
    );
    await exec(
      `INSERT INTO reviews (product_id, user_id, overall, build_quality, features, look_and_feel, performance, summary, description)
       VALUES (${product!.id}, ${who.id}, 8, 8, 8, 8, 8, 'Good', 'A good phone for the price.')`,
    );
    const reviewed = await expectPicture(await get(profilePreview(who.username)));
    expect(reviewed.etag).not.toBe(shown.etag);
    await exec(`UPDATE users SET deleted_at = now() WHERE id = ${who.id}`);
    expectNotFound(await get(profilePreview(who.username)), 'deleted');
    for (const name of ['nobody-such-user-here', 'bad name', 'a'.repeat(31)]) {
      expectNotFound(await get(`/previews/profile/${encodeURIComponent(name)}.png`), name);
    }
  });

  it('shows the member’s photo, cut to a circle, once they have one', async () => {
    const who = await member(t, { username: `avatar${process.pid}` });
    const initials = await expectPicture(await get(profilePreview(who.username)));
    const file = `${'a'.repeat(30)}${process.pid}.webp`;
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d04a2a' } })
      .webp()
      .toBuffer();
    await t.services.avatars.put(file, photo);
    await exec(`UPDATE users SET image = '${file}' WHERE id = ${who.id}`);
    const shown = await expectPicture(await get(profilePreview(who.username)));
    expect(shown.etag).not.toBe(initials.etag);
    const { data, info } = await sharp(shown.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    // The photo's red at the circle's centre; white outside the circle, in the square's corner.
    const [r, g, b] = at(240, 280);
    expect(Math.abs(r! - 0xd0) + Math.abs(g! - 0x4a) + Math.abs(b! - 0x2a)).toBeLessThan(24);
    expect(at(75, 115)).toEqual([255, 255, 255]);
  });

  it('shows a name in an Indian script, and the username for a name in a script the fonts lack', async () => {
    const who = await member(t, { username: `hindi${process.pid}` });
    const latin = await expectPicture(await get(profilePreview(who.username)));
    await exec(`UPDATE users SET first_name = 'अनु', last_name = 'शर्मा' WHERE id = ${who.id}`);
    const hindi = await expectPicture(await get(profilePreview(who.username)));
    expect(hindi.etag).not.toBe(latin.etag);
    await exec(`UPDATE users SET first_name = '王', last_name = '芳' WHERE id = ${who.id}`);
    const chinese = await expectPicture(await get(profilePreview(who.username)));
    expect(chinese.etag).not.toBe(hindi.etag);
  });
});

describe('brand pictures', () => {
  it('draws a brand with listed models, and 404 for an unknown one', async () => {
    const [brand] = await query<{ id: number }>(
      t.database,
      `SELECT brand_id AS id FROM products WHERE category_id = 'C001' AND NOT hidden GROUP BY brand_id
       ORDER BY count(*) DESC LIMIT 1`,
    );
    await expectPicture(await get(brandPreview(brand!.id)));
    expectNotFound(await get(brandPreview(2_147_483_000)), 'unknown');
    expectNotFound(await get('/previews/brand/samsung.png'), 'malformed');
  });
});
