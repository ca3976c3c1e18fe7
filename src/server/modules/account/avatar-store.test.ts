import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAvatarFiles } from '../../../db/avatar-files.ts';
import { bearer, PASSWORD, signUp } from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { DAY } from '../../lib/clock.ts';
import { accountMaintenance } from './maintenance.ts';

const api = '/user/api/v1';
const clock = new TestClock();
/** Two nodes of the site on one database, each with a $DATA_DIR of its own. */
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  a = await createTestApp({}, undefined, { clock });
  b = await createTestApp({}, undefined, { clock, sameDatabaseAs: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();

async function upload(t: TestContext, token: string): Promise<string> {
  const { payload, headers } = multipartBody([{ field: 'image', data: await photo() }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${api}/user/upload-user-image`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { user: { image: string } }).user.image;
}

describe('profile photos on two nodes', () => {
  it('are served by every node, with the same headers, and removed for every node', async () => {
    const { token } = await signUp(a);
    const url = await upload(a, token);
    const fromA = await a.app.inject({ url });
    const fromB = await b.app.inject({ url });
    for (const res of [fromA, fromB]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(res.rawPayload.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
      });
    }
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');
    // Nothing is written to either node's folder.
    expect(existsSync(join(a.dataDir, 'uploads'))).toBe(false);
    expect(existsSync(join(b.dataDir, 'uploads'))).toBe(false);

    const removed = await b.app.inject({
      method: 'DELETE',
      url: `${api}/user/delete-user-image`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await a.app.inject({ url })).statusCode).toBe(404);
  });

  it('are erased with the account, seven days after its deletion', async () => {
    const { token } = await signUp(a);
    const url = await upload(b, token);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `${api}/user/delete`,
      headers: bearer(token),
      payload: { currentPassword: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    // Kept while the account can still be restored.
    await accountMaintenance(a.services);
    expect((await b.app.inject({ url })).statusCode).toBe(200);
    clock.advance(8 * DAY);
    expect((await accountMaintenance(a.services)).erased).toBeGreaterThanOrEqual(1);
    expect((await b.app.inject({ url })).statusCode).toBe(404);
    expect(await a.services.avatars.get(url.replace('/uploads/avatars/', ''))).toBeNull();
    const file = url.replace('/uploads/avatars/', '');
    expect(await query(a.database, `SELECT 1 FROM users WHERE image = '${file}'`)).toEqual([]);
  });
});

describe('photos kept in the folder by earlier versions', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'verdict-avatars-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('move into the database once, and are then served by every node', async () => {
    const { token } = await signUp(a);
    const user = await a.app.inject({ url: `${api}/user`, headers: bearer(token) });
    const { username } = (user.json() as { user: { username: string } }).user;
    const file = 'legacyPhotoFromTheFolder_0001.webp';
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a27' } })
      .webp()
      .toBuffer();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, file), bytes);
    await a.database.db.execute(`UPDATE users SET image = '${file}' WHERE username = '${username}'`);
    // A user whose file is gone from the folder keeps nothing to move (and stops nothing).
    const other = await signUp(a);
    await a.database.db.execute(
      `UPDATE users SET image = 'goneFromTheFolderLongAgo_01.webp' WHERE username = '${other.form.username}'`,
    );

    expect(await importAvatarFiles(a.database.db, dir)).toEqual({ moved: 1, missing: 1 });
    const served = await b.app.inject({ url: `/uploads/avatars/${file}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // Idempotent: a second start moves nothing.
    expect(await importAvatarFiles(a.database.db, dir)).toEqual({ moved: 0, missing: 1 });
  });
});
