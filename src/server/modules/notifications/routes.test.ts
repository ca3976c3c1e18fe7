import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../shared/notifications.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { REVIEW_FORM } from '../../../test/moderation.ts';
import { accountMaintenance } from '../account/maintenance.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLATFORM = '/platform/api/v1';
const API = '/user/api/v1/notifications';

const send = async (m: Member, method: 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: m.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const notices = async (m: Member, q = '') => {
  const res = await t.app.inject({ url: `${API}${q}`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsPage>();
};
const unread = async (m: Member) =>
  (await t.app.inject({ url: `${API}/unread-count`, headers: m.headers })).json<{ unread: number }>().unread;
/** A change made straight in the database, then said as every API write says it (nodes forget what it changes). */
const change = async (text: string) => {
  await query(t.database, text);
  await t.services.invalidatePages();
};
const read = (m: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/read`, headers: m.headers, payload });

let n = 0;
/** A review by `author` on a phone of its own (one review per member and phone). */
async function review(author: Member): Promise<{ id: number; productId: number }> {
  const product = await productId(t, 40 + n++);
  const body = await send(author, 'POST', `${PLATFORM}/product/${product}/review`, REVIEW_FORM);
  return { id: body.review.id, productId: product };
}

describe('notifications', () => {
  it('tell the author of a review, a comment and a question, and never oneself', async () => {
    const [asha, bala, chitra] = [await member(t), await member(t), await member(t)];
    const r = await review(asha);
    const comment = (
      await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, {
        text: 'Which charger do you use?',
      })
    ).comment;
    // Asha's own comment under her review tells nobody.
    await send(asha, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Thanks for reading!' });
    await send(chitra, 'POST', `${PLATFORM}/product/review/comment/${comment.id}/reply`, {
      text: 'The one in the box.',
    });
    const question = (
      await send(asha, 'POST', `${PLATFORM}/product/${r.productId}/questions`, {
        text: 'Does it heat up while gaming?',
      })
    ).question;
    await send(bala, 'POST', `${PLATFORM}/product/question/${question.id}/answers`, {
      text: 'A little, after half an hour of BGMI.\nNothing worrying.',
    });

    const mine = await notices(asha);
    expect(mine).toMatchObject({ success: true, page: 0, size: 6, total: 2, unread: 2 });
    expect(mine.items.map((i) => i.kind)).toEqual(['answer', 'comment']);
    const [answer, commented] = mine.items;
    expect(answer).toMatchObject({
      read: false,
      actor: { username: bala.username, name: 'Test Member' },
      text: 'A little, after half an hour of BGMI. Nothing worrying.',
      href: `/product/${r.productId}#questions-heading`,
    });
    expect(answer!.product).toMatch(/\S+ \S+/);
    expect(commented).toMatchObject({
      text: 'Which charger do you use?',
      href: `/product/${r.productId}/review/${r.id}`,
    });
    expect(await unread(asha)).toBe(2);

    const balas = await notices(bala);
    expect(balas.items).toHaveLength(1);
    expect(balas.items[0]).toMatchObject({
      kind: 'reply',
      actor: { username: chitra.username },
      text: 'The one in the box.',
    });
    expect(await unread(chitra)).toBe(0);
  });

  it('marks one, or all, read; another member’s ids change nothing', async () => {
    const [asha, bala] = [await member(t), await member(t)];
    const r = await review(asha);
    const other = await review(bala);
    for (const text of ['First question here', 'Second one', 'Third one'])
      await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text });
    await send(asha, 'POST', `${PLATFORM}/product/review/${other.id}/comment`, { text: 'For Bala' });
    const [newest] = (await notices(asha)).items;
    const balasId = (await notices(bala)).items[0]!.id;

    // Asha sends Bala's id: nothing changes for either.
    const foreign = await read(asha, { ids: [balasId] });
    expect(foreign.json()).toEqual({ success: true, unread: 3 });
    expect(await unread(bala)).toBe(1);

    expect((await read(asha, { ids: [newest!.id] })).json()).toEqual({ success: true, unread: 2 });
    // Bala's three comments on one review are one item while alike; the one read now stands apart.
    const grouped = (await notices(asha)).items;
    expect(grouped.map((i) => [i.read, i.count])).toEqual([
      [true, 1],
      [false, 2],
    ]);
    // Two comments by one person are not "and 1 other".
    expect(grouped[1]!.title).toBe('Test Member commented on your review');
    expect((await read(asha, { all: true })).json()).toEqual({ success: true, unread: 0 });
    expect(await unread(bala)).toBe(1);

    for (const bad of [
      {},
      { ids: [] },
      { ids: [1], all: true },
      { all: false },
      { ids: ['x'] },
      { ids: Array(101).fill(1) },
    ]) {
      const res = await read(asha, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    for (const [method, url] of [
      ['GET', API],
      ['GET', `${API}/unread-count`],
      ['POST', `${API}/read`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { all: true } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('leave out hidden and deleted posts and deleted accounts, and go with an erased account', async () => {
    const [asha, bala, chitra] = [await member(t), await member(t), await member(t)];
    const r = await review(asha);
    const hidden = (
      await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Hidden soon' })
    ).comment;
    const deleted = (
      await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Deleted soon' })
    ).comment;
    await send(chitra, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, {
      text: 'From an account about to go',
    });
    expect(await unread(asha)).toBe(3);

    await change(`UPDATE review_comments SET hidden_at = now() WHERE id = ${hidden.id}`);
    expect((await notices(asha)).items.map((i) => i.text)).not.toContain('Hidden soon');
    expect(await unread(asha)).toBe(2);
    await change(`UPDATE review_comments SET hidden_at = NULL WHERE id = ${hidden.id}`);
    expect(await unread(asha)).toBe(3);

    await send(bala, 'DELETE', `${PLATFORM}/product/review/comment/${deleted.id}`);
    const [left] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM notifications WHERE kind = 'comment' AND target_id = ${deleted.id}`,
    );
    expect(left!.n).toBe(0);
    expect(await unread(asha)).toBe(2);

    await change(`UPDATE users SET deleted_at = now() WHERE id = ${chitra.id}`);
    expect((await notices(asha)).items.map((i) => i.text)).toEqual(['Hidden soon']);
    expect(await unread(asha)).toBe(1);

    // Her settings, mutes and price alerts go too: an erased account's alert must not fire.
    await t.app.inject({
      method: 'PUT',
      url: `${API}/settings`,
      headers: asha.headers,
      payload: { price: 'email' },
    });
    await t.app.inject({ method: 'PUT', url: `${API}/mutes/review/${r.id}`, headers: asha.headers });
    await query(
      t.database,
      `INSERT INTO price_alerts (user_id, product_id, below) VALUES (${asha.id}, ${r.productId}, 1)`,
    );
    await query(t.database, `UPDATE users SET deleted_at = now() - interval '8 days' WHERE id = ${asha.id}`);
    await accountMaintenance(t.services);
    for (const table of ['price_alerts', 'notification_settings', 'notification_mutes']) {
      const [kept] = await query<{ n: number }>(
        t.database,
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = ${asha.id}`,
      );
      expect(kept!.n, table).toBe(0);
    }
    const [gone] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = ${asha.id} OR actor_id = ${asha.id}`,
    );
    expect(gone!.n).toBe(0);
  });

  it('under a hidden review, show only to the review’s author', async () => {
    const [asha, bala, chitra] = [await member(t), await member(t), await member(t)];
    const b = await review(bala);
    const comment = (
      await send(asha, 'POST', `${PLATFORM}/product/review/${b.id}/comment`, { text: 'Nice one' })
    ).comment;
    await send(chitra, 'POST', `${PLATFORM}/product/review/comment/${comment.id}/reply`, { text: 'Agreed' });
    expect([await unread(bala), await unread(asha)]).toEqual([1, 1]);
    await change(`UPDATE reviews SET hidden_at = now() WHERE id = ${b.id}`);
    expect([await unread(bala), await unread(asha)]).toEqual([1, 0]);
    expect((await notices(asha)).items).toEqual([]);
  });
});
