/**
 * Suspensions (issue 9): a suspended account reads but cannot post, react, report or follow, is told until
 * when and why, and can write again once the suspension ends (a TestClock moves time). Also what the author
 * sees in /user/standing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { MODERATION_MESSAGES, type ModerationTarget } from '../../../shared/moderation.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { moderationKit, type Response, REVIEW_FORM as FORM } from '../../../test/moderation.ts';

let t: TestContext;
const clock = new TestClock();
let mod: Member;
let other: Member;
let third: Member;
/** Posts by others that a suspended member tries to answer, react to and report. */
const ids = { product: 0, upvoted: 0, review: 0, comment: 0, reply: 0, question: 0, answer: 0 };
const kit = moderationKit(() => t, clock);
const { platform, moderation, account, created } = kit;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  [mod, other, third] = [await member(t, { role: 'moderator' }), await member(t), await member(t)];
  ids.product = await productId(t, 3);
  ids.upvoted = await productId(t, 4);
  ids.review = created(await platform.post(`/product/${ids.product}/review`, FORM, other.headers), 'review');
  ids.comment = created(
    await platform.post(
      `/product/review/${ids.review}/comment`,
      { text: 'Agreed, great camera.' },
      other.headers,
    ),
    'comment',
  );
  ids.reply = created(
    await platform.post(
      `/product/review/comment/${ids.comment}/reply`,
      { text: 'Same here.' },
      third.headers,
    ),
    'reply',
  );
  ids.question = created(
    await platform.post(
      `/product/${ids.product}/questions`,
      { text: 'Does it support eSIM?' },
      other.headers,
    ),
    'question',
  );
  ids.answer = created(
    await platform.post(
      `/product/question/${ids.question}/answers`,
      { text: 'Yes, it does.' },
      third.headers,
    ),
    'answer',
  );
});
afterAll(() => t.close());

const acted = (body: Parameters<typeof kit.acted>[1]) => kit.acted(mod, body);
const suspend = (target_type: ModerationTarget, target_id: number, days: number, reason: string) =>
  acted({ target_type, target_id, action: 'suspend', reason, days });

/** Every kind of write, as `who`: posts, reactions, reports and a follow. */
const WRITES: [string, (who: Member) => Promise<Response>][] = [
  ['review', (w) => platform.post(`/product/${ids.product}/review`, FORM, w.headers)],
  [
    'question',
    (w) => platform.post(`/product/${ids.product}/questions`, { text: 'Is it waterproof?' }, w.headers),
  ],
  [
    'answer',
    (w) => platform.post(`/product/question/${ids.question}/answers`, { text: 'I think so.' }, w.headers),
  ],
  [
    'comment',
    (w) => platform.post(`/product/review/${ids.review}/comment`, { text: 'Nice review' }, w.headers),
  ],
  [
    'reply',
    (w) => platform.post(`/product/review/comment/${ids.comment}/reply`, { text: 'Indeed' }, w.headers),
  ],
  [
    'review useful',
    (w) => platform.post(`/product/review/${ids.review}/react`, { reaction: 'useful' }, w.headers),
  ],
  [
    'comment like',
    (w) => platform.post(`/product/review/comment/${ids.comment}/react?reaction=like`, undefined, w.headers),
  ],
  [
    'reply like',
    (w) => platform.post(`/product/review/comment/reply/${ids.reply}/react`, { reaction: 'like' }, w.headers),
  ],
  [
    'question like',
    (w) => platform.post(`/product/question/${ids.question}/react/like`, undefined, w.headers),
  ],
  [
    'answer like',
    (w) => platform.post(`/product/question/answer/${ids.answer}/react/like`, undefined, w.headers),
  ],
  ['product upvote', (w) => platform.post(`/product/${ids.upvoted}/react/like`, undefined, w.headers)],
  [
    'review report',
    (w) => platform.post('/product/review/report', { review_id: ids.review, reason_id: 7 }, w.headers),
  ],
  ['product report', (w) => platform.post(`/product/${ids.product}/report`, { reason_id: 15 }, w.headers)],
  [
    'comment report',
    (w) => platform.post(`/product/review/comment/${ids.comment}/report`, { reason_id: 13 }, w.headers),
  ],
  [
    'reply report',
    (w) => platform.post(`/product/review/comment/reply/${ids.reply}/report`, { reason_id: 13 }, w.headers),
  ],
  [
    'question report',
    (w) => platform.post(`/product/question/${ids.question}/report`, { reason_id: 1 }, w.headers),
  ],
  [
    'answer report',
    (w) => platform.post(`/product/question/answer/${ids.answer}/report`, { reason_id: 10 }, w.headers),
  ],
  ['user report', (w) => account.post('/user/report', { username: other.username, reason_id: 1 }, w.headers)],
  ['follow', (w) => account.post('/user/follow', { username: other.username, follow: true }, w.headers)],
];

