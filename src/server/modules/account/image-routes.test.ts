import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/account.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { toAvatarWebp } from './avatar-image.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UPLOAD = '/user/api/v1/user/upload-user-image';
const REMOVE = '/user/api/v1/user/delete-user-image';

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body, written by hand so each test controls the name, type and bytes it claims. */
function multipart({ field = 'image', filename = 'photo.jpg', type = 'image/jpeg', data }: Part) {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | null, part: Part) {
  const { payload, headers } = multipart(part);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

async function currentImage(token: string): Promise<string | null> {
  const res = await t.app.inject({ url: '/user/api/v1/user', headers: bearer(token) });
  return (res.json() as { user: { image: string | null } }).user.image;
}

/** Whether the photo at this URL is stored (in the database: decision 0021). */
const stored = async (url: string) =>
  (await t.services.avatars.get(url.replace('/uploads/avatars/', ''))) !== null;

/** A camera-like JPEG that carries EXIF with a GPS position, as phones write them. */
const photoWithGps = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .withExif({ IFD0: { Copyright: 'x' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
    .jpeg()
    .toBuffer();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

describe('profile photo upload', () => {
  it('re-encodes a real photo to a small WebP without metadata, served with immutable caching', async () => {
    const { token } = await signUp(t);
    const input = await photoWithGps(1600, 1200);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.length).toBeGreaterThan(0); // the fixture really carries EXIF/GPS

    const res = await upload(token, { data: input });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; message: string; user: Record<string, unknown> };
    expect(body).toMatchObject({ success: true, message: 'image updated' });
    expect(Object.keys(body.user).sort()).toEqual(
      ['email', 'emailVerified', 'firstName', 'image', 'lastName', 'phone', 'username'].sort(),
    );
    const url = String(body.user.image);
    expect(url).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]{20,100}\.webp$/);
    expect(await currentImage(token)).toBe(url);

    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const served = await sharp(file.rawPayload).metadata();
    expect(served.format).toBe('webp');
    expect([served.width, served.height]).toEqual([512, 384]);
    expect(served.exif).toBeUndefined();
    expect(served.icc).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    // Stored under a server-made name, whatever the client called the file.
    expect(await stored(url)).toBe(true);
  });

  it('never enlarges a small photo and accepts PNG and WebP as well', async () => {
    const { token } = await signUp(t);
    const small = await upload(token, { data: await png(100, 80), filename: 'a.png', type: 'image/png' });
    expect(small.statusCode).toBe(200);
    const served = await t.app.inject({ url: (small.json() as { user: { image: string } }).user.image });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(100);

    const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a0' } })
      .webp()
      .toBuffer();
    // The client's file name and type are ignored: only the content counts.
    expect((await upload(token, { data: webp, filename: 'x.txt', type: 'text/plain' })).statusCode).toBe(200);
  });

  it('refuses a text file named photo.jpg sent as image/jpeg with 415 IMAGE_TYPE', async () => {
    const { token } = await signUp(t);
    const res = await upload(token, { data: Buffer.from('just some text, not a photo\n'.repeat(20)) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'IMAGE_TYPE' });
    expect(await currentImage(token)).toBeNull();
  });

  it('refuses an SVG, even one named .png, with 415', async () => {
    const { token } = await signUp(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg'); // sharp could read it: refusal is our rule
    const res = await upload(token, { data: svg, filename: 'avatar.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TYPE' });
  });

  it('refuses a GIF with 415', async () => {
    const { token } = await signUp(t);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const res = await upload(token, { data: gif, filename: 'a.gif', type: 'image/gif' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TYPE' });
  });

  it('answers 400/415, never 500, for a corrupt header, an empty file and a missing image field', async () => {
    const { token } = await signUp(t);
    const jpeg = await photoWithGps();
    const corrupt = Buffer.concat([jpeg.subarray(0, 4), randomBytes(2000)]);
    expect((await upload(token, { data: corrupt })).json()).toMatchObject({ code: 'IMAGE_TYPE' });
    const truncated = await upload(token, { data: jpeg.subarray(0, Math.floor(jpeg.length / 3)) });
    expect(truncated.statusCode).toBe(415);
    expect((await upload(token, { data: Buffer.alloc(0) })).statusCode).toBe(415);

    const wrongField = await upload(token, { data: jpeg, field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'VALIDATION' });
    const { payload, headers } = multipart({ data: jpeg });
    const extra = Buffer.concat([
      Buffer.from(
        `--${headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`,
      ),
      payload,
    ]);
    // A photo to replace, so the change is seen.
    expect((await upload(token, { data: await png(40, 40), type: 'image/png' })).statusCode).toBe(200);
    const before = await currentImage(token);
    expect(before).not.toBeNull();
    const withField = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: extra,
      headers: { ...headers, ...bearer(token) },
    });
    expect(withField.statusCode).toBeLessThan(500); // the plain field is dropped (limits.fields = 0)
    // Dropped, not refused: the file after it is taken as the new photo.
    expect(withField.statusCode, withField.body).toBe(200);
    const image = (withField.json() as { user: { image: string } }).user.image;
    expect(image).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]{20,100}\.webp$/);
    expect(image).not.toBe(before);
    expect(await currentImage(token)).toBe(image);
    expect(await stored(image)).toBe(true);
    const broken = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: payload.subarray(0, 500),
      headers: { ...headers, ...bearer(token) },
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: { 'content-type': 'multipart/form-data', ...bearer(token) },
    });
    expect(noBoundary.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: bearer(token),
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('refuses a file over 5 MB with 413 IMAGE_TOO_LARGE and keeps the current photo', async () => {
    const { token } = await signUp(t);
    const first = await upload(token, { data: await photoWithGps() });
    const before = (first.json() as { user: { image: string } }).user.image;

    const big = Buffer.concat([await photoWithGps(), randomBytes(5 * 1024 * 1024)]);
    const res = await upload(token, { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'IMAGE_TOO_LARGE' });
    expect(await currentImage(token)).toBe(before);
    expect(await stored(before)).toBe(true);
  });

  it('refuses an image wider than 4,000 px with 400 IMAGE_DIMENSIONS', async () => {
    const { token } = await signUp(t);
    const res = await upload(token, { data: await png(4001, 10), filename: 'wide.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMAGE_DIMENSIONS' });
    expect((await upload(token, { data: await png(4000, 10), type: 'image/png' })).statusCode).toBe(200);
  });

  it('refuses an image over the pixel limit with the size message, not the type one', async () => {
    const { token } = await signUp(t);
    for (const [width, height] of [
      [4001, 4001],
      [5000, 5000],
    ] as const) {
      const res = await upload(token, {
        data: await png(width, height),
        filename: 'huge.png',
        type: 'image/png',
      });
      expect(res.statusCode, `${width} × ${height}`).toBe(400);
      expect(res.json(), `${width} × ${height}`).toEqual({
        success: false,
        code: 'IMAGE_DIMENSIONS',
        message: 'Images must be at most 4,000 × 4,000 pixels.',
      });
    }
  });

  it('needs a session: 401 without a token', async () => {
    const res = await upload(null, { data: await photoWithGps() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await t.app.inject({ method: 'DELETE', url: REMOVE })).statusCode).toBe(401);
  });

  it('deletes the old photo when a photo is replaced', async () => {
    const { token } = await signUp(t);
    const first = (await upload(token, { data: await photoWithGps() })).json() as { user: { image: string } };
    expect(await stored(first.user.image)).toBe(true);
    const second = (await upload(token, { data: await png(300, 300), type: 'image/png' })).json() as {
      user: { image: string };
    };
    expect(second.user.image).not.toBe(first.user.image);
    expect(await stored(first.user.image)).toBe(false);
    expect(await stored(second.user.image)).toBe(true);
    expect((await t.app.inject({ url: first.user.image })).statusCode).toBe(404);
  });
});

