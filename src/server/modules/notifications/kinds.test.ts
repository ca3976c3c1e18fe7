/**
 * Notifications beyond replies (issue 23): useful milestones, followers, followed authors' reviews, moderation,
 * price drops on alerts and favourites, settings per kind, muted threads, grouping, and the daily digest with
 * its signed one-click unsubscribe, mailed through a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../shared/notifications.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { REVIEW_FORM } from '../../../test/moderation.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { passEndingNotices } from './notices.ts';

let t: TestContext;
let smtp: TestSmtp;
let editor: Member;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  editor = await member(t, { role: 'editor' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PLATFORM = '/platform/api/v1';
const USER = '/user/api/v1';
const API = `${USER}/notifications`;

const send = async (m: Member | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: m?.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const notices = async (m: Member) => {
  const res = await t.app.inject({ url: `${API}?size=20`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsPage>().items;
};
const unread = async (m: Member) =>
  (await t.app.inject({ url: `${API}/unread-count`, headers: m.headers })).json<{ unread: number }>().unread;

let n = 0;
async function review(author: Member): Promise<{ id: number; productId: number }> {
  const product = await productId(t, 300 + n++);
  const body = await send(author, 'POST', `${PLATFORM}/product/${product}/review`, REVIEW_FORM);
  return { id: body.review.id, productId: product };
}

/** A shown phone with a price and one of its variants. */
async function pricedModel(offset: number) {
  const [row] = await query<{ id: number; price: number; variant_id: number }>(
    t.database,
    `SELECT p.id, p.price, v.id AS variant_id FROM products p JOIN product_variants v ON v.id = p.default_variant_id
     WHERE p.category_id = 'C001' AND NOT p.hidden AND p.price > 20000 ORDER BY p.id OFFSET ${offset} LIMIT 1`,
  );
  return row!;
}
const setPrice = (variantId: number, price: number) =>
  send(editor, 'PUT', `/catalogue/api/v1/variants/${variantId}/price`, {
    price,
    source: 'Amazon.in',
    observed_at: todayInIndia(),
  });

