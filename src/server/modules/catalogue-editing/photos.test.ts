/**
 * Product photos through the API (issue 19): who may change them, what an upload, a reorder and a removal
 * store (products.photo_id is always the first photo; one history line per change), how the files are served,
 * and the first photo as the product's image on cards, suggestions and the product page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/sql.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { PHOTO_MAX_BYTES, PHOTO_TEXTS, type PhotoList, photoUrl } from '../../../shared/photos.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { addTestPhotos, modelPhotoId, testPhoto, uploadPhotos } from '../../../test/photos.ts';

let t: TestContext;
let editor: Member;
beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
});
afterAll(() => t.close());

const API = '/catalogue/api/v1';

/** Phone models, each used by one test only (so no test sees another's photos or a cached page). */
let nextModel = 0;
async function freshModel(): Promise<{ id: number; brandId: number; model: string; cardId: number }> {
  const [row] = await rows<{ id: number; brand_id: number; model: string; card_id: number }>(
    t.database.db,
    sql`SELECT id, brand_id, model, coalesce(default_variant_id, id) AS card_id FROM products
      WHERE category_id = 'C001' AND NOT hidden AND verified ORDER BY id OFFSET ${10 + nextModel++} LIMIT 1`,
  );
  return { id: row!.id, brandId: row!.brand_id, model: row!.model, cardId: row!.card_id };
}

async function historyOf(targetType: string, targetIds: number[]) {
  return rows<{ action: string; target_id: number; actor_id: number; before: unknown; after: unknown }>(
    t.database.db,
    sql`SELECT action, target_id, actor_id, before, after FROM catalogue_changes
      WHERE target_type = ${targetType} AND target_id = ANY(${`{${targetIds.join(',')}}`}::int[]) ORDER BY id`,
  );
}

const photoRows = async (modelId: number) =>
  rows<{ id: number; position: number }>(
    t.database.db,
    sql`SELECT id, position FROM product_photos WHERE product_id = ${modelId} ORDER BY position, id`,
  );