describe('profile photo removal', () => {
  it('sets the image to null, removes the file and answers "image removed"', async () => {
    const { token } = await signUp(t);
    const url = ((await upload(token, { data: await photoWithGps() })).json() as { user: { image: string } })
      .user.image;
    const res = await t.app.inject({ method: 'DELETE', url: REMOVE, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'image removed' });
    expect(await currentImage(token)).toBeNull();
    expect(await stored(url)).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    // Removing again is harmless.
    expect((await t.app.inject({ method: 'DELETE', url: REMOVE, headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });
});

describe('avatar file route', () => {
  it('answers 404 JSON for path traversal, other extensions and unknown names', async () => {
    for (const url of [
      '/uploads/avatars/..%2F..%2Fetc%2Fpasswd',
      '/uploads/avatars/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fhostname',
      '/uploads/avatars/abcdefghijklmnopqrstuvwxyz.png',
      '/uploads/avatars/abcdefghijklmnopqrstuvwxyz.webp.png',
      `/uploads/avatars/${'a'.repeat(43)}.webp`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('toAvatarWebp', () => {
  it('auto-orients using the EXIF orientation before stripping it', async () => {
    // 200 x 100 stored, orientation 6 (rotate 90°): shown as 100 x 200.
    const rotated = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#123' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await sharp(await toAvatarWebp(rotated)).metadata();
    expect([out.width, out.height]).toEqual([100, 200]);
    expect(out.orientation).toBeUndefined();
  });
});