const write = (name: string) => WRITES.find(([n]) => n === name)![1];

function expectSuspended(res: Response, until: string, reason: string, label: string): void {
  expect(res.statusCode, `${label} ${res.body}`).toBe(ERRORS.ACCOUNT_SUSPENDED.status);
  const body = res.json();
  expect(body, label).toEqual({
    success: false,
    code: 'ACCOUNT_SUSPENDED',
    message: expect.stringContaining(reason),
    suspended_until: until,
    suspension_reason: reason,
  });
  // Until when (India time) and why, in words.
  expect(body.message, label).toMatch(/^Your account is suspended until .*\d.* IST\b/);
}

/** Everything a member wrote, reacted, reported or followed. */
async function writesBy(id: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    t.database,
    `SELECT ((SELECT count(*) FROM reviews WHERE user_id = ${id})
      + (SELECT count(*) FROM questions WHERE user_id = ${id})
      + (SELECT count(*) FROM answers WHERE user_id = ${id})
      + (SELECT count(*) FROM review_comments WHERE user_id = ${id})
      + (SELECT count(*) FROM comment_replies WHERE user_id = ${id})
      + (SELECT count(*) FROM review_reactions WHERE user_id = ${id})
      + (SELECT count(*) FROM comment_reactions WHERE user_id = ${id})
      + (SELECT count(*) FROM reply_reactions WHERE user_id = ${id})
      + (SELECT count(*) FROM question_reactions WHERE user_id = ${id})
      + (SELECT count(*) FROM answer_reactions WHERE user_id = ${id})
      + (SELECT count(*) FROM product_upvotes WHERE user_id = ${id})
      + (SELECT count(*) FROM reports WHERE reporter_id = ${id})
      + (SELECT count(*) FROM follows WHERE follower_id = ${id}))::int AS n`,
  );
  return row!.n;
}

