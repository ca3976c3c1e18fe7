/**
 * Hiding and restoring posts (issue 9): a hidden post is gone for everyone but its author (who is told why),
 * the counters and ratings it fed move as if it were deleted, others cannot react to it, answer it or report
 * it, and restoring puts everything back. Editing or deleting a hidden post does not count it twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../../shared/community-api.ts';
import type { ErrorCode } from '../../../shared/messages.ts';
import type { PostTarget } from '../../../shared/moderation.ts';
import { query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';
import {
  entryOf,
  expectError,
  moderationKit,
  type Response,
  REVIEW_FORM,
  moderationApp,
} from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let admin: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, account, act, acted, auditCount, created, writeReview, expectCountersRight } = kit;
const lastAudit = async () => (await kit.audit(admin))[0]!;

beforeAll(async () => ({ t, mod, admin, fresh } = await moderationApp(clock, 10)));
afterAll(() => t.close());

const REASON = 'Advertising a shop is not a review.';
const hide = (type: PostTarget, id: number, reason = REASON) =>
  acted(mod, { target_type: type, target_id: id, action: 'hide', reason });
const restore = (type: PostTarget, id: number) =>
  acted(mod, { target_type: type, target_id: id, action: 'restore', reason: 'Looked again: it is fine.' });
const hiddenMark = (reason = REASON, automatic = false) => ({ reason, at: expect.any(String), automatic });

/** How the author's notices name each kind of post. */
const LABELS: Record<PostTarget, RegExp> = {
  review: /^Review of \S/,
  comment: /^Comment on a review of \S/,
  reply: /^Reply to a comment on a review of \S/,
  question: /^Question about \S/,
  answer: /^Answer to a question about \S/,
  article_comment: /^Comment on the article “\S/,
};

/** The product's reviews page as `who` sees it (a visitor without). */
async function reviewsOf(productId: number, who?: Member) {
  const res = await platform.get(`/product/${productId}/reviews?size=50&sort=newest`, who?.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; items: Review[]; summary: Record<string, unknown> };
}