const order = (modelId: number, photoIds: unknown, who: Pick<Member, 'headers'> = editor) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/models/${modelId}/photos/order`,
    payload: { photo_ids: photoIds },
    headers: who.headers,
  });

const remove = (photoId: number, who: Pick<Member, 'headers'> = editor) =>
  t.app.inject({ method: 'DELETE', url: `${API}/photos/${photoId}`, headers: who.headers });

describe('photo API: who may call it', () => {
  it('answers 401 signed out and 403 to members and moderators, on every endpoint, before reading the body', async () => {
    const { id } = await freshModel();
    const photo = await testPhoto(400, 300);
    const calls = (who?: Member) => [
      t.app.inject({ url: `${API}/models/${id}/photos`, headers: who?.headers ?? {} }),
      uploadPhotos(t, id, [photo], who),
      order(id, [1], who ?? { headers: {} as Member['headers'] }),
      remove(1, who ?? { headers: {} as Member['headers'] }),
    ];
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ERRORS.UNAUTHENTICATED.message);
    }
    for (const role of ['user', 'moderator'] as const) {
      for (const res of await Promise.all(calls(await member(t, { role })))) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message).toBe(ERRORS.FORBIDDEN.message);
      }
    }
    // Nothing was stored by the refused uploads.
    expect(await photoRows(id)).toEqual([]);
    const admin = await member(t, { role: 'admin' });
    expect(
      (await t.app.inject({ url: `${API}/models/${id}/photos`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await uploadPhotos(t, id, [photo], admin)).statusCode).toBe(200);
  });
});

describe('photo API: add, reorder, remove', () => {
  it('adds several photos in one upload through any variant id; the first is the model image; one line each', async () => {
    const [variant] = await rows<{ id: number; product_id: number }>(
      t.database.db,
      sql`SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id <> v.product_id AND NOT p.hidden AND p.photo_id IS NULL ORDER BY v.id DESC LIMIT 1`,
    );
    const modelId = variant!.product_id;
    const res = await uploadPhotos(
      t,
      variant!.id,
      [await testPhoto(1600, 1200, '#c33'), await testPhoto(300, 600, '#36c')],
      editor,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as PhotoList;
    expect(body.model_id).toBe(modelId);
    expect(body.photos.map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 1024, 768],
      [1, 300, 600],
    ]);
    expect(body.photos[0]!.url).toBe(photoUrl(body.photos[0]!.id, 1024));
    expect(await modelPhotoId(t, modelId)).toBe(body.photos[0]!.id);

    const ids = body.photos.map((p) => p.id);
    const lines = await historyOf('photo', ids);
    expect(lines).toMatchObject([
      {
        action: 'add_photo',
        target_id: ids[0],
        actor_id: editor.id,
        after: { product_id: modelId, position: 0 },
      },
      {
        action: 'add_photo',
        target_id: ids[1],
        actor_id: editor.id,
        after: { product_id: modelId, position: 1 },
      },
    ]);

    // A later upload goes after them; the first photo stays the image.
    const more = await addTestPhotos(t, modelId, editor, [await testPhoto(800, 800, '#3c6')]);
    expect(more.photos.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(await modelPhotoId(t, modelId)).toBe(ids[0]);

    // The editor's list says the same, in order, and is never cached.
    const list = await t.app.inject({ url: `${API}/models/${variant!.id}/photos`, headers: editor.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect((list.json() as PhotoList).photos.map((p) => p.id)).toEqual(more.photos.map((p) => p.id));
  });

  it('reorders: products.photo_id follows the new first photo; a list that is not exactly the photos is a 400', async () => {
    const { id } = await freshModel();
    const { photos } = await addTestPhotos(t, id, editor, [
      await testPhoto(400, 300, '#111'),
      await testPhoto(400, 300, '#222'),
      await testPhoto(400, 300, '#333'),
    ]);
    const [a, b, c] = photos.map((p) => p.id) as [number, number, number];
    const other = (await addTestPhotos(t, (await freshModel()).id, editor, [await testPhoto(200, 200)]))
      .photos[0]!.id;

    for (const wrong of [[a, b], [a, b, c, other], [a, b, other], [a, a, b], []]) {
      const res = await order(id, wrong);
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await order(id, [a, b, other])).json().message).toBe(PHOTO_TEXTS.order);
    expect((await order(id, 'abc')).statusCode).toBe(400);
    expect((await photoRows(id)).map((r) => r.id)).toEqual([a, b, c]);
    expect(await historyOf('model', [id])).toEqual([]);

    const res = await order(id, [c, a, b]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PhotoList).photos.map((p) => [p.id, p.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(await modelPhotoId(t, id)).toBe(c);
    expect(await historyOf('model', [id])).toMatchObject([
      {
        action: 'order_photos',
        actor_id: editor.id,
        before: { photo_ids: [a, b, c] },
        after: { photo_ids: [c, a, b] },
      },
    ]);
    // The same order again changes nothing and writes no line.
    expect((await order(id, [c, a, b])).statusCode).toBe(200);
    expect(await historyOf('model', [id])).toHaveLength(1);
  });

  it('removes: the next photo becomes the image, the last removal brings back the drawing; files answer 404', async () => {
    const { id } = await freshModel();
    const { photos } = await addTestPhotos(t, id, editor, [
      await testPhoto(700, 500, '#111'),
      await testPhoto(700, 500, '#222'),
    ]);
    const [a, b] = photos.map((p) => p.id) as [number, number];
    const file = photoUrl(a, 640);
    expect((await t.app.inject({ url: file })).statusCode).toBe(200); // and now in the in-process cache

    const res = await remove(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, model_id: id });
    expect(await modelPhotoId(t, id)).toBe(b);
    expect(await photoRows(id)).toEqual([{ id: b, position: 0 }]);
    expect((await t.app.inject({ url: file })).statusCode).toBe(404);
    expect((await t.app.inject({ url: photoUrl(a, 320, 'avif') })).statusCode).toBe(404);
    const [files] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM product_photo_files WHERE photo_id = ${a}`,
    );
    expect(files!.n).toBe(0);

    expect((await remove(b)).statusCode).toBe(200);
    expect(await modelPhotoId(t, id)).toBeNull();
    expect(await historyOf('photo', [a, b])).toMatchObject([
      { action: 'add_photo', target_id: a },
      { action: 'add_photo', target_id: b },
      { action: 'remove_photo', target_id: a, actor_id: editor.id, before: { product_id: id, position: 0 } },
      { action: 'remove_photo', target_id: b, actor_id: editor.id, before: { product_id: id, position: 0 } },
    ]);

    const again = await remove(a);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PHOTO_TEXTS.notFound);
    expect((await remove(2_147_483_000)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/photos/abc`, headers: editor.headers }))
        .statusCode,
    ).toBe(400);
  });
});

describe('photo API: refused uploads store nothing', () => {
  const send = (modelId: number, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `${API}/models/${modelId}/photos`,
      payload,
      headers: { ...headers, ...editor.headers },
    });
  };

  it('415 for SVG, GIF, PDF and a renamed text file, 413 over 15 MB; with one good file beside them, nothing is kept', async () => {
    const { id } = await freshModel();
    const good = await testPhoto(500, 400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF');
    const text = Buffer.from('not a photo');
    for (const [name, data, type] of [
      ['photo.svg', svg, 'image/svg+xml'],
      ['photo.gif', gif, 'image/gif'],
      ['photo.pdf', pdf, 'application/pdf'],
      ['photo.jpg', text, 'image/jpeg'],
    ] as const) {
      const res = await send(id, [{ data: good }, { filename: name, type, data }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'IMAGE_TYPE', message: PHOTO_TEXTS.type });
    }
    const big = Buffer.concat([good, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await send(id, [{ data: good }, { data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: PHOTO_TEXTS.tooLarge });

    expect(await photoRows(id)).toEqual([]);
    expect(await modelPhotoId(t, id)).toBeNull();
  });

  it('400 for no file, another field name, too many files, not multipart; 404 for an unknown model', async () => {
    const { id } = await freshModel();
    const good = await testPhoto(300, 200);
    expect((await send(id, [])).statusCode).toBe(400);
    expect((await send(id, [{ field: 'image', data: good }])).statusCode).toBe(400);
    const eleven = await send(
      id,
      Array.from({ length: 11 }, () => ({ data: good })),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(PHOTO_TEXTS.tooMany);
    const json = await t.app.inject({
      method: 'POST',
      url: `${API}/models/${id}/photos`,
      payload: { photos: [] },
      headers: editor.headers,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(PHOTO_TEXTS.missing);
    const unknown = await send(2_147_483_000, [{ data: good }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MODEL_NOT_FOUND');
    expect(await photoRows(id)).toEqual([]);
  });
});

describe('photo files', () => {
  it('serve each size and format with its type, a year of immutable caching and an ETag; 304 when unchanged', async () => {
    const { id } = await freshModel();
    const [photo] = (await addTestPhotos(t, id, editor, [await testPhoto(900, 600)])).photos;
    for (const [width, format, type] of [
      [320, 'webp', 'image/webp'],
      [640, 'avif', 'image/avif'],
      [900, 'webp', 'image/webp'],
    ] as const) {
      const res = await t.app.inject({ url: photoUrl(photo!.id, width, format) });
      expect(res.statusCode, `${width}.${format}`).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await t.app.inject({
        url: photoUrl(photo!.id, width, format),
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // Sizes never made (enlargements), other names and other extensions are 404s.
    for (const url of [
      photoUrl(photo!.id, 1024),
      `/images/photos/${photo!.id}-320.jpg`,
      `/images/photos/${photo!.id}-320.webp.svg`,
      '/images/photos/..%2F..%2Fetc%2Fpasswd',
      '/images/photos/0-320.webp',
      '/images/photos/99999999999-320.webp',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

/** The browse card (brand filter, page by page) that opens `cardId`. */
async function browseCard(brandId: number, cardId: number): Promise<unknown> {
  for (let page = 0; page < 20; page++) {
    const res = await t.app.inject({
      url: `/platform/api/v1/browse/category/C001?brand=${brandId}&size=50&page=${page}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().products as { id: number }[];
    const card = cards.find((c) => c.id === cardId);
    if (card || cards.length < 50) return card;
  }
  return undefined;
}

