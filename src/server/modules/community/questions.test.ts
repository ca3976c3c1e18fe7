import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_SUCCESS } from '../../../shared/community.ts';
import type { Answer, Question } from '../../../shared/community-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { type Member, member, productId } from '../../../test/community.ts';

const api = '/platform/api/v1';
let t: TestContext;
let alice: Member;
let bob: Member;
let carol: Member;
let unverified: Member;
let product: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = [await member(t), await member(t), await member(t)];
  unverified = await member(t, { verified: false });
  product = await productId(t, 3);
  // The demo data has questions on some products: the paging tests use one that has none.
  const [quiet] = await query<{ id: number }>(
    t.database,
    `SELECT id FROM products p WHERE category_id = 'C001' AND id <> ${product}
      AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.product_id = p.id) ORDER BY id LIMIT 1`,
  );
  other = quiet!.id;
});
afterAll(() => t.close());

const { get, post, del } = requests(() => t, api);

async function ask(
  who: Member,
  text = 'Does it support wireless charging?',
  on = product,
): Promise<Question> {
  const res = await post(`/product/${on}/questions`, { text }, who.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().question;
}
async function answer(who: Member, questionId: number, text = 'Yes, at 15 W.'): Promise<Answer> {
  const res = await post(`/product/question/${questionId}/answers`, { text }, who.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().answer;
}
async function counters(table: 'questions' | 'answers', id: number) {
  const [row] = await query<{ likes: number; dislikes: number; answers?: number }>(
    t.database,
    `SELECT * FROM ${table} WHERE id = ${id}`,
  );
  return row;
}

describe('asking', () => {
  it('posts a trimmed question and returns it with its author', async () => {
    const res = await post(
      `/product/${product}/questions`,
      { text: '  Is the screen bright outdoors?  ' },
      alice.headers,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: COMMUNITY_SUCCESS.questionPosted });
    expect(body.question).toMatchObject({
      product_id: product,
      text: 'Is the screen bright outdoors?',
      answers: 0,
      likes: 0,
      dislikes: 0,
      my_reaction: null,
      mine: true,
      author: { username: alice.username, firstName: 'Test', lastName: 'Member', image: null },
    });
    expect(new Date(body.question.created_at).toISOString()).toBe(body.question.created_at);
    const [row] = await query<{ body: string; user_id: number }>(
      t.database,
      `SELECT body, user_id FROM questions WHERE id = ${body.question.id}`,
    );
    expect(row).toEqual({ body: 'Is the screen bright outdoors?', user_id: alice.id });
  });

  it('says what is wrong with the text', async () => {
    for (const text of ['short', ' '.repeat(20), 'x'.repeat(501), 42, undefined]) {
      const res = await post(`/product/${product}/questions`, { text }, alice.headers);
      expect(res.statusCode, String(text)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: COMMUNITY_MESSAGES.question,
        fields: { text: COMMUNITY_MESSAGES.question },
      });
    }
    const bad = await post('/product/abc/questions', { text: 'A perfectly fine question?' }, alice.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid path parameter 'id': must be a product id");
  });

  it('needs a verified member and a real product', async () => {
    const text = 'Does it come with a charger?';
    const anonymous = await post(`/product/${product}/questions`, { text });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const stale = await post(
      `/product/${product}/questions`,
      { text },
      { authorization: 'Bearer ' + 'x'.repeat(43) },
    );
    expect(stale.statusCode).toBe(401);
    const notVerified = await post(`/product/${product}/questions`, { text }, unverified.headers);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ERRORS.EMAIL_NOT_VERIFIED.message,
    });
    const missing = await post('/product/2147483647/questions', { text }, alice.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
  });

  it('keeps stored-XSS payloads as inert text', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)"> & \'quotes\'';
    const question = await ask(bob, payload);
    expect(question.text).toBe(payload);
    const res = await get(`/product/${product}/questions?size=50`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().items.find((q: Question) => q.id === question.id).text).toBe(payload);
    const reply = await answer(carol, question.id, payload);
    expect(reply.text).toBe(payload);
  });
});