describe('notification kinds', () => {
  it('tells a review’s author at 1 useful (once), a followee of a follower, followers of a new review', async () => {
    const [asha, bala, chitra] = [await member(t), await member(t), await member(t)];
    const r = await review(asha);
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/react`, { reaction: 'useful' });
    // Taken back and given again: still one notice for the first useful.
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/react`, { reaction: 'useful' });
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/react`, { reaction: 'useful' });
    const useful = (await notices(asha)).filter((i) => i.kind === 'useful');
    expect(useful).toHaveLength(1);
    expect(useful[0]).toMatchObject({
      title: 'Someone found your review useful',
      actor: null,
      href: `/product/${r.productId}/review/${r.id}`,
    });

    await send(bala, 'POST', `${USER}/user/follow`, { username: asha.username, follow: true });
    await send(chitra, 'POST', `${USER}/user/follow`, { username: asha.username, follow: true });
    const [followers] = (await notices(asha)).filter((i) => i.kind === 'follower');
    expect(followers).toMatchObject({ count: 2, title: 'Test Member and 1 other started following you' });
    // An unfollow takes its unread notice back.
    await send(chitra, 'POST', `${USER}/user/follow`, { username: asha.username, follow: false });
    expect((await notices(asha)).find((i) => i.kind === 'follower')).toMatchObject({ count: 1 });

    const second = await review(asha);
    const [told] = (await notices(bala)).filter((i) => i.kind === 'review');
    expect(told).toMatchObject({
      title: 'Test Member posted a new review',
      href: `/product/${second.productId}/review/${second.id}`,
    });
    expect((await notices(chitra)).filter((i) => i.kind === 'review')).toHaveLength(0);
    // Deleting the review takes its notices with it.
    await send(asha, 'DELETE', `${PLATFORM}/product/review/${second.id}`);
    expect((await notices(bala)).filter((i) => i.kind === 'review')).toHaveLength(0);
  });

  it('tells the author when a moderator hides their post, with the reason', async () => {
    const [asha, mod] = [await member(t), await member(t, { role: 'moderator' })];
    const r = await review(asha);
    await send(mod, 'POST', '/moderation/api/v1/actions', {
      target_type: 'review',
      target_id: r.id,
      action: 'hide',
      reason: 'Off-topic rant',
    });
    const [notice] = (await notices(asha)).filter((i) => i.kind === 'moderation');
    expect(notice).toMatchObject({
      title: 'A moderator hid your review',
      text: 'Reason: Off-topic rant',
      actor: null,
    });
  });

  it('fires a price alert once, tells those who saved the model of a lower price, and limits alerts to 50', async () => {
    const [asha, bala, chitra] = [await member(t), await member(t), await member(t)];
    const model = await pricedModel(0);
    const url = `${USER}/user/alerts/${model.id}`;
    const notBelow = await t.app.inject({
      method: 'PUT',
      url,
      headers: asha.headers,
      payload: { below: model.price },
    });
    expect(notBelow.statusCode).toBe(400);
    expect(notBelow.json().message).toBe(ERRORS.ALERT_NOT_BELOW.message);
    const set = await send(asha, 'PUT', url, { below: model.price - 1000 });
    expect(set).toMatchObject({
      product_id: model.id,
      alert: { below: model.price - 1000, fired_at: null },
      total: 1,
    });
    await send(bala, 'POST', `${USER}/user/favourites/${model.id}`);
    // Chitra saved it too but turned price notices off.
    await send(chitra, 'POST', `${USER}/user/favourites/${model.id}`);
    await send(chitra, 'PUT', `${API}/settings`, { price: 'off' });

    await setPrice(model.variant_id, model.price - 500); // down, but not below Asha's price
    expect((await notices(asha)).filter((i) => i.kind === 'price')).toHaveLength(0);
    const [drop] = (await notices(bala)).filter((i) => i.kind === 'price');
    expect(drop).toMatchObject({ href: `/product/${model.id}`, actor: null });
    expect(drop!.text).toMatch(/^Down from ₹/);
    expect(await notices(chitra)).toHaveLength(0);

    await setPrice(model.variant_id, model.price - 2000);
    await setPrice(model.variant_id, model.price - 3000);
    const fired = (await notices(asha)).filter((i) => i.kind === 'price');
    expect(fired).toHaveLength(1);
    expect(fired[0]!.title).toMatch(/^Price drop: now ₹/);
    expect(fired[0]!.text).toMatch(/^Below your alert of ₹/);
    const list = await t.app.inject({ url: `${USER}/user/alerts`, headers: asha.headers });
    expect(list.json().alerts[0].fired_at).not.toBeNull();

    // 50 alerts at most; another member's alerts are theirs; unknown products 404.
    const many = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE NOT hidden AND price IS NOT NULL AND id <> ${model.id} ORDER BY id LIMIT 50`,
    );
    for (const p of many) await send(bala, 'PUT', `${USER}/user/alerts/${p.id}`, { below: 1 });
    const full = await t.app.inject({
      method: 'PUT',
      url: `${USER}/user/alerts/${model.id}`,
      headers: bala.headers,
      payload: { below: 1 },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(ERRORS.ALERTS_FULL.message);
    // Changing one of the fifty is not a new one.
    expect((await send(bala, 'PUT', `${USER}/user/alerts/${many[0]!.id}`, { below: 2 })).total).toBe(50);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${USER}/user/alerts/99999999`,
      headers: bala.headers,
      payload: { below: 1 },
    });
    expect(missing.statusCode).toBe(404);
    for (const bad of [{}, { below: 0 }, { below: 1.5 }, { below: 'x' }]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: asha.headers, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.app.inject({ method: 'PUT', url, payload: { below: 1 } })).statusCode).toBe(401);
  });

  it('keeps settings per kind, and mutes a thread', async () => {
    const [asha, bala] = [await member(t), await member(t)];
    const settings = await t.app.inject({ url: `${API}/settings`, headers: asha.headers });
    expect(settings.json().settings).toMatchObject({ comment: 'app', price: 'app', pass: 'app' });
    expect((await send(asha, 'PUT', `${API}/settings`, { answer: 'off' })).settings).toMatchObject({
      answer: 'off',
      comment: 'app',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${API}/settings`,
      headers: asha.headers,
      payload: { comment: 'sms' },
    });
    expect(bad.statusCode).toBe(400);

    const r = await review(asha);
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'First comment here' });
    const [item] = await notices(asha);
    expect(item).toMatchObject({ kind: 'comment', thread: { kind: 'review', id: r.id }, muted: false });
    expect(await send(asha, 'PUT', `${API}/mutes/review/${r.id}`)).toMatchObject({ muted: true });
    expect((await notices(asha))[0]).toMatchObject({ muted: true });
    const before = await unread(asha);
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Second comment here' });
    expect(await unread(asha)).toBe(before);
    await send(asha, 'DELETE', `${API}/mutes/review/${r.id}`);
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Third comment here' });
    expect(await unread(asha)).toBe(before + 1);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${API}/mutes/review/99999999`,
      headers: asha.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('groups alike notices, and a group of more than 100 can still be marked read', async () => {
    const [asha, bala] = [await member(t), await member(t)];
    const r = await review(asha);
    const { comment } = await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, {
      text: 'Hi',
    });
    await query(
      t.database,
      `INSERT INTO notifications (user_id, kind, actor_id, target_id, group_key)
       SELECT ${asha.id}, 'comment', ${bala.id}, ${comment.id}, ${r.id} FROM generate_series(1, 119)`,
    );
    const [group] = await notices(asha);
    expect(group).toMatchObject({ count: 120, title: 'Test Member commented on your review' });
    expect(group!.ids).toHaveLength(100);
    const read = await send(asha, 'POST', `${API}/read`, { ids: group!.ids });
    expect(read.unread).toBe(20);
    // The newest hundred are read (the group of them is newest); the twenty older ones stay unread.
    expect((await notices(asha)).map((i) => [i.read, i.count])).toEqual([
      [true, 100],
      [false, 20],
    ]);
  });

  it('tells a pass holder once that the pass ends within 3 days, and forgets it when renewed', async () => {
    const asha = await member(t);
    const now = t.services.clock.now();
    const ends = new Date(now.getTime() + 2 * 86_400_000).toISOString();
    await query(t.database, `INSERT INTO passes (user_id, ends_at) VALUES (${asha.id}, '${ends}')`);
    await passEndingNotices(t.database.db, now);
    await passEndingNotices(t.database.db, now);
    const told = (await notices(asha)).filter((i) => i.kind === 'pass');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ href: '/my-account', actor: null });
    expect(told[0]!.title).toMatch(/^Your ReviewPass ends on /);
    await query(
      t.database,
      `UPDATE passes SET ends_at = ends_at + interval '30 days' WHERE user_id = ${asha.id}`,
    );
    expect((await notices(asha)).filter((i) => i.kind === 'pass')).toHaveLength(0);
  });

  it('mails a daily digest with a signed one-click unsubscribe that needs no sign-in', async () => {
    const [asha, bala] = [await member(t), await member(t)];
    await send(asha, 'PUT', `${API}/settings`, { comment: 'email' });
    const r = await review(asha);
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Emailed comment' });
    expect(await t.services.digest.sendDue()).toBeGreaterThanOrEqual(1);
    const mail = await smtp.mailTo(`${asha.username}@example.com`);
    expect(mail.subject).toBe('Your Verdict notification');
    expect(mail.text).toContain('Test Member commented on your review');
    expect(mail.text).toContain('Emailed comment');
    const raw = smtp.received.find((m) => m.to.includes(`${asha.username}@example.com`))!.raw;
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    expect(link, raw.slice(0, 1500)).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe(`${API}/unsubscribe`);

    // At most one a day: a new comment waits for tomorrow's digest.
    await send(bala, 'POST', `${PLATFORM}/product/review/${r.id}/comment`, { text: 'Another comment' });
    const before = smtp.received.length;
    await t.services.digest.sendDue();
    expect(smtp.received.length).toBe(before);

    // Someone else's id with this signature, or a changed signature, unsubscribes nobody.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?u=${bala.id}&s=${url.searchParams.get('s')}`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('BAD_UNSUBSCRIBE');
    expect((await send(asha, 'PUT', `${API}/settings`, {})).settings.comment).toBe('email');

    // RFC 8058 lets the mail client send the form as multipart/form-data too.
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(asha, 'PUT', `${API}/settings`, {})).settings.comment).toBe('app');
  });
});
