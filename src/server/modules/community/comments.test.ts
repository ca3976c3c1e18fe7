import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_SUCCESS } from '../../../shared/community.ts';
import type { Comment, Reply } from '../../../shared/community-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';

let t: TestContext;
const clock = new TestClock();
const api = '/platform/api/v1';
let freshIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  const found = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id DESC LIMIT 40`,
  );
  freshIds = found.map((r) => r.id);
});
afterAll(() => t.close());

const { get, post, del } = requests(() => t, api);

/** A new review of a product without reviews, by a new member. */
async function newReview(): Promise<{ id: number; productId: number; author: Member }> {
  const productId = freshIds.shift()!;
  const author = await member(t);
  const res = await post(
    `/product/${productId}/review`,
    {
      overall: 4,
      build_quality: 4,
      features: 4,
      look_and_feel: 4,
      performance: 4,
      summary: 'Solid phone',
      description: 'Works well for everyday use, battery lasts all day.',
    },
    author.headers,
  );
  expect(res.statusCode).toBe(201);
  return { id: res.json().review.id, productId, author };
}

async function comment(reviewId: number, who: Member, text = 'I agree with this.'): Promise<Comment> {
  const res = await post(`/product/review/${reviewId}/comment`, { text }, who.headers);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().comment;
}

async function reply(commentId: number, who: Member, text = 'Thanks!'): Promise<Reply> {
  const res = await post(`/product/review/comment/${commentId}/reply`, { text }, who.headers);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().reply;
}

/** Stored counters against the rows they count. */
async function expectCountersRight(reviewId: number) {
  const [review] = await query<{ stored: number; rows: number }>(
    t.database,
    `SELECT comments AS stored, (SELECT count(*)::int FROM review_comments WHERE review_id = r.id) AS rows
     FROM reviews r WHERE id = ${reviewId}`,
  );
  if (review) expect(review.stored).toBe(review.rows);
  const comments = await query<{ id: number; replies: number; rows: number; likes: number; up: number }>(
    t.database,
    `SELECT c.id, c.replies, (SELECT count(*)::int FROM comment_replies WHERE comment_id = c.id) AS rows,
       c.likes - c.dislikes AS likes, (SELECT coalesce(sum(value), 0)::int FROM comment_reactions WHERE comment_id = c.id) AS up
     FROM review_comments c WHERE c.review_id = ${reviewId}`,
  );
  for (const c of comments) {
    expect(c.replies, `comment ${c.id}`).toBe(c.rows);
    expect(c.likes, `comment ${c.id}`).toBe(c.up);
  }
  // Likes and dislikes each against their own rows (a net sum would hide a like counted as a dislike).
  const reacted = await query<{ id: number; likes: number; dislikes: number; up: number; down: number }>(
    t.database,
    `SELECT c.id, c.likes, c.dislikes,
       (SELECT count(*) FILTER (WHERE value = 1)::int FROM comment_reactions WHERE comment_id = c.id) AS up,
       (SELECT count(*) FILTER (WHERE value = -1)::int FROM comment_reactions WHERE comment_id = c.id) AS down
     FROM review_comments c WHERE c.review_id = ${reviewId}`,
  );
  expect(reacted).toHaveLength(comments.length);
  for (const c of reacted) {
    expect({ likes: c.likes, dislikes: c.dislikes }, `comment ${c.id}`).toEqual({
      likes: c.up,
      dislikes: c.down,
    });
  }
  const replies = await query<{ id: number; likes: number; dislikes: number; up: number; down: number }>(
    t.database,
    `SELECT r.id, r.likes, r.dislikes,
       (SELECT count(*) FILTER (WHERE value = 1)::int FROM reply_reactions WHERE reply_id = r.id) AS up,
       (SELECT count(*) FILTER (WHERE value = -1)::int FROM reply_reactions WHERE reply_id = r.id) AS down
     FROM comment_replies r JOIN review_comments c ON c.id = r.comment_id WHERE c.review_id = ${reviewId}`,
  );
  for (const r of replies) {
    expect({ likes: r.likes, dislikes: r.dislikes }, `reply ${r.id}`).toEqual({
      likes: r.up,
      dislikes: r.down,
    });
  }
  return review?.stored ?? null;
}

describe('comments', () => {
  it('posts a comment (201) and counts it on the review', async () => {
    const r = await newReview();
    const me = await member(t);
    const res = await post(`/product/review/${r.id}/comment`, { text: '  Helpful, thanks.  ' }, me.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: COMMUNITY_SUCCESS.commentPosted,
      comment: {
        review_id: r.id,
        author: { username: me.username, firstName: 'Test', lastName: 'Member', image: null, demo: false },
        text: 'Helpful, thanks.',
        replies: 0,
        likes: 0,
        dislikes: 0,
        my_reaction: null,
        mine: true,
        created_at: clock.now().toISOString(),
      },
    });
    expect(await expectCountersRight(r.id)).toBe(1);
    const review = await get(`/product/${r.productId}/review/${r.id}`);
    expect(review.json().review.comments).toBe(1);
  });

  it('rejects empty and overlong comments, and unknown reviews', async () => {
    const r = await newReview();
    const me = await member(t);
    for (const text of ['', '   ', 'x'.repeat(1001)]) {
      const res = await post(`/product/review/${r.id}/comment`, { text }, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: COMMUNITY_MESSAGES.comment,
        field: 'text',
      });
    }
    expect((await post(`/product/review/${r.id}/comment`, {}, me.headers)).json().message).toBe(
      COMMUNITY_MESSAGES.comment,
    );
    expect(
      (await post(`/product/review/${r.id}/comment`, { text: 'x'.repeat(1000) }, me.headers)).statusCode,
    ).toBe(201);
    const missing = await post('/product/review/999999999/comment', { text: 'Hello' }, me.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'REVIEW_NOT_FOUND',
      message: ERRORS.REVIEW_NOT_FOUND.message,
    });
    expect(await expectCountersRight(r.id)).toBe(1);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const r = await newReview();
    const me = await member(t);
    const c = await comment(r.id, me);
    const nul = await post(`/product/review/${r.id}/comment`, { text: 'a\u0000b' }, me.headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION', field: 'text' });
    const nulReply = await post(`/product/review/comment/${c.id}/reply`, { text: '\u0000' }, me.headers);
    expect(nulReply.statusCode).toBe(400);
    for (const url of [
      '/product/review/2147483648/comments',
      `/product/review/${r.id}/comments?productid=0`,
      '/product/review/comment/abc/replies',
      `/product/review/comment/${c.id}/replies?size=51`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await del('/product/review/comment/1e20', me.headers)).statusCode).toBe(400);
    expect((await del('/product/review/comment/reply/0', me.headers)).statusCode).toBe(400);
    expect(await expectCountersRight(r.id)).toBe(1);
  });

  it('needs a verified user to post', async () => {
    const r = await newReview();
    const anonymous = await post(`/product/review/${r.id}/comment`, { text: 'Hello' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const unverified = await member(t, { verified: false });
    const res = await post(`/product/review/${r.id}/comment`, { text: 'Hello' }, unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await expectCountersRight(r.id)).toBe(0);
  });

  it('lists oldest first, 6 a page, with the total; productid must match the review', async () => {
    const r = await newReview();
    const people = await Promise.all([1, 2, 3].map(() => member(t)));
    const posted: Comment[] = [];
    for (let i = 0; i < 8; i++) posted.push(await comment(r.id, people[i % 3]!, `Comment number ${i}`));
    const first = await get(`/product/review/${r.id}/comments`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, page: 0, size: 6, total: 8 });
    expect(first.json().items.map((c: Comment) => c.text)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Comment number ${i}`),
    );
    const second = (await get(`/product/review/${r.id}/comments?page=1&productid=${r.productId}`)).json();
    expect(second).toMatchObject({ page: 1, size: 6, total: 8 });
    expect(second.items.map((c: Comment) => c.id)).toEqual([posted[6]!.id, posted[7]!.id]);
    const small = (await get(`/product/review/${r.id}/comments?page=2&size=3`)).json();
    expect(small.items.map((c: Comment) => c.id)).toEqual([posted[6]!.id, posted[7]!.id]);
    expect((await get(`/product/review/${r.id}/comments?page=9`)).json()).toMatchObject({
      total: 8,
      items: [],
    });

    const wrong = await get(`/product/review/${r.id}/comments?productid=${r.productId + 1}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('REVIEW_NOT_FOUND');
    expect((await get('/product/review/999999999/comments')).statusCode).toBe(404);
    for (const q of ['page=-1', 'size=0', 'size=51', 'productid=x']) {
      expect((await get(`/product/review/${r.id}/comments?${q}`)).statusCode, q).toBe(400);
    }

    const mine = (await get(`/product/review/${r.id}/comments?size=50`, people[1]!.headers)).json();
    expect(mine.items.map((c: Comment) => c.mine)).toEqual(posted.map((_, i) => i % 3 === 1));
    const visitor = (await get(`/product/review/${r.id}/comments?size=50`)).json();
    expect(visitor.items.every((c: Comment) => !c.mine && c.my_reaction === null)).toBe(true);
  });

  it('lets only its author delete a comment (not even the review author), with its replies', async () => {
    const r = await newReview();
    const writer = await member(t);
    const other = await member(t);
    const c = await comment(r.id, writer);
    await reply(c.id, other);
    await reply(c.id, r.author);
    expect((await del(`/product/review/comment/${c.id}`)).statusCode).toBe(401);
    for (const who of [other, r.author]) {
      const res = await del(`/product/review/comment/${c.id}`, who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NOT_OWNER', message: ERRORS.NOT_OWNER.message });
    }
    const ok = await del(`/product/review/comment/${c.id}`, writer.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.commentDeleted });
    const again = await del(`/product/review/comment/${c.id}`, writer.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('COMMENT_NOT_FOUND');
    const [left] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM comment_replies WHERE comment_id = ${c.id}`,
    );
    expect(left!.n).toBe(0);
    expect(await expectCountersRight(r.id)).toBe(0);
  });

  it('likes and dislikes by query parameter: toggles, switches, never on your own', async () => {
    const r = await newReview();
    const writer = await member(t);
    const reader = await member(t);
    const c = await comment(r.id, writer);
    const react = (reaction: string, who = reader) =>
      post(`/product/review/comment/${c.id}/react?reaction=${reaction}`, {}, who.headers);
    expect((await react('like')).json()).toEqual({
      success: true,
      counts: { likes: 1, dislikes: 0 },
      my_reaction: 'like',
    });
    const seen = (await get(`/product/review/${r.id}/comments`, reader.headers)).json();
    expect(seen.items[0]).toMatchObject({ likes: 1, my_reaction: 'like', mine: false });
    await expectCountersRight(r.id);
    expect((await react('dislike')).json()).toMatchObject({
      counts: { likes: 0, dislikes: 1 },
      my_reaction: 'dislike',
    });
    await expectCountersRight(r.id);
    expect((await react('dislike')).json()).toMatchObject({
      counts: { likes: 0, dislikes: 0 },
      my_reaction: null,
    });
    const own = await react('like', writer);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_CONTENT_REACTION');
    expect((await react('love')).statusCode).toBe(400);
    expect((await post(`/product/review/comment/${c.id}/react`, {}, reader.headers)).statusCode).toBe(400);
    expect((await post(`/product/review/comment/${c.id}/react?reaction=like`, {})).statusCode).toBe(401);
    const missing = await post('/product/review/comment/999999999/react?reaction=like', {}, reader.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMMENT_NOT_FOUND');
    await expectCountersRight(r.id);
  });

  it('keeps the count right under concurrent comments and deletes', async () => {
    const r = await newReview();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => member(t)));
    const posted = await Promise.all(
      crowd.map((who, i) =>
        post(`/product/review/${r.id}/comment`, { text: `Concurrent ${i}` }, who.headers),
      ),
    );
    expect(posted.every((res) => res.statusCode === 201)).toBe(true);
    const ids = posted.map((res) => res.json().comment.id as number);
    const deleted = await Promise.all(
      ids.flatMap((id, i) =>
        i % 2
          ? [
              del(`/product/review/comment/${id}`, crowd[i]!.headers),
              del(`/product/review/comment/${id}`, crowd[i]!.headers),
            ]
          : [],
      ),
    );
    expect(deleted.map((res) => res.statusCode).sort()).toEqual([
      ...Array(10).fill(200),
      ...Array(10).fill(404),
    ]);
    expect(await expectCountersRight(r.id)).toBe(10);
  });

  it('returns markup as text, byte for byte', async () => {
    const r = await newReview();
    const me = await member(t);
    const payload = `<script>alert(1)</script><img src=x onerror=alert(1)>`;
    const c = await comment(r.id, me, payload);
    expect(c.text).toBe(payload);
    const listed = await get(`/product/review/${r.id}/comments`);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.json().items[0].text).toBe(payload);
    expect(listed.body).toContain(JSON.stringify(payload));
    const rp = await reply(c.id, me, payload);
    expect(rp.text).toBe(payload);
    expect((await get(`/product/review/comment/${c.id}/replies`)).json().items[0].text).toBe(payload);
  });

  it('shows a deleted account as author null', async () => {
    const r = await newReview();
    const gone = await member(t);
    const c = await comment(r.id, gone);
    await reply(c.id, gone);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    expect((await get(`/product/review/${r.id}/comments`)).json().items[0]).toMatchObject({
      id: c.id,
      author: null,
    });
    expect((await get(`/product/review/comment/${c.id}/replies`)).json().items[0].author).toBeNull();
  });
});

