/**
 * Reports and what comes of them (issue 9): the queue groups open reports by item with every reason, comment
 * and reporter and the author's history, automatically hidden items first, then the most reported; the
 * reporter learns the outcome without learning who the author is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReport } from '../../../shared/moderation.ts';
import { createTestApp, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { entryOf, moderationKit, REVIEW_FORM as FORM, moderationApp } from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let fresh: () => number;
const kit = moderationKit(() => t, clock);
const { platform, moderation, account, acted, created, writeReview, reported, aged } = kit;
const queue = () => kit.queue(mod);

beforeAll(async () => ({ t, mod, fresh } = await moderationApp(clock, 20)));
afterAll(() => t.close());

describe('the queue', () => {
  it('groups open reports by item with every reason, comment and reporter, and the author’s history', async () => {
    const productOf = fresh();
    const [author, replier, troll] = [await member(t), await member(t), await member(t)];
    const reviewId = await writeReview(author, productOf, { summary: 'Best phone ever made' });
    const commentId = created(
      await platform.post(
        `/product/review/${reviewId}/comment`,
        { text: 'Thanks for this.' },
        replier.headers,
      ),
      'comment',
    );
    const replyId = created(
      await platform.post(
        `/product/review/comment/${commentId}/reply`,
        { text: 'You are an idiot' },
        replier.headers,
      ),
      'reply',
    );
    // Earlier actions against the review's author.
    await acted(mod, {
      target_type: 'user',
      target_id: author.id,
      action: 'warn',
      reason: 'Be kind to others.',
    });
    // New accounts' reports do not hide anything, so the counts decide the order.
    const [a, b, c] = [await aged(1), await aged(2), await aged(3)];
    await reported('reply', replyId, a, 13, 'Insults');
    await reported('review', reviewId, a, 7, 'Looks paid for');
    await reported('review', reviewId, b, 8);
    await reported('user', troll.username, a, 3, 'Follows me around');
    await reported('review', reviewId, c, 10, 'Never owned it');
    await reported('reply', replyId, b, 1);

    const items = await queue();
    // Automatically hidden first, then the most reported: the counts never go up along each part.
    const auto = items.map((e) => e.item.hidden?.automatic === true);
    expect(auto).toEqual([...auto].sort((x, y) => Number(y) - Number(x)));
    for (const part of [items.filter((_, i) => auto[i]), items.filter((_, i) => !auto[i])]) {
      const counts = part.map((e) => e.reports.length);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
    }
    const mine = items.filter((e) =>
      [
        ['review', reviewId],
        ['reply', replyId],
        ['user', troll.id],
      ].some(([type, id]) => e.item.target_type === type && e.item.target_id === id),
    );
    // Review (3), then the reply (2, its first report older than the user's), then the user (1).
    expect(mine.map((e) => e.item.target_type)).toEqual(['review', 'reply', 'user']);

    const name = await kit.productLabel(productOf);
    const review = mine[0]!;
    expect(review.item).toEqual({
      target_type: 'review',
      target_id: reviewId,
      label: `Review of ${name}`,
      title: 'Best phone ever made',
      text: FORM.description,
      link: `/product/${productOf}/review/${reviewId}`,
      created_at: expect.any(String),
      hidden: null,
      flagged: null,
      exists: true,
    });
    expect(review.author).toEqual({
      username: author.username,
      firstName: 'Test',
      lastName: 'Member',
      demo: false,
      joined: expect.any(String),
      role: 'user',
      suspended_until: null,
    });
    expect(review.reports).toEqual([
      {
        id: expect.any(Number),
        reason_id: 7,
        reason: 'Spamming',
        comments: 'Looks paid for',
        created_at: expect.any(String),
        reporter: { username: a.username, joined: expect.any(String), suspended: false, counts: false },
      },
      expect.objectContaining({ reason_id: 8, reason: 'Incentivized', comments: null }),
      expect.objectContaining({ reason_id: 10, reason: 'False claim', comments: 'Never owned it' }),
    ]);
    expect(review.reports.map((r) => r.reporter.username)).toEqual([a.username, b.username, c.username]);
    expect(review.history).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: mod.username,
        action: 'warn',
        target_type: 'user',
        target_id: author.id,
        subject: author.username,
        reason: 'Be kind to others.',
        days: null,
      },
    ]);

    const reply = mine[1]!;
    expect(reply.item).toMatchObject({
      label: `Reply to a comment on a review of ${name}`,
      title: null,
      text: 'You are an idiot',
      link: `/product/${productOf}/review/${reviewId}`,
    });
    expect(reply.author?.username).toBe(replier.username);
    expect(reply.reports.map((r) => [r.reason, r.comments])).toEqual([
      ['Abusive', 'Insults'],
      ['Off-topic', null],
    ]);
    expect(reply.history).toEqual([]);

    const user = mine[2]!;
    expect(user.item).toMatchObject({
      label: `User @${troll.username}`,
      text: 'Test Member',
      link: `/profile/${troll.username}`,
    });
    expect(user.author?.username).toBe(troll.username);
    expect(user.reports).toMatchObject([
      { reason_id: 3, reason: 'Harassment', comments: 'Follows me around' },
    ]);

    // Paged.
    const page = (await moderation.get('/queue?size=1&page=1', mod.headers)).json();
    expect(page).toMatchObject({ success: true, page: 1, size: 1, total: items.length });
    expect(page.items).toEqual([items[1]]);

    // Acting on an item takes it out of the queue; the others stay.
    await acted(mod, { target_type: 'reply', target_id: replyId, action: 'hide', reason: 'Name-calling.' });
    const after = await queue();
    expect(entryOf(after, 'reply', replyId)).toBeUndefined();
    expect(entryOf(after, 'review', reviewId)?.reports).toHaveLength(3);
    // The replier's history now holds the hiding.
    await reported('comment', commentId, a, 1);
    expect(entryOf(await queue(), 'comment', commentId)?.history).toMatchObject([
      { action: 'hide', target_type: 'reply', target_id: replyId, reason: 'Name-calling.' },
    ]);
  });
});

describe('a comment on an article', () => {
  it('can be reported by others, and is described in the queue and on the reporter’s page', async () => {
    const [author, reporter] = [await member(t), await member(t)];
    const article = (await platform.get('/get-article/1')).json().article as { title: string; slug: string };
    const commentId = created(
      await platform.post('/articles/1/add-comment', { text: 'Buy followers at my shop' }, author.headers),
      'comment',
    );
    const report = (who: Member, id = commentId) =>
      platform.post(`/articles/comment/${id}/report`, { reason_id: 7, comments: 'An advert' }, who.headers);
    expect((await report(author)).json()).toMatchObject({ code: 'REPORT_SELF' });
    expect((await report(reporter, 999_999)).statusCode).toBe(404);
    expect((await report(reporter, 999_999)).json().code).toBe('COMMENT_NOT_FOUND');
    expect((await platform.post(`/articles/comment/${commentId}/report`, { reason_id: 7 })).statusCode).toBe(
      401,
    );
    const stored = await report(reporter);
    expect(stored.statusCode, stored.body).toBe(201);
    expect((await report(reporter)).json().code).toBe('ALREADY_REPORTED');

    const entry = entryOf(await queue(), 'article_comment', commentId)!;
    expect(entry.item).toEqual({
      target_type: 'article_comment',
      target_id: commentId,
      label: `Comment on the article “${article.title}”`,
      title: null,
      text: 'Buy followers at my shop',
      link: `/articles/${article.slug}-1`,
      created_at: expect.any(String),
      hidden: null,
      flagged: null,
      exists: true,
    });
    expect(entry.author?.username).toBe(author.username);
    expect(entry.reports).toMatchObject([{ reason: 'Spamming', comments: 'An advert' }]);

    await acted(mod, {
      target_type: 'article_comment',
      target_id: commentId,
      action: 'hide',
      reason: 'Advert.',
    });
    expect((await account.get('/user/reports', reporter.headers)).json().items[0]).toMatchObject({
      target_type: 'article_comment',
      label: `A comment on the article “${article.title}”`,
      status: 'resolved',
      outcome: 'action_taken',
    });
    const comments = (await platform.get('/articles/1/comments?size=50')).json();
    expect(comments.items.map((c: { id: number }) => c.id)).not.toContain(commentId);
  });
});

describe('the reporter’s page', () => {
  it('tells the reporter the outcome without naming the author', async () => {
    const productOf = fresh();
    const [author, reporter, someoneElse] = [await member(t), await member(t), await member(t)];
    await t.database.db.execute(
      `UPDATE users SET first_name = 'Zanzibar', last_name = 'Quixotic' WHERE id = ${author.id}`,
    );
    const reviewId = await writeReview(author, productOf);
    const commentId = created(
      await platform.post(`/product/review/${reviewId}/comment`, { text: 'First!' }, author.headers),
      'comment',
    );
    const questionId = created(
      await platform.post(`/product/${productOf}/questions`, { text: 'Anyone else bored?' }, author.headers),
      'question',
    );
    await reported('review', reviewId, reporter, 9);
    await reported('comment', commentId, reporter, 1);
    await reported('user', author.username, reporter, 2);
    await reported('question', questionId, reporter, 1);
    await reported('question', questionId, someoneElse, 1);

    const mine = async (): Promise<MyReport[]> => {
      const res = await account.get('/user/reports', reporter.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, page: 0, size: 10, total: 4 });
      const text = JSON.stringify(body);
      for (const secret of [author.username, 'Zanzibar', 'Quixotic']) expect(text).not.toContain(secret);
      return body.items;
    };
    const name = await kit.productLabel(productOf);
    expect(await mine()).toEqual([
      {
        id: expect.any(Number),
        target_type: 'question',
        label: `A question about ${name}`,
        reason: 'Off-topic',
        created_at: expect.any(String),
        status: 'open',
        outcome: null,
        resolved_at: null,
      },
      expect.objectContaining({
        target_type: 'user',
        label: 'A user',
        reason: 'Privacy violation',
        status: 'open',
      }),
      expect.objectContaining({
        target_type: 'comment',
        label: `A comment on a review of ${name}`,
        status: 'open',
      }),
      expect.objectContaining({
        target_type: 'review',
        label: `A review of ${name}`,
        reason: 'Sabotaging competition',
      }),
    ]);

    await acted(mod, {
      target_type: 'review',
      target_id: reviewId,
      action: 'hide',
      reason: 'Competitor sabotage.',
    });
    await acted(mod, {
      target_type: 'comment',
      target_id: commentId,
      action: 'dismiss',
      reason: 'Harmless.',
    });
    await acted(mod, {
      target_type: 'user',
      target_id: author.id,
      action: 'warn',
      reason: 'Mind the rules.',
    });
    const after = await mine();
    const byType = Object.fromEntries(after.map((r) => [r.target_type, r]));
    expect(byType.review).toMatchObject({
      status: 'resolved',
      outcome: 'action_taken',
      resolved_at: expect.any(String),
    });
    expect(byType.comment).toMatchObject({
      status: 'resolved',
      outcome: 'no_action',
      resolved_at: expect.any(String),
    });
    expect(byType.user).toMatchObject({ status: 'resolved', outcome: 'action_taken' });
    expect(byType.question).toMatchObject({ status: 'open', outcome: null, resolved_at: null });
    // Nothing of the moderators' reasons either.
    expect(JSON.stringify(after)).not.toContain('Competitor sabotage.');

    // A deleted post is named as such.
    expect((await platform.del(`/product/question/${questionId}`, author.headers)).statusCode).toBe(200);
    expect((await mine())[0]).toMatchObject({
      target_type: 'question',
      label: 'A question that has since been deleted',
    });
    // Each user sees their own reports only.
    const theirs = (await account.get('/user/reports', someoneElse.headers)).json();
    expect(theirs).toMatchObject({ total: 1, items: [{ target_type: 'question' }] });
    const page = (await account.get('/user/reports?size=1&page=3', reporter.headers)).json();
    expect(page).toMatchObject({ total: 4, items: [{ target_type: 'review' }] });
  });

  it('describes product listings in the queue, the listings and the reporter’s page', async () => {
    // On its own app: an open product report stays in that app's queue.
    const own = await createTestApp({}, undefined, { clock });
    try {
      const go = requests(() => own, '');
      const [moderator, reporter] = [await member(own, { role: 'moderator' }), await member(own)];
      const productOf = await productId(own, 2);
      const name = await moderationKit(() => own, clock).productLabel(productOf);
      const report = await go.post(
        `/platform/api/v1/product/${productOf}/report`,
        { reason_id: 15, comments: 'Wrong battery size' },
        reporter.headers,
      );
      expect(report.statusCode).toBe(201);
      const queued = await go.get('/moderation/api/v1/queue', moderator.headers);
      expect(queued.statusCode, queued.body).toBe(200);
      expect(queued.json().items).toEqual([
        {
          item: {
            target_type: 'product',
            target_id: productOf,
            label: `Listing of ${name}`,
            title: null,
            text: expect.any(String),
            link: `/product/${productOf}`,
            created_at: expect.any(String),
            hidden: null,
            flagged: null,
            exists: true,
          },
          author: null,
          reports: [
            expect.objectContaining({
              reason_id: 15,
              reason: 'Inaccurate info',
              comments: 'Wrong battery size',
            }),
          ],
          history: [],
        },
      ]);
      const before = await go.get('/user/api/v1/user/reports', reporter.headers);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json().items).toMatchObject([
        { target_type: 'product', label: `The listing of ${name}`, status: 'open', outcome: null },
      ]);
      const flag = await go.post(
        '/moderation/api/v1/actions',
        { target_type: 'product', target_id: productOf, action: 'flag', reason: 'Battery size is wrong.' },
        moderator.headers,
      );
      expect(flag.statusCode, flag.body).toBe(200);
      const listings = await go.get('/moderation/api/v1/listings', moderator.headers);
      expect(listings.statusCode, listings.body).toBe(200);
      expect(listings.json()).toMatchObject({
        total: 1,
        items: [{ target_id: productOf, flagged: { reason: 'Battery size is wrong.' } }],
      });
      const after = (await go.get('/user/api/v1/user/reports', reporter.headers)).json();
      expect(after.items).toMatchObject([{ status: 'resolved', outcome: 'action_taken' }]);
      expect((await go.get('/moderation/api/v1/queue', moderator.headers)).json().items).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