describe('a suspended account', () => {
  it('cannot post, react, report or follow, and is told until when and why', async () => {
    const victim = await member(t);
    const reason = 'Repeated spam links in comments.';
    const until = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    await suspend('user', victim.id, 7, reason);
    for (const [name, write] of WRITES) expectSuspended(await write(victim), until, reason, name);
    expect(await writesBy(victim.id)).toBe(0);
    const [row] = await query(
      t.database,
      `SELECT suspended_until, suspension_reason FROM users WHERE id = ${victim.id}`,
    );
    expect(new Date(row!.suspended_until as string).toISOString()).toBe(until);
    expect(row!.suspension_reason).toBe(reason);

    // Reading still works.
    for (const url of [
      `/product/${ids.product}/reviews`,
      `/product/${ids.product}/review/${ids.review}`,
      `/product/review/${ids.review}/comments`,
      `/product/review/comment/${ids.comment}/replies`,
      `/product/${ids.product}/questions`,
      `/product/${ids.product}/question/${ids.question}/answers`,
      `/product/${ids.product}/viewer`,
    ]) {
      expect((await platform.get(url, victim.headers)).statusCode, url).toBe(200);
    }
    expect((await account.get(`/user/${other.username}/get-profile`, victim.headers)).statusCode).toBe(200);

    // The standing says so.
    const standing = await account.get('/user/standing', victim.headers);
    expect(standing.statusCode).toBe(200);
    expect(standing.json()).toEqual({
      success: true,
      role: 'user',
      suspension: { until, reason },
      // Made today: the new-account limits apply.
      new_account: true,
      notices: [
        {
          id: expect.any(Number),
          at: expect.any(String),
          action: 'suspend',
          reason,
          days: 7,
          appeal: null,
          appealable: false,
          item: null,
        },
      ],
    });
  });

  it('is suspended for 1, 7 or 30 days, and only those', async () => {
    for (const days of [1, 7, 30]) {
      const victim = await member(t);
      const until = new Date(clock.now().getTime() + days * DAY).toISOString();
      await suspend('user', victim.id, days, `Suspended for ${days} days.`);
      const standing = (await account.get('/user/standing', victim.headers)).json();
      expect(standing.suspension, String(days)).toEqual({ until, reason: `Suspended for ${days} days.` });
    }
    const victim = await member(t);
    for (const days of [undefined, 0, 2, 31]) {
      const res = await moderation.post(
        '/actions',
        { target_type: 'user', target_id: victim.id, action: 'suspend', reason: 'No days given.', days },
        mod.headers,
      );
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json(), String(days)).toMatchObject({
        code: 'VALIDATION',
        field: 'days',
        message: MODERATION_MESSAGES.days,
      });
    }
    const [row] = await query(t.database, `SELECT suspended_until FROM users WHERE id = ${victim.id}`);
    expect(row).toEqual({ suspended_until: null });
  });

  it('keeps a longer running suspension, with the newest reason', async () => {
    const victim = await member(t);
    const long = new Date(clock.now().getTime() + 30 * DAY).toISOString();
    await suspend('user', victim.id, 30, 'Harassing other members.');
    clock.advance(MINUTE);
    await suspend('user', victim.id, 1, 'And spamming as well.');
    const standing = (await account.get('/user/standing', victim.headers)).json();
    expect(standing.suspension).toEqual({ until: long, reason: 'And spamming as well.' });
    expect(standing.notices.map((n: { days: number }) => n.days)).toEqual([1, 30]);
    expectSuspended(await write('comment')(victim), long, 'And spamming as well.', 'comment');
  });

  it('leaves a suspended moderator the queue but no actions until it ends', async () => {
    const [admin, suspendedMod, spammer] = [
      await member(t, { role: 'admin' }),
      await member(t, { role: 'moderator' }),
      await member(t),
    ];
    const reason = 'Hid posts without reading them.';
    const until = new Date(clock.now().getTime() + DAY).toISOString();
    const suspended = await moderation.post(
      '/actions',
      { target_type: 'user', target_id: suspendedMod.id, action: 'suspend', reason, days: 1 },
      admin.headers,
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await moderation.get('/queue', suspendedMod.headers)).statusCode).toBe(200);
    const warn = { target_type: 'user', target_id: spammer.id, action: 'warn', reason: 'Stop spamming.' };
    expectSuspended(await moderation.post('/actions', warn, suspendedMod.headers), until, reason, 'warn');
    const [row] = await query(
      t.database,
      `SELECT count(*)::int AS n FROM moderation_actions WHERE subject_id = ${spammer.id}`,
    );
    expect(row).toEqual({ n: 0 });
    clock.advance(DAY + MINUTE);
    expect((await moderation.post('/actions', warn, suspendedMod.headers)).statusCode).toBe(200);
  });

  it('ends on time: writing works again once it is over', async () => {
    const author = await member(t);
    const reporter = await member(t);
    const productOf = await productId(t, 6);
    const reviewId = created(
      await platform.post(`/product/${productOf}/review`, FORM, author.headers),
      'review',
    );
    expect(
      (
        await platform.post(
          '/product/review/report',
          { review_id: reviewId, reason_id: 13 },
          reporter.headers,
        )
      ).statusCode,
    ).toBe(201);
    // Suspending from a review suspends its author; the review stays, its report is answered.
    const reason = 'Insulting other reviewers.';
    const until = new Date(clock.now().getTime() + DAY).toISOString();
    await suspend('review', reviewId, 1, reason);
    expect((await platform.get(`/product/${productOf}/review/${reviewId}`)).statusCode).toBe(200);
    const [report] = await query(
      t.database,
      `SELECT status, outcome FROM reports WHERE reporter_id = ${reporter.id}`,
    );
    expect(report).toEqual({ status: 'resolved', outcome: 'action_taken' });

    const comment = () =>
      platform.post(`/product/review/${ids.review}/comment`, { text: 'Back again' }, author.headers);
    expectSuspended(await comment(), until, reason, 'comment');
    clock.advance(DAY - MINUTE);
    expectSuspended(await comment(), until, reason, 'comment, a minute before the end');
    expect((await account.get('/user/standing', author.headers)).json().suspension).toEqual({
      until,
      reason,
    });
    clock.advance(2 * MINUTE);
    const after: [string, Response][] = [
      ['comment', await comment()],
      ['question', await write('question')(author)],
      ['review useful', await write('review useful')(author)],
      ['product upvote', await write('product upvote')(author)],
      ['review report', await write('review report')(author)],
      ['follow', await write('follow')(author)],
    ];
    for (const [name, res] of after) expect(res.statusCode, `${name} ${res.body}`).toBeLessThan(300);
    const standing = (await account.get('/user/standing', author.headers)).json();
    expect(standing.suspension).toBeNull();
    // The notice of the suspension stays.
    expect(standing.notices).toMatchObject([
      {
        action: 'suspend',
        reason,
        days: 1,
        item: { target_type: 'review', label: expect.stringMatching(/^Review of /), text: FORM.summary },
      },
    ]);
  });
});