describe('a review', () => {
  it('leaves the lists, the counters and the profile for everyone but its author, and comes back', async () => {
    const productId = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productId, { overall: 2, build_quality: 1, features: 2.5, performance: 1.5 });
    const withoutIt = await reviewsOf(productId);
    const reviewId = await writeReview(author, productId, { overall: 5 });
    const withIt = await reviewsOf(productId);
    expect(withIt.summary).toMatchObject({ total_reviews: 2, distribution: [0, 1, 0, 0, 1] });
    expect(withIt.summary).not.toEqual(withoutIt.summary);
    const profileOf = async (who?: Member) =>
      (await account.get(`/user/${author.username}/get-profile`, who?.headers)).json();
    expect((await profileOf()).profile.reviews).toBe(1);

    await hide('review', reviewId);
    await expectCountersRight(productId);
    // Everyone else: as if it were deleted (ratings, distribution and totals).
    for (const who of [undefined, other]) {
      const page = await reviewsOf(productId, who);
      expect(page.items.map((r) => r.id)).not.toContain(reviewId);
      expect(page.total).toBe(1);
      expect(page.summary).toEqual(withoutIt.summary);
      expect(page.items.every((r) => r.hidden === null)).toBe(true);
      expectError(
        await platform.get(`/product/${productId}/review/${reviewId}`, who?.headers),
        'REVIEW_NOT_FOUND',
      );
    }
    expect((await platform.get(`/product/${productId}/reviews?star=5`)).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const visitorProfile = await profileOf(other);
    expect(visitorProfile.profile.reviews).toBe(0);
    expect(visitorProfile.reviews).toMatchObject({ total: 0, items: [] });

    // Its author still has it, marked with the reason.
    const own = await platform.get(`/product/${productId}/review/${reviewId}`, author.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().review).toMatchObject({ id: reviewId, mine: true, hidden: hiddenMark() });
    // (The public profile is the same for everyone: the author finds it among their own reviews.)
    expect((await account.get('/user/reviews', author.headers)).json().items).toMatchObject([
      { id: reviewId, hidden: hiddenMark() },
    ]);
    expect((await account.get('/user/standing', author.headers)).json().notices).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'hide',
        reason: REASON,
        days: null,
        // Still hidden, and this is its latest decision: its author may appeal it.
        appeal: null,
        appealable: true,
        item: {
          target_type: 'review',
          label: `Review of ${await kit.productLabel(productId)}`,
          text: REVIEW_FORM.summary,
          link: `/product/${productId}/review/${reviewId}`,
        },
      },
    ]);

    // Others cannot react to it, comment under it, read its comments or report it.
    for (const res of [
      await platform.post(`/product/review/${reviewId}/react`, { reaction: 'useful' }, other.headers),
      await platform.post(`/product/review/${reviewId}/comment`, { text: 'Nice one' }, other.headers),
      await platform.get(`/product/review/${reviewId}/comments`, other.headers),
      await kit.reportOf('review', reviewId, other),
    ]) {
      expectError(res, 'REVIEW_NOT_FOUND');
    }
    expect(await lastAudit()).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: mod.username,
      action: 'hide',
      target_type: 'review',
      target_id: reviewId,
      subject: author.username,
      reason: REASON,
      days: null,
    });

    // Twice is refused; restoring puts everything back as it was.
    expectError(
      await act(mod, { target_type: 'review', target_id: reviewId, action: 'hide', reason: REASON }),
      'ALREADY_HIDDEN',
    );
    await restore('review', reviewId);
    await expectCountersRight(productId);
    const back = await reviewsOf(productId);
    expect(back.summary).toEqual(withIt.summary);
    expect(back.total).toBe(2);
    expect(back.items.map((r) => r.id)).toContain(reviewId);
    expect((await platform.get(`/product/${productId}/review/${reviewId}`, other.headers)).statusCode).toBe(
      200,
    );
    expect(
      (await platform.get(`/product/${productId}/review/${reviewId}`, author.headers)).json().review.hidden,
    ).toBeNull();
    expect((await profileOf(other)).profile.reviews).toBe(1);
    expect(
      (await platform.post(`/product/review/${reviewId}/react`, { reaction: 'useful' }, other.headers))
        .statusCode,
    ).toBe(200);
    expect(await lastAudit()).toMatchObject({
      actor: mod.username,
      action: 'restore',
      target_type: 'review',
      target_id: reviewId,
      subject: author.username,
      reason: 'Looked again: it is fine.',
    });
    expectError(
      await act(mod, {
        target_type: 'review',
        target_id: reviewId,
        action: 'restore',
        reason: 'Again please',
      }),
      'NOT_HIDDEN',
    );
  });

  it('resolves the open reports with action taken, and takes the item out of the queue', async () => {
    const productId = fresh();
    const [author, reporter] = [await member(t), await member(t)];
    const reviewId = await writeReview(author, productId);
    await kit.reported('review', reviewId, reporter, 13);
    expect(entryOf(await kit.queue(mod), 'review', reviewId)).toBeDefined();
    await hide('review', reviewId);
    expect(entryOf(await kit.queue(mod), 'review', reviewId)).toBeUndefined();
    const [report] = await query(
      t.database,
      `SELECT status, outcome, resolved_by = (SELECT max(id) FROM moderation_actions) AS by_last
        FROM reports WHERE reporter_id = ${reporter.id}`,
    );
    expect(report).toEqual({ status: 'resolved', outcome: 'action_taken', by_last: true });
  });

  it('moves the counters once when two moderators hide it at the same moment', async () => {
    const productId = fresh();
    const [author, other, secondMod] = [
      await member(t),
      await member(t),
      await member(t, { role: 'moderator' }),
    ];
    await writeReview(other, productId);
    const reviewId = await writeReview(author, productId);
    const before = await auditCount();
    const body = { target_type: 'review', target_id: reviewId, action: 'hide', reason: REASON };
    const results = await Promise.all([act(mod, body), act(secondMod, body)]);
    await expectCountersRight(productId);
    expect((await reviewsOf(productId)).summary).toMatchObject({ total_reviews: 1 });
    // One of them hid it; the other is told it already is, and nothing of theirs is recorded.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(
      results.find((r) => r.statusCode === 409)!,
      'ALREADY_HIDDEN',
    );
    expect(await auditCount()).toBe(before + 1);
  });

  it('stays hidden and out of the counters when edited, and is not counted twice when deleted', async () => {
    const productId = fresh();
    const [author, other] = [await member(t), await member(t)];
    await writeReview(other, productId, { overall: 3 });
    const reviewId = await writeReview(author, productId, { overall: 4.5 });
    await hide('review', reviewId);
    const hiddenSummary = (await reviewsOf(productId)).summary;

    const edit = await platform.post(
      `/product/${productId}/review`,
      { ...REVIEW_FORM, overall: 1, summary: 'Changed my mind' },
      author.headers,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().review).toMatchObject({
      id: reviewId,
      summary: 'Changed my mind',
      hidden: hiddenMark(),
    });
    expect((await reviewsOf(productId)).summary).toEqual(hiddenSummary);
    await expectCountersRight(productId);
    expectError(
      await platform.get(`/product/${productId}/review/${reviewId}`, other.headers),
      'REVIEW_NOT_FOUND',
    );

    // Restored, it counts with its new ratings.
    await restore('review', reviewId);
    await expectCountersRight(productId);
    expect((await reviewsOf(productId)).summary).toMatchObject({
      total_reviews: 2,
      distribution: [1, 0, 1, 0, 0],
    });

    // Hidden again and deleted by its author: the counters do not move a second time.
    await hide('review', reviewId);
    const del = await platform.del(`/product/review/${reviewId}`, author.headers);
    expect(del.statusCode, del.body).toBe(200);
    await expectCountersRight(productId);
    expect((await reviewsOf(productId)).summary).toEqual(hiddenSummary);
    expect(hiddenSummary).toMatchObject({ total_reviews: 1, distribution: [0, 0, 1, 0, 0] });
    // Gone: there is nothing left to restore.
    expectError(
      await act(mod, {
        target_type: 'review',
        target_id: reviewId,
        action: 'restore',
        reason: 'Put it back',
      }),
      'MODERATION_TARGET_NOT_FOUND',
    );
  });
});