describe('the first photo is the product image', () => {
  it('on the product page (image, srcset data), browse cards, search suggestions and results', async () => {
    const withPhoto = await freshModel();
    const without = await freshModel();
    const { photos } = await addTestPhotos(t, withPhoto.id, editor, [await testPhoto(1300, 1000)]);
    const photo = { id: photos[0]!.id, width: 1024, height: 788 };
    const expected = { image_url: photoUrl(photo.id, 1024), photo };
    const drawing = { image_url: `/images/products/${without.id}.svg`, photo: null };

    const product = (await t.app.inject({ url: `/platform/api/v1/product/${withPhoto.id}` })).json().product;
    expect(product).toMatchObject({ ...expected, image: expected.image_url });
    const plain = (await t.app.inject({ url: `/platform/api/v1/product/${without.id}` })).json().product;
    expect(plain).toMatchObject({ ...drawing, image: drawing.image_url });

    expect(await browseCard(withPhoto.brandId, withPhoto.cardId)).toMatchObject(expected);
    expect(await browseCard(without.brandId, without.cardId)).toMatchObject(drawing);

    const suggest = await t.app.inject({
      url: `/platform/api/v1/search?searchQuery=${encodeURIComponent(withPhoto.model)}`,
    });
    const found = (suggest.json().products as { id: number; image: string; photo: unknown }[]).find(
      (p) => p.id === withPhoto.cardId,
    );
    expect(found).toMatchObject({ image: expected.image_url, photo });
    // A review's product (its page and JSON-LD): the photo's smallest width for the small slot.
    const author = await member(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/platform/api/v1/product/${withPhoto.id}/review`,
      headers: author.headers,
      payload: {
        overall: 4,
        build_quality: 4,
        features: 4,
        look_and_feel: 4,
        performance: 4,
        summary: 'Good phone with a great screen',
        description: 'The screen is bright and the battery lasts a full day of use.',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const rid = posted.json().review.id as number;
    const single = await t.app.inject({ url: `/platform/api/v1/product/${withPhoto.id}/review/${rid}` });
    expect(single.json().review.product.image_url).toBe(photoUrl(photo.id, 320));

    const results = await t.app.inject({
      url: `/platform/api/v1/search?searchQuery=${encodeURIComponent(withPhoto.model)}&page=0&size=20`,
    });
    expect(
      (results.json().products as { id: number; photo: unknown }[]).find((p) => p.id === withPhoto.cardId),
    ).toMatchObject({ photo });
  });
});

describe('photo API documentation', () => {
  it('lists the four endpoints in /api-docs, each needing a Bearer token', async () => {
    const doc = (await t.app.inject('/api-docs')).json() as {
      paths: Record<string, Record<string, { security?: unknown; description?: string }>>;
    };
    const ops = [
      ['/catalogue/api/v1/models/{id}/photos', 'get'],
      ['/catalogue/api/v1/models/{id}/photos', 'post'],
      ['/catalogue/api/v1/models/{id}/photos/order', 'put'],
      ['/catalogue/api/v1/photos/{photoId}', 'delete'],
    ] as const;
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security).toEqual([{ bearer: [] }]);
    }
    // The upload's body is multipart (no JSON schema): its description says what to send.
    expect(doc.paths['/catalogue/api/v1/models/{id}/photos']!.post!.description).toMatch(/multipart form/);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/images/photos'))).toBe(false);
  });
});