describe('the author’s standing', () => {
  it('lists warnings, suspensions and hidden posts with the post’s label and text, newest first', async () => {
    const author = await member(t);
    const productOf = await productId(t, 7);
    const reviewId = created(
      await platform.post(
        `/product/${productOf}/review`,
        { ...FORM, summary: 'Buy it at my shop' },
        author.headers,
      ),
      'review',
    );
    const commentId = created(
      await platform.post(
        `/product/review/${ids.review}/comment`,
        { text: 'Visit my shop for deals' },
        author.headers,
      ),
      'comment',
    );
    await acted({
      target_type: 'user',
      target_id: author.id,
      action: 'warn',
      reason: 'Please stop advertising.',
    });
    clock.advance(1000);
    await acted({ target_type: 'review', target_id: reviewId, action: 'hide', reason: 'This is an advert.' });
    clock.advance(1000);
    await acted({
      target_type: 'comment',
      target_id: commentId,
      action: 'warn',
      reason: 'Adverts are not allowed.',
    });
    clock.advance(1000);
    // A dismissal is not about the author: no notice.
    expect(
      (await platform.post(`/product/review/comment/${commentId}/report`, { reason_id: 7 }, third.headers))
        .statusCode,
    ).toBe(201);
    await acted({
      target_type: 'comment',
      target_id: commentId,
      action: 'dismiss',
      reason: 'Handled with a warning.',
    });

    const product = await kit.productLabel(productOf);
    const reviewed = await kit.productLabel(ids.product);
    const standing = await account.get('/user/standing', author.headers);
    expect(standing.statusCode).toBe(200);
    expect(standing.json()).toEqual({
      success: true,
      role: 'user',
      suspension: null,
      new_account: expect.any(Boolean),
      notices: [
        {
          id: expect.any(Number),
          at: expect.any(String),
          action: 'warn',
          reason: 'Adverts are not allowed.',
          days: null,
          appeal: null,
          appealable: false,
          item: {
            target_type: 'comment',
            label: `Comment on a review of ${reviewed}`,
            text: 'Visit my shop for deals',
            link: `/product/${ids.product}/review/${ids.review}`,
          },
        },
        {
          id: expect.any(Number),
          at: expect.any(String),
          action: 'hide',
          reason: 'This is an advert.',
          days: null,
          appeal: null,
          appealable: true,
          item: {
            target_type: 'review',
            label: `Review of ${product}`,
            text: 'Buy it at my shop',
            link: `/product/${productOf}/review/${reviewId}`,
          },
        },
        {
          id: expect.any(Number),
          at: expect.any(String),
          action: 'warn',
          reason: 'Please stop advertising.',
          days: null,
          appeal: null,
          appealable: false,
          item: null,
        },
      ],
    });
    // Nobody else sees them.
    expect((await account.get('/user/standing', third.headers)).json().notices).toEqual([]);
  });
});