describe('comments, replies, questions, answers and comments on articles', () => {
  let productId: number;
  let reviewId: number;
  let writer: Member;
  let alice: Member;
  let bob: Member;
  /** Alice's posts (c1, r1, q1, a1, ac1: the ones hidden) and others' next to them. */
  const ids = { c1: 0, c2: 0, r1: 0, r2: 0, q1: 0, q2: 0, a1: 0, a2: 0, ac1: 0, ac2: 0 };
  /** A bundled article. */
  const ARTICLE = 2;
  const TEXT = {
    comment: () => `A comment by ${alice.username}`,
    reply: () => `Reply by ${alice.username}`,
    question: () => `Does it charge fast? (${alice.username})`,
    answer: () => `Yes, by ${alice.username}`,
    article_comment: () => `Well put, says ${alice.username}`,
  };

  beforeAll(async () => {
    productId = fresh();
    [writer, alice, bob] = [await member(t), await member(t), await member(t)];
    reviewId = await writeReview(writer, productId);
    const comment = async (who: Member, text: string) =>
      created(await platform.post(`/product/review/${reviewId}/comment`, { text }, who.headers), 'comment');
    ids.c1 = await comment(alice, TEXT.comment());
    ids.c2 = await comment(bob, 'Bob comments too.');
    const reply = async (who: Member, text: string) =>
      created(await platform.post(`/product/review/comment/${ids.c2}/reply`, { text }, who.headers), 'reply');
    ids.r1 = await reply(alice, TEXT.reply());
    ids.r2 = await reply(writer, 'The writer replies.');
    const ask = async (who: Member, text: string) =>
      created(await platform.post(`/product/${productId}/questions`, { text }, who.headers), 'question');
    ids.q1 = await ask(alice, TEXT.question());
    ids.q2 = await ask(bob, 'Bob asks a question here?');
    const answer = async (who: Member, text: string) =>
      created(await platform.post(`/product/question/${ids.q2}/answers`, { text }, who.headers), 'answer');
    ids.a1 = await answer(alice, TEXT.answer());
    ids.a2 = await answer(writer, 'The writer answers.');
    const onArticle = async (who: Member, text: string) =>
      created(await platform.post(`/articles/${ARTICLE}/add-comment`, { text }, who.headers), 'comment');
    ids.ac1 = await onArticle(alice, TEXT.article_comment());
    ids.ac2 = await onArticle(bob, 'Bob liked the article.');
  });

  interface List {
    total: number;
    items: ({ id: number } & Record<string, unknown>)[];
  }
  const list = async (url: string, who?: Member): Promise<List> => {
    const res = await platform.get(`${url}?size=50`, who?.headers);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json();
  };
  const comments = (who?: Member) => list(`/product/review/${reviewId}/comments`, who);
  const questions = (who?: Member) => list(`/product/${productId}/questions`, who);

  interface Case {
    type: Exclude<PostTarget, 'review'>;
    id: () => number;
    notFound: ErrorCode;
    /** The stored counter that counts the post. */
    counter: () => Promise<number>;
    /** The list the post is in, as `who` sees it. */
    list: (who?: Member) => Promise<List>;
    /** What others may not do to it while hidden (404 `notFound`); the first works again once restored. */
    blocked: (who: Member) => Promise<Response>[];
    /** Where its author deletes it. */
    url: () => string;
  }
  const cases: Case[] = [
    {
      type: 'comment',
      id: () => ids.c1,
      notFound: 'COMMENT_NOT_FOUND',
      counter: async () =>
        (await platform.get(`/product/${productId}/review/${reviewId}`)).json().review.comments as number,
      list: comments,
      blocked: (who) => [
        platform.post(`/product/review/comment/${ids.c1}/react?reaction=like`, undefined, who.headers),
        platform.post(`/product/review/comment/${ids.c1}/reply`, { text: 'Replying' }, who.headers),
        platform.post(`/product/review/comment/${ids.c1}/report`, { reason_id: 7 }, who.headers),
        platform.get(`/product/review/comment/${ids.c1}/replies`, who.headers),
      ],
      url: () => `/product/review/comment/${ids.c1}`,
    },
    {
      type: 'reply',
      id: () => ids.r1,
      notFound: 'REPLY_NOT_FOUND',
      counter: async () => (await comments()).items.find((c) => c.id === ids.c2)!.replies as number,
      list: (who) => list(`/product/review/comment/${ids.c2}/replies`, who),
      blocked: (who) => [
        platform.post(`/product/review/comment/reply/${ids.r1}/react`, { reaction: 'like' }, who.headers),
        platform.post(`/product/review/comment/reply/${ids.r1}/report`, { reason_id: 13 }, who.headers),
      ],
      url: () => `/product/review/comment/reply/${ids.r1}`,
    },
    {
      type: 'question',
      id: () => ids.q1,
      notFound: 'QUESTION_NOT_FOUND',
      counter: async () => (await questions()).total,
      list: questions,
      blocked: (who) => [
        platform.post(`/product/question/${ids.q1}/react/like`, undefined, who.headers),
        platform.post(`/product/question/${ids.q1}/answers`, { text: 'An answer' }, who.headers),
        platform.post(`/product/question/${ids.q1}/report`, { reason_id: 1 }, who.headers),
        platform.get(`/product/${productId}/question/${ids.q1}/answers`, who.headers),
      ],
      url: () => `/product/question/${ids.q1}`,
    },
    {
      type: 'answer',
      id: () => ids.a1,
      notFound: 'ANSWER_NOT_FOUND',
      counter: async () => (await questions()).items.find((q) => q.id === ids.q2)!.answers as number,
      list: (who) => list(`/product/${productId}/question/${ids.q2}/answers`, who),
      blocked: (who) => [
        platform.post(`/product/question/answer/${ids.a1}/react/like`, undefined, who.headers),
        platform.post(`/product/question/answer/${ids.a1}/report`, { reason_id: 10 }, who.headers),
      ],
      url: () => `/product/answer/${ids.a1}`,
    },
    {
      type: 'article_comment',
      id: () => ids.ac1,
      notFound: 'COMMENT_NOT_FOUND',
      counter: async () => (await platform.get(`/get-article/${ARTICLE}`)).json().article.comments as number,
      list: (who) => list(`/articles/${ARTICLE}/comments`, who),
      blocked: (who) => [
        platform.post(`/articles/comment/${ids.ac1}/react/like`, undefined, who.headers),
        platform.post(`/articles/comment/${ids.ac1}/report`, { reason_id: 7 }, who.headers),
      ],
      url: () => `/articles/comment/${ids.ac1}`,
    },
  ];

  for (const c of cases) {
    it(`hides and restores a ${c.type}, moving its counter`, async () => {
      const before = await c.counter();
      const listBefore = await c.list();
      expect(listBefore.items.map((i) => i.id)).toContain(c.id());

      await hide(c.type, c.id());
      expect(await c.counter()).toBe(before - 1);
      for (const who of [undefined, bob, writer]) {
        const seen = await c.list(who);
        expect(seen.items.map((i) => i.id)).not.toContain(c.id());
        expect(seen.total).toBe(listBefore.total - 1);
      }
      // Its author is told, with the post's text.
      expect((await account.get('/user/standing', alice.headers)).json().notices[0]).toEqual({
        id: expect.any(Number),
        at: expect.any(String),
        action: 'hide',
        reason: REASON,
        days: null,
        appeal: null,
        appealable: true,
        item: {
          target_type: c.type,
          label: expect.stringMatching(LABELS[c.type]),
          text: TEXT[c.type](),
          link: expect.stringMatching(
            c.type === 'article_comment'
              ? /^\/articles\/battery-and-charging-explained-2$/
              : new RegExp(`^/product/${productId}[/#]`),
          ),
        },
      });
      for (const res of await Promise.all(c.blocked(bob))) expectError(res, c.notFound, c.type);
      expect(await lastAudit()).toMatchObject({
        actor: mod.username,
        action: 'hide',
        target_type: c.type,
        target_id: c.id(),
        subject: alice.username,
        reason: REASON,
        days: null,
      });

      await restore(c.type, c.id());
      expect(await c.counter()).toBe(before);
      const after = await c.list();
      expect(after.total).toBe(listBefore.total);
      expect(after.items.map((i) => i.id)).toEqual(listBefore.items.map((i) => i.id));
      expect((await c.list(alice)).items.map((i) => i.id)).toContain(c.id());
      expect((await account.get('/user/standing', alice.headers)).json().notices[0]).toMatchObject({
        action: 'restore',
        item: { target_type: c.type, text: TEXT[c.type]() },
      });
      const [first] = c.blocked(bob);
      expect((await first!).statusCode).toBe(200);
    });
  }

  it('does not move a counter twice when its author deletes a hidden post', async () => {
    for (const c of cases) {
      const before = await c.counter();
      await hide(c.type, c.id());
      expect(await c.counter(), c.type).toBe(before - 1);
      const del = await platform.del(c.url(), alice.headers);
      expect(del.statusCode, `${c.type} ${del.body}`).toBe(200);
      expect(await c.counter(), c.type).toBe(before - 1);
      expect((await c.list()).items.map((i) => i.id)).not.toContain(c.id());
    }
    // The stored counters equal the rows that are not hidden.
    const [row] = await query<{ ok: boolean }>(
      t.database,
      `SELECT (SELECT comments FROM reviews WHERE id = ${reviewId}) =
          (SELECT count(*) FROM review_comments WHERE review_id = ${reviewId} AND hidden_at IS NULL)
        AND (SELECT replies FROM review_comments WHERE id = ${ids.c2}) =
          (SELECT count(*) FROM comment_replies WHERE comment_id = ${ids.c2} AND hidden_at IS NULL)
        AND (SELECT answers FROM questions WHERE id = ${ids.q2}) =
          (SELECT count(*) FROM answers WHERE question_id = ${ids.q2} AND hidden_at IS NULL)
        AND (SELECT comments FROM articles WHERE id = ${ARTICLE}) =
          (SELECT count(*) FROM article_comments WHERE article_id = ${ARTICLE} AND hidden_at IS NULL) AS ok`,
    );
    expect(row!.ok).toBe(true);
  });

  it('takes what is under it with it: nothing below a hidden post can be read, answered, reacted to or reported', async () => {
    // What is left after the test above: Bob's comment c2 with the writer's reply r2, Bob's question q2 with the
    // writer's answer a2.
    const underQuestion = () => [
      platform.post(`/product/question/answer/${ids.a2}/react/like`, undefined, bob.headers),
      platform.post(`/product/question/answer/${ids.a2}/report`, { reason_id: 10 }, bob.headers),
    ];
    const underReview = () => [
      platform.get(`/product/review/comment/${ids.c2}/replies`, alice.headers),
      platform.post(`/product/review/comment/${ids.c2}/reply`, { text: 'Still here?' }, alice.headers),
      platform.post(`/product/review/comment/${ids.c2}/react?reaction=like`, undefined, alice.headers),
      platform.post(`/product/review/comment/${ids.c2}/report`, { reason_id: 7 }, alice.headers),
      platform.post(`/product/review/comment/reply/${ids.r2}/react`, { reaction: 'like' }, bob.headers),
      platform.post(`/product/review/comment/reply/${ids.r2}/report`, { reason_id: 13 }, bob.headers),
    ];
    const codes = ['ANSWER_NOT_FOUND', 'ANSWER_NOT_FOUND'] as const;
    const reviewCodes = [
      'COMMENT_NOT_FOUND',
      'COMMENT_NOT_FOUND',
      'COMMENT_NOT_FOUND',
      'COMMENT_NOT_FOUND',
      'REPLY_NOT_FOUND',
      'REPLY_NOT_FOUND',
    ] as const;
    const repliesBefore = (await list(`/product/review/comment/${ids.c2}/replies`)).total;

    await hide('question', ids.q2);
    await hide('review', reviewId);
    (await Promise.all(underQuestion())).forEach((res, i) => expectError(res, codes[i]!, `answer ${i}`));
    (await Promise.all(underReview())).forEach((res, i) => expectError(res, reviewCodes[i]!, `review ${i}`));
    // Nothing was written on the way.
    const [row] = await query<{ replies: number }>(
      t.database,
      `SELECT replies FROM review_comments WHERE id = ${ids.c2}`,
    );
    expect(row!.replies).toBe(repliesBefore);

    await restore('question', ids.q2);
    await restore('review', reviewId);
    expect((await underQuestion()[0]!).statusCode).toBe(200);
    expect((await underReview()[0]!).statusCode).toBe(200);
  });
});

