/**
 * The editors' API (issue 19): who may call it, and the catalogue's history that every change writes a line to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { member, productId } from '../../../test/community.ts';
import { recordChange } from './history.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/catalogue/api/v1';
const history = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ url: `${API}/changes${query}`, headers });

describe('catalogue editing API', () => {
  it('answers 401 signed out, 403 to members, moderators and editors on the admins’ history', async () => {
    const anonymous = await history();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERRORS.UNAUTHENTICATED.message);
    for (const role of ['user', 'moderator', 'editor'] as const) {
      const res = await history((await member(t, { role })).headers);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(ERRORS.FORBIDDEN.message);
    }
    expect((await history((await member(t, { role: 'admin' })).headers)).statusCode).toBe(200);
  });

  it('an unknown path under /catalogue/api is a JSON 404, whoever asks', async () => {
    const res = await t.app.inject({ url: `${API}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('lists the history newest first: who, what, on what, before and after; never stored by a cache', async () => {
    const [editor, suggester, admin] = [
      await member(t, { role: 'editor' }),
      await member(t),
      await member(t, { role: 'admin' }),
    ];
    const id = await productId(t);
    await recordChange(t.database.db, {
      actorId: editor.id,
      action: 'update_model',
      targetType: 'model',
      targetId: id,
      before: { release_date: null },
      after: { release_date: '2025-10-01' },
    });
    await recordChange(t.database.db, {
      actorId: null,
      action: 'set_price',
      targetType: 'variant',
      targetId: id,
      before: { price: 20_000 },
      after: { price: 18_999 },
      creditedUserId: suggester.id,
    });
    const res = await history(admin.headers, '?size=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.items).toMatchObject([
      {
        action: 'set_price',
        target_type: 'variant',
        target_id: id,
        actor: null,
        credited: { id: suggester.id, username: suggester.username },
        before: { price: 20_000 },
        after: { price: 18_999 },
      },
      {
        action: 'update_model',
        target_type: 'model',
        actor: { id: editor.id, username: editor.username },
        after: { release_date: '2025-10-01' },
      },
    ]);
    expect(Date.parse(body.items[0].created_at)).not.toBeNaN();
  });

  it('a change rolled back leaves no line in the history', async () => {
    const before = (await history((await member(t, { role: 'admin' })).headers)).json().total;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordChange(tx, { actorId: null, action: 'hide', targetType: 'model', targetId: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await history((await member(t, { role: 'admin' })).headers)).json().total).toBe(before);
  });
});