describe('replies', () => {
  it('posts a reply (201), counts it on the comment, and lists 2 a page, oldest first', async () => {
    const r = await newReview();
    const writer = await member(t);
    const people = await Promise.all([1, 2].map(() => member(t)));
    const c = await comment(r.id, writer);
    const res = await post(
      `/product/review/comment/${c.id}/reply`,
      { text: ' Good point ' },
      people[0]!.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: COMMUNITY_SUCCESS.replyPosted,
      reply: {
        id: expect.any(Number),
        comment_id: c.id,
        author: {
          username: people[0]!.username,
          firstName: 'Test',
          lastName: 'Member',
          image: null,
          demo: false,
        },
        text: 'Good point',
        created_at: clock.now().toISOString(),
        likes: 0,
        dislikes: 0,
        my_reaction: null,
        mine: true,
      },
    });
    clock.advance(1000);
    const posted = [res.json().reply as Reply];
    for (let i = 1; i < 5; i++) posted.push(await reply(c.id, people[i % 2]!, `Reply ${i}`));
    const first = (await get(`/product/review/comment/${c.id}/replies`)).json();
    expect(first).toMatchObject({ success: true, page: 0, size: 2, total: 5 });
    expect(first.items.map((x: Reply) => x.id)).toEqual([posted[0]!.id, posted[1]!.id]);
    const last = (await get(`/product/review/comment/${c.id}/replies?page=2`)).json();
    expect(last.items.map((x: Reply) => x.id)).toEqual([posted[4]!.id]);
    const all = (await get(`/product/review/comment/${c.id}/replies?size=10`, people[1]!.headers)).json();
    expect(all.items.map((x: Reply) => x.mine)).toEqual([false, true, false, true, false]);
    const comments = (await get(`/product/review/${r.id}/comments`)).json();
    expect(comments.items[0].replies).toBe(5);
    await expectCountersRight(r.id);
    const missing = await get('/product/review/comment/999999999/replies');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMMENT_NOT_FOUND');
  });

  it('rejects empty and overlong replies, unknown comments and unverified users', async () => {
    const r = await newReview();
    const me = await member(t);
    const c = await comment(r.id, me);
    for (const text of ['', '  ', 'x'.repeat(1001)]) {
      const res = await post(`/product/review/comment/${c.id}/reply`, { text }, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: COMMUNITY_MESSAGES.reply, field: 'text' });
    }
    const missing = await post('/product/review/comment/999999999/reply', { text: 'Hi' }, me.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMMENT_NOT_FOUND');
    expect((await post(`/product/review/comment/${c.id}/reply`, { text: 'Hi' })).statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    const res = await post(`/product/review/comment/${c.id}/reply`, { text: 'Hi' }, unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    await expectCountersRight(r.id);
  });

  it('lets only its author delete a reply: 401, 403, 200, then 404', async () => {
    const r = await newReview();
    const writer = await member(t);
    const other = await member(t);
    const c = await comment(r.id, other);
    const rp = await reply(c.id, writer);
    await reply(c.id, other);
    expect((await del(`/product/review/comment/reply/${rp.id}`)).statusCode).toBe(401);
    const notMine = await del(`/product/review/comment/reply/${rp.id}`, other.headers);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('NOT_OWNER');
    const ok = await del(`/product/review/comment/reply/${rp.id}`, writer.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.replyDeleted });
    const again = await del(`/product/review/comment/reply/${rp.id}`, writer.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('REPLY_NOT_FOUND');
    expect((await get(`/product/review/comment/${c.id}/replies`)).json().total).toBe(1);
    await expectCountersRight(r.id);
  });

  it('likes replies by body: toggles, switches, never on your own', async () => {
    const r = await newReview();
    const writer = await member(t);
    const reader = await member(t);
    const c = await comment(r.id, reader);
    const rp = await reply(c.id, writer);
    const react = (reaction: string, who = reader) =>
      post(`/product/review/comment/reply/${rp.id}/react`, { reaction }, who.headers);
    expect((await react('dislike')).json()).toEqual({
      success: true,
      counts: { likes: 0, dislikes: 1 },
      my_reaction: 'dislike',
    });
    await expectCountersRight(r.id);
    expect((await react('like')).json()).toMatchObject({
      counts: { likes: 1, dislikes: 0 },
      my_reaction: 'like',
    });
    await expectCountersRight(r.id);
    const seen = (await get(`/product/review/comment/${c.id}/replies`, reader.headers)).json();
    expect(seen.items[0]).toMatchObject({ likes: 1, my_reaction: 'like' });
    expect((await react('like')).json()).toMatchObject({
      counts: { likes: 0, dislikes: 0 },
      my_reaction: null,
    });
    expect((await react('like', writer)).statusCode).toBe(403);
    const bad = await react('useful');
    expect(bad.statusCode).toBe(400);
    const missing = await post(
      '/product/review/comment/reply/999999999/react',
      { reaction: 'like' },
      reader.headers,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REPLY_NOT_FOUND');
    const [row] = await query<{ likes: number; dislikes: number; n: number }>(
      t.database,
      `SELECT likes, dislikes, (SELECT count(*)::int FROM reply_reactions WHERE reply_id = ${rp.id}) AS n
       FROM comment_replies WHERE id = ${rp.id}`,
    );
    expect(row).toEqual({ likes: 0, dislikes: 0, n: 0 });
  });
});