describe('a post deleted by its author', () => {
  it('shows as gone in the queue; its reports can be dismissed but it cannot be acted on', async () => {
    const productId = fresh();
    const [author, commenter, reporter] = [await member(t), await member(t), await member(t)];
    const reviewId = await writeReview(author, productId);
    const commentId = created(
      await platform.post(
        `/product/review/${reviewId}/comment`,
        { text: 'Buy cheap at my shop' },
        commenter.headers,
      ),
      'comment',
    );
    await kit.reported('comment', commentId, reporter, 7);
    expect((await platform.del(`/product/review/comment/${commentId}`, commenter.headers)).statusCode).toBe(
      200,
    );
    expect(entryOf(await kit.queue(mod), 'comment', commentId)).toMatchObject({
      item: {
        label: 'A comment that has since been deleted',
        exists: false,
        text: '',
        link: null,
        hidden: null,
      },
      author: null,
      reports: [{ reason_id: 7, reason: 'Spamming', reporter: { username: reporter.username } }],
    });
    for (const action of ['hide', 'restore', 'warn', 'suspend'] as const) {
      expectError(
        await act(mod, {
          target_type: 'comment',
          target_id: commentId,
          action,
          reason: 'Too late now.',
          days: 1,
        }),
        'MODERATION_TARGET_NOT_FOUND',
        action,
      );
    }
    await acted(mod, {
      target_type: 'comment',
      target_id: commentId,
      action: 'dismiss',
      reason: 'Deleted already.',
    });
    expect(await lastAudit()).toMatchObject({ action: 'dismiss', target_type: 'comment', subject: null });
    const [report] = await query(
      t.database,
      `SELECT status, outcome FROM reports WHERE reporter_id = ${reporter.id}`,
    );
    expect(report).toEqual({ status: 'resolved', outcome: 'no_action' });
    expect(entryOf(await kit.queue(mod), 'comment', commentId)).toBeUndefined();
  });
});
