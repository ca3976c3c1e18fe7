/**
 * Limits for new accounts (issue 9): accounts younger than a day, or without an accepted post, get stricter
 * limits on posting and reporting (5 reports a day instead of 20); a first post makes an account trusted, and
 * a moderator hiding one of its posts takes that back. Its own app, with POSTING_LIMITS on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { DAY } from '../../lib/clock.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import type { Response } from '../../../test/moderation.ts';

describe('limits for new accounts', () => {
  let limited: TestContext;
  const limitedClock = new TestClock();
  beforeAll(async () => {
    limited = await createTestApp({ POSTING_LIMITS: 'on' }, undefined, { clock: limitedClock });
  });
  afterAll(() => limited.close());
  const go = requests(() => limited, '');
  const ago = (days: number) => new Date(limitedClock.now().getTime() - days * DAY);
  const reportProduct = async (who: Member, n: number) =>
    go.post(`/platform/api/v1/product/${await productId(limited, n)}/report`, { reason_id: 19 }, who.headers);
  const standing = async (who: Member) => (await go.get('/user/api/v1/user/standing', who.headers)).json();
  let asked = 0;
  const ask = (who: Member, text: string) =>
    go.post(`/platform/api/v1/product/${asked}/questions`, { text }, who.headers);

  it('allows 5 reports a day without an accepted post, 20 with one', async () => {
    const untrusted = await member(limited, { createdAt: ago(3), trusted: false });
    const trusted = await member(limited, { createdAt: ago(3) });
    expect((await standing(untrusted)).new_account).toBe(true);
    expect((await standing(trusted)).new_account).toBe(false);
    const responses: Response[] = [];
    for (let i = 0; i < 6; i++) responses.push(await reportProduct(untrusted, i));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(responses[5]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: ERRORS.RATE_LIMITED.message,
    });

    const trustedStatuses: number[] = [];
    for (let i = 0; i < 21; i++) trustedStatuses.push((await reportProduct(trusted, 10 + i)).statusCode);
    expect(trustedStatuses).toEqual([...Array(20).fill(201), 429]);

    // A day later, both may report again.
    limitedClock.advance(DAY + 1000);
    expect((await reportProduct(untrusted, 8)).statusCode).toBe(201);
    expect((await reportProduct(trusted, 40)).statusCode).toBe(201);
  });

  it('trusts an account from its first post until a moderator hides one', async () => {
    asked = await productId(limited, 50);
    const moderator = await member(limited, { role: 'moderator' });
    const newcomer = await member(limited, { createdAt: ago(3), trusted: false });
    const trustedAt = async () =>
      (
        await query<{ trusted: boolean }>(
          limited.database,
          `SELECT trusted_at IS NOT NULL AS trusted FROM users WHERE id = ${newcomer.id}`,
        )
      )[0]!.trusted;
    expect(await trustedAt()).toBe(false);
    const first = await ask(newcomer, 'How long does the battery last?');
    expect(first.statusCode, first.body).toBe(201);
    expect(await trustedAt()).toBe(true);
    expect((await standing(newcomer)).new_account).toBe(false);
    // Trusted: a second post at once is fine (6 a minute).
    expect((await ask(newcomer, 'And how fast does it charge?')).statusCode).toBe(201);

    const hide = await go.post(
      '/moderation/api/v1/actions',
      {
        target_type: 'question',
        target_id: first.json().question.id,
        action: 'hide',
        reason: 'Duplicate question.',
      },
      moderator.headers,
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await trustedAt()).toBe(false);
    expect((await standing(newcomer)).new_account).toBe(true);
    // The stricter limits are back: one post every 30 seconds.
    const third = await ask(newcomer, 'Does it come with a charger?');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 'POSTING_TOO_FAST',
      message: expect.stringMatching(
        /^You are posting too quickly\. Please wait \d+ seconds and try again\.$/,
      ),
    });
    limitedClock.advance(31_000);
    expect((await ask(newcomer, 'Does it come with a charger?')).statusCode).toBe(201);
    expect(await trustedAt()).toBe(true);
  });

  it('holds an account younger than a day to one post every 30 seconds', async () => {
    asked = await productId(limited, 51);
    const young = await member(limited);
    expect((await standing(young)).new_account).toBe(true);
    expect((await ask(young, 'Is the camera any good?')).statusCode).toBe(201);
    const again = await ask(young, 'Is the speaker loud?');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('POSTING_TOO_FAST');
    limitedClock.advance(31_000);
    expect((await ask(young, 'Is the speaker loud?')).statusCode).toBe(201);
  });
});