describe('bad input', () => {
  it('is a 400 with a message, never a 500', async () => {
    const nul = await post(
      `/product/${product}/questions`,
      { text: 'Is it \u0000 waterproof?' },
      alice.headers,
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      message: COMMUNITY_MESSAGES.controlCharacters,
      fields: { text: COMMUNITY_MESSAGES.controlCharacters },
    });
    const question = await ask(alice);
    const nulAnswer = await post(
      `/product/question/${question.id}/answers`,
      { text: 'Y\u0000es' },
      bob.headers,
    );
    expect(nulAnswer.statusCode).toBe(400);
    expect((await post(`/product/${product}/questions`, undefined, alice.headers)).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${api}/product/${product}/questions`,
      payload: '{"text": ',
      headers: { ...alice.headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    for (const url of [
      '/product/99999999999/questions',
      '/product/1/question/99999999999/answers',
      '/product/1/questions?page=1.5',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await del('/product/answer/99999999999', alice.headers)).statusCode).toBe(400);
  });
});

describe('listing questions', () => {
  it('pages newest first, 6 a page, and marks the viewer’s own and reactions', async () => {
    // Asked in the order below (so the ids follow it), then dated by rank: asked[k] is the k-th oldest, by
    // alice when k is odd. The time order is not the id order, so only a sort by time passes.
    const asked: Question[] = [];
    for (const k of [3, 0, 6, 1, 5, 2, 4])
      asked[k] = await ask(k % 2 ? alice : bob, `Question number ${k} about the battery?`, other);
    for (const [k, q] of asked.entries()) {
      await query(
        t.database,
        `UPDATE questions SET created_at = now() - interval '1 hour' + ${k} * interval '1 minute' WHERE id = ${q.id}`,
      );
    }
    const newestById = asked
      .map((q) => q.id)
      .sort((a, b) => b - a)
      .slice(0, 6);
    expect(newestById).not.toEqual(
      asked
        .slice(1)
        .reverse()
        .map((q) => q.id),
    );
    const first = await get(`/product/${other}/questions`);
    expect(first.statusCode).toBe(200);
    const page0 = first.json();
    expect(page0).toMatchObject({ success: true, page: 0, size: 6, total: 7 });
    expect(page0.items.map((q: Question) => q.id)).toEqual(
      asked
        .slice(1)
        .reverse()
        .map((q) => q.id),
    );
    expect(page0.items.every((q: Question) => q.mine === false && q.my_reaction === null)).toBe(true);
    const page1 = (await get(`/product/${other}/questions?page=1`)).json();
    expect(page1.items.map((q: Question) => q.id)).toEqual([asked[0]!.id]);
    expect((await get(`/product/${other}/questions?page=5`)).json()).toMatchObject({ total: 7, items: [] });
    expect((await get(`/product/${other}/questions?size=2&page=1`)).json().items).toHaveLength(2);

    await post(`/product/question/${asked[6]!.id}/react/dislike`, undefined, carol.headers);
    const mine = (await get(`/product/${other}/questions?size=3`, alice.headers)).json().items as Question[];
    expect(mine.map((q) => q.mine)).toEqual([false, true, false]);
    const carols = (await get(`/product/${other}/questions?size=1`, carol.headers)).json()
      .items as Question[];
    expect(carols[0]).toMatchObject({ id: asked[6]!.id, my_reaction: 'dislike', dislikes: 1 });
    // A stale token reads as a visitor.
    const stale = await get(`/product/${other}/questions`, { authorization: 'Bearer ' + 'y'.repeat(43) });
    expect(stale.statusCode).toBe(200);
  });

  it('matches the web loader (viewer null) and rejects bad paging and unknown products', async () => {
    const page = await t.services.community.questions.list(other, 0, 6, null);
    expect(page.total).toBe(7);
    for (const qs of ['size=0', 'size=51', 'page=-1', 'page=x']) {
      const res = await get(`/product/${other}/questions?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(/^Invalid query parameter '(size|page)'/);
    }
    const missing = await get('/product/2147483647/questions');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('answers', () => {
  it('posts an answer and counts it on the question', async () => {
    const question = await ask(alice);
    const res = await post(`/product/question/${question.id}/answers`, { text: '  Yes  ' }, bob.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: COMMUNITY_SUCCESS.answerPosted,
      answer: {
        question_id: question.id,
        text: 'Yes',
        mine: true,
        likes: 0,
        author: { username: bob.username },
      },
    });
    expect((await counters('questions', question.id))!.answers).toBe(1);
    await answer(alice, question.id, 'Also reverse charging.');
    expect((await counters('questions', question.id))!.answers).toBe(2);
    const list = (await get(`/product/${product}/questions?size=50`)).json().items as Question[];
    expect(list.find((q) => q.id === question.id)!.answers).toBe(2);
  });

  it('validates answers and needs a verified member and an existing question', async () => {
    const question = await ask(alice);
    const short = await post(`/product/question/${question.id}/answers`, { text: 'y' }, bob.headers);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: COMMUNITY_MESSAGES.answer,
      fields: { text: COMMUNITY_MESSAGES.answer },
    });
    const long = await post(
      `/product/question/${question.id}/answers`,
      { text: 'y'.repeat(2001) },
      bob.headers,
    );
    expect(long.statusCode).toBe(400);
    expect((await post(`/product/question/${question.id}/answers`, { text: 'Yes it does' })).statusCode).toBe(
      401,
    );
    const notVerified = await post(
      `/product/question/${question.id}/answers`,
      { text: 'Yes it does' },
      unverified.headers,
    );
    expect(notVerified.statusCode).toBe(403);
    const missing = await post('/product/question/2147483647/answers', { text: 'Yes it does' }, bob.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('QUESTION_NOT_FOUND');
    expect((await counters('questions', question.id))!.answers).toBe(0);
  });

  it('lists answers by likes, then oldest first, 6 a page', async () => {
    const question = await ask(alice);
    const given: Answer[] = [];
    for (let i = 0; i < 8; i++)
      given.push(await answer(i % 2 ? bob : carol, question.id, `Answer number ${i}`));
    const voters = [await member(t), await member(t), await member(t)];
    // Answer 5 gets 3 likes, answer 2 gets 2, answer 7 gets 1 like and 1 dislike; the rest none.
    const likes: [number, Member[]][] = [
      [5, voters],
      [2, voters.slice(0, 2)],
      [7, voters.slice(0, 1)],
    ];
    for (const [index, who] of likes) {
      for (const v of who) {
        const res = await post(
          `/product/question/answer/${given[index]!.id}/react/like`,
          undefined,
          v.headers,
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    await post(`/product/question/answer/${given[7]!.id}/react/dislike`, undefined, voters[2]!.headers);
    const expected = [5, 2, 7, 0, 1, 3, 4, 6].map((i) => given[i]!.id);
    const page0 = (await get(`/product/${product}/question/${question.id}/answers`)).json();
    expect(page0).toMatchObject({ success: true, page: 0, size: 6, total: 8 });
    expect(page0.items.map((a: Answer) => a.id)).toEqual(expected.slice(0, 6));
    expect(page0.items[0]).toMatchObject({ likes: 3, dislikes: 0, my_reaction: null, mine: false });
    const page1 = (
      await get(`/product/${product}/question/${question.id}/answers?page=1`, voters[2]!.headers)
    ).json();
    expect(page1.items.map((a: Answer) => a.id)).toEqual(expected.slice(6));
    const asVoter = (
      await get(`/product/${product}/question/${question.id}/answers`, voters[2]!.headers)
    ).json();
    expect(asVoter.items[0].my_reaction).toBe('like');
    expect(asVoter.items[2]).toMatchObject({ likes: 1, dislikes: 1, my_reaction: 'dislike' });
    const asBob = (await get(`/product/${product}/question/${question.id}/answers`, bob.headers)).json();
    expect(asBob.items.map((a: Answer) => a.mine)).toEqual([true, false, true, false, true, true]);
  });

  it('is 404 for a question of another product', async () => {
    const question = await ask(alice);
    const res = await get(`/product/${other}/question/${question.id}/answers`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'QUESTION_NOT_FOUND',
      message: ERRORS.QUESTION_NOT_FOUND.message,
    });
    expect((await get(`/product/${product}/question/2147483647/answers`)).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('lets only the owner delete a question, with its answers and reactions', async () => {
    const question = await ask(alice);
    const reply = await answer(bob, question.id);
    await post(`/product/question/${question.id}/react/like`, undefined, bob.headers);
    await post(`/product/question/answer/${reply.id}/react/like`, undefined, carol.headers);

    const anonymous = await del(`/product/question/${question.id}`);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await del(`/product/question/${question.id}`, bob.headers);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'NOT_OWNER', message: ERRORS.NOT_OWNER.message });
    const owner = await del(`/product/question/${question.id}`, alice.headers);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.questionDeleted });

    const left = await query<{ n: number }>(
      t.database,
      `SELECT (SELECT count(*) FROM questions WHERE id = ${question.id})
        + (SELECT count(*) FROM answers WHERE question_id = ${question.id})
        + (SELECT count(*) FROM question_reactions WHERE question_id = ${question.id})
        + (SELECT count(*) FROM answer_reactions WHERE answer_id = ${reply.id}) AS n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const again = await del(`/product/question/${question.id}`, alice.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('QUESTION_NOT_FOUND');
    expect((await del('/product/question/0', alice.headers)).statusCode).toBe(400);
  });

  it('lets only the owner delete an answer, and uncounts it', async () => {
    const question = await ask(alice);
    const reply = await answer(bob, question.id);
    await answer(carol, question.id);
    expect((await counters('questions', question.id))!.answers).toBe(2);

    expect((await del(`/product/answer/${reply.id}`)).statusCode).toBe(401);
    // Not even the question's author may delete someone else's answer.
    const stranger = await del(`/product/answer/${reply.id}`, alice.headers);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('NOT_OWNER');
    const owner = await del(`/product/answer/${reply.id}`, bob.headers);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.answerDeleted });
    expect((await counters('questions', question.id))!.answers).toBe(1);
    const again = await del(`/product/answer/${reply.id}`, bob.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('ANSWER_NOT_FOUND');
    expect((await counters('questions', question.id))!.answers).toBe(1);
  });

  it('needs only a session to delete, not a verified email', async () => {
    // Posting needs a verified email; deleting what one posted does not (the account may have changed email).
    const question = await ask(alice);
    expect((await del(`/product/question/${question.id}`, unverified.headers)).statusCode).toBe(403);
    expect((await del(`/product/question/${question.id}`, unverified.headers)).json().code).toBe('NOT_OWNER');
    // Its owner, whose email is no longer verified, may delete it, and an answer of theirs too.
    const owner = await member(t);
    const own = await ask(owner);
    const ownAnswer = await answer(owner, question.id);
    await query(t.database, `UPDATE users SET email_verified_at = NULL WHERE id = ${owner.id}`);
    expect(
      (await post(`/product/${product}/questions`, { text: 'Can I still ask?' }, owner.headers)).statusCode,
    ).toBe(403);
    const gone = await del(`/product/question/${own.id}`, owner.headers);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.questionDeleted });
    expect(await counters('questions', own.id)).toBeUndefined();
    const goneAnswer = await del(`/product/answer/${ownAnswer.id}`, owner.headers);
    expect(goneAnswer.statusCode).toBe(200);
    expect(await counters('answers', ownAnswer.id)).toBeUndefined();
  });
});

describe('reactions', () => {
  it('toggles and switches a like on a question', async () => {
    const question = await ask(alice);
    const url = (r: string) => `/product/question/${question.id}/react/${r}`;
    const like = await post(url('like'), undefined, bob.headers);
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ success: true, counts: { likes: 1, dislikes: 0 }, my_reaction: 'like' });
    const dislike = await post(url('dislike'), undefined, bob.headers);
    expect(dislike.json()).toEqual({
      success: true,
      counts: { likes: 0, dislikes: 1 },
      my_reaction: 'dislike',
    });
    const carolLikes = await post(url('like'), undefined, carol.headers);
    expect(carolLikes.json()).toMatchObject({ counts: { likes: 1, dislikes: 1 }, my_reaction: 'like' });
    const undo = await post(url('dislike'), undefined, bob.headers);
    expect(undo.json()).toEqual({ success: true, counts: { likes: 1, dislikes: 0 }, my_reaction: null });
    expect(await counters('questions', question.id)).toMatchObject({ likes: 1, dislikes: 0 });
  });

  it('toggles a like on an answer', async () => {
    const question = await ask(alice);
    const reply = await answer(bob, question.id);
    const url = (r: string) => `/product/question/answer/${reply.id}/react/${r}`;
    expect((await post(url('like'), undefined, alice.headers)).json()).toMatchObject({
      counts: { likes: 1, dislikes: 0 },
      my_reaction: 'like',
    });
    expect((await post(url('like'), undefined, alice.headers)).json()).toMatchObject({
      counts: { likes: 0, dislikes: 0 },
      my_reaction: null,
    });
  });

  it('refuses reactions to one’s own posts, bad reactions, visitors and unknown items', async () => {
    const question = await ask(alice);
    const reply = await answer(bob, question.id);
    const own = await post(`/product/question/${question.id}/react/like`, undefined, alice.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'OWN_CONTENT_REACTION',
      message: ERRORS.OWN_CONTENT_REACTION.message,
    });
    const ownAnswer = await post(
      `/product/question/answer/${reply.id}/react/dislike`,
      undefined,
      bob.headers,
    );
    expect(ownAnswer.statusCode).toBe(403);
    const bad = await post(`/product/question/${question.id}/react/love`, undefined, bob.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid path parameter 'reaction': must be 'like' or 'dislike'");
    expect((await post(`/product/question/${question.id}/react/like`)).statusCode).toBe(401);
    expect(
      (await post(`/product/question/${question.id}/react/like`, undefined, unverified.headers)).statusCode,
    ).toBe(403);
    const missing = await post('/product/question/2147483647/react/like', undefined, bob.headers);
    expect(missing.json()).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
    const missingAnswer = await post(
      '/product/question/answer/2147483647/react/like',
      undefined,
      bob.headers,
    );
    expect(missingAnswer.json()).toMatchObject({ code: 'ANSWER_NOT_FOUND' });
    expect(await counters('questions', question.id)).toMatchObject({ likes: 0, dislikes: 0 });
  });

  it('keeps the like counter equal to the rows under 50 concurrent likes', async () => {
    const question = await ask(alice);
    const voters = await Promise.all(Array.from({ length: 50 }, () => member(t)));
    const results = await Promise.all(
      voters.map((v) => post(`/product/question/${question.id}/react/like`, undefined, v.headers)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    // And the same member clicking twice at once never counts twice.
    await Promise.all(
      [1, 2].map(() => post(`/product/question/${question.id}/react/dislike`, undefined, bob.headers)),
    );
    const [row] = await query<{ likes: number; dislikes: number; up: string; down: string }>(
      t.database,
      `SELECT q.likes, q.dislikes,
        (SELECT count(*) FROM question_reactions WHERE question_id = q.id AND value = 1) AS up,
        (SELECT count(*) FROM question_reactions WHERE question_id = q.id AND value = -1) AS down
      FROM questions q WHERE q.id = ${question.id}`,
    );
    expect(row!.likes).toBe(50);
    expect(row!.likes).toBe(Number(row!.up));
    expect(row!.dislikes).toBe(Number(row!.down));
  });
});

describe('posting limits', () => {
  it('stops a new account’s second question within 30 seconds', async () => {
    const limited = await createTestApp({ POSTING_LIMITS: 'on' });
    try {
      const newcomer = await member(limited);
      const p = await productId(limited);
      const ask1 = () =>
        limited.app.inject({
          method: 'POST',
          url: `${api}/product/${p}/questions`,
          payload: { text: 'Is there a headphone jack?' },
          headers: newcomer.headers,
        });
      expect((await ask1()).statusCode).toBe(201);
      const second = await ask1();
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({
        code: 'POSTING_TOO_FAST',
        message: expect.stringMatching(
          /^You are posting too quickly\. Please wait \d+ seconds and try again\.$/,
        ),
      });
    } finally {
      await limited.close();
    }
  });
});
