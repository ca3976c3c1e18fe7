/**
 * Moderation in the browser (issue 9), on a server of this file's own (roles are given with the CLI, and with
 * PGlite the CLI needs the server stopped): members made through the real API, two reviews reported. A
 * non-moderator is turned away from /moderation. The moderator finds the Moderation item in the user menu,
 * works through the queue (axe and a 360 px check first): hides one review with a reason, suspends the author
 * of the other for 7 days. The hidden review's author sees it marked with the reason on their account page;
 * another member no longer sees it on the product page; the suspended author's standing says until when. The
 * hidden review's author appeals (issue 22); the moderator who hid it cannot decide the appeal, a second
 * moderator upholds it, and the author reads the outcome and the reason. A review reported as incentivised is
 * labelled from the queue: it leaves the rating, readers see the label and its author the reason. An author
 * proves they own the phone with a photo from their review; a moderator accepts it and readers see the badge.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../src/shared/community-constants.ts';
import { PLATFORM_API, USER_API } from '../src/shared/constants.ts';
import {
  APPEAL_MESSAGES,
  MODERATION_MESSAGES,
  OWNERSHIP_MESSAGES,
  type Standing,
} from '../src/shared/moderation.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { type Card, overflowing, sawToast } from './helpers.ts';
import { type Member, userMenuButton } from './members.ts';
import { ownServer } from './own-server.ts';

const HIDE_REASON = 'Insults another member by name. Please keep reviews about the phone.';
const SUSPEND_REASON = 'Posted the same advert as a review on several phones.';

/** A review report reason's id, by its label. */
const reason = (label: string) =>
  Number(Object.entries(REPORT_REASONS.review).find(([, l]) => l === label)?.[0] ?? NaN);

const review = (summary: string, description: string) => ({
  overall: 3.5,
  build_quality: 4,
  features: 3.5,
  look_and_feel: 3,
  performance: 4,
  summary,
  description,
});

describe.skipIf(!browserAvailable())('moderation', () => {
  // ── This file's server, its API and the browser ─────────────────────────────────────────────────────

  const own = ownServer('moderation');
  const { call, newMember, giveRoles, open, go } = own;

  const card = (page: Page, text: string) => page.locator('article.mod-item', { hasText: text });
  const reviewCard = (page: Page, summary: string) =>
    page.locator('article.review-card', { hasText: summary });

  // ── The story ──────────────────────────────────────────────────────────────────────────────────────

  let moderator: Member;
  let secondModerator: Member;
  let rude: Member;
  let spammer: Member;
  let reporter: Member;
  let viewer: Member;
  let products: Card[] = [];
  const rudeSummary = `Awful phone, and so is whoever sold it ${Date.now()}`;
  const spamSummary = `Best deal in town, call now ${Date.now()}`;

  beforeAll(async () => {
    [moderator, secondModerator, rude, spammer, reporter, viewer] = await Promise.all([
      newMember('Kavya'),
      newMember('Anil'),
      newMember('Meera'),
      newMember('Dev'),
      newMember('Riya'),
      newMember('Kabir'),
    ]);
    ({ products } = await call<{ products: Card[] }>(`${PLATFORM_API}/browse/category/C001?page=3&size=6`));
    const [p1, p2] = products as [Card, Card];
    const { review: rudeReview } = await call<{ review: { id: number } }>(
      `${PLATFORM_API}/product/${p1.id}/review`,
      {
        token: rude.token,
        body: review(
          rudeSummary,
          'The camera is fine.\nThe seller is an idiot and so is anyone who buys from him.',
        ),
      },
    );
    const { review: spamReview } = await call<{ review: { id: number } }>(
      `${PLATFORM_API}/product/${p2.id}/review`,
      {
        token: spammer.token,
        body: review(spamSummary, 'Cheapest price anywhere, message me on WhatsApp for a discount today.'),
      },
    );
    await call(`${PLATFORM_API}/product/review/report`, {
      token: reporter.token,
      body: {
        review_id: rudeReview.id,
        reason_id: reason('Abusive'),
        comments: 'Name-calling in the second line.',
      },
    });
    await call(`${PLATFORM_API}/product/review/report`, {
      token: reporter.token,
      body: { review_id: spamReview.id, reason_id: reason('Spamming') },
    });
    await giveRoles([
      [moderator, 'moderator'],
      [secondModerator, 'moderator'],
    ]);
  }, 400_000);

  it('turns away a member who is not a moderator', async () => {
    const { page, errors } = await open(viewer);
    await go(page, '/moderation');
    await page.getByText('This page is for moderators.').waitFor();
    expect(await page.locator('article.mod-item').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Moderation');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // Their menu has no Moderation item.
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'My account' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
  });

  it('lets a moderator hide a review and suspend an author; the author sees why, others no longer see it', async () => {
    const p1 = products[0]!;
    // Before: another member sees the rude review on the product page.
    const other = await open(viewer);
    await go(other.page, `/product/${p1.id}?sort=newest`);
    await reviewCard(other.page, rudeSummary).waitFor();

    // The moderator gets to the queue from the user menu.
    const { page, errors } = await open(moderator);
    await go(page, '/home');
    await userMenuButton(page).click();
    const item = page.getByRole('menuitem', { name: 'Moderation' });
    await item.waitFor();
    await item.click();
    await page.waitForURL((u) => u.pathname === '/moderation');
    const rudeCard = card(page, rudeSummary);
    const spamCard = card(page, spamSummary);
    await rudeCard.waitFor();
    await spamCard.waitFor();
    // What the moderator needs to decide: the report, its comments and reporter, the author.
    await rudeCard.getByText('Abusive').waitFor();
    await rudeCard.getByText('Name-calling in the second line.').waitFor();
    await rudeCard.getByRole('link', { name: `@${reporter.username}` }).waitFor();
    await rudeCard.getByText(`@${rude.username}`).first().waitFor();
    await rudeCard.getByRole('link', { name: /^View in context/ }).waitFor();
    // Posts that are not hidden can be hidden, not restored.
    expect(await rudeCard.getByRole('radio', { name: /^Hide it/ }).count()).toBe(1);
    expect(await rudeCard.getByRole('radio', { name: /^Restore it/ }).count()).toBe(0);
    await expectAccessible(page);

    // Sending without choosing says what is missing, at the first missing field.
    await rudeCard.getByRole('button', { name: 'Apply' }).click();
    await rudeCard.getByText('Choose what to do.').waitFor();
    await rudeCard.getByText(MODERATION_MESSAGES.reason).waitFor();
    expect(
      await rudeCard
        .getByRole('radio')
        .first()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // Hide the rude review.
    await rudeCard.getByRole('radio', { name: /^Hide it/ }).check();
    await rudeCard.getByLabel('Reason (the author will see it)').fill(HIDE_REASON);
    await rudeCard.getByRole('button', { name: 'Hide' }).click();
    await sawToast(page, MODERATION_MESSAGES.done.hide);
    await expect.poll(() => rudeCard.count()).toBe(0);
    // Focus moves to a heading of what is left (the next card's, or the list's).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[23]$/);

    // Suspend the spammer for 7 days.
    await spamCard.getByRole('radio', { name: /^Suspend the author/ }).check();
    await spamCard.getByRole('radio', { name: '7 days' }).check();
    await spamCard.getByLabel('Reason (the author will see it)').fill(SUSPEND_REASON);
    await spamCard.getByRole('button', { name: 'Suspend for 7 days' }).click();
    await sawToast(page, MODERATION_MESSAGES.done.suspend);
    await expect.poll(() => spamCard.count()).toBe(0);
    // Still clear after a reload: the server closed both reports.
    await go(page, '/moderation');
    await page.getByRole('heading', { level: 2, name: /^Reports to review/ }).waitFor();
    await page.locator('.mod-empty, article.mod-item').first().waitFor();
    expect(await card(page, rudeSummary).count()).toBe(0);
    expect(await card(page, spamSummary).count()).toBe(0);
    expect(errors).toEqual([]);

    // The author sees the review marked on their account page, with the reason.
    const author = await open(rude);
    await go(author.page, '/my-account');
    const notice = author.page.locator('.hidden-notice', { hasText: HIDE_REASON });
    await notice.first().waitFor();
    expect(await notice.first().textContent()).toMatch(/hidden by moderators/i);
    await author.page.getByRole('heading', { name: /Moderation notices/i }).waitFor();

    // Another member no longer sees it.
    await go(other.page, `/product/${p1.id}?sort=newest`);
    await other.page.getByRole('heading', { level: 2, name: 'Ratings & reviews' }).waitFor();
    expect(await reviewCard(other.page, rudeSummary).count()).toBe(0);
    expect(await (await fetch(`${own.base}/product/${p1.id}?sort=newest`)).text()).not.toContain(rudeSummary);

    // The suspended author's standing says for how long and why.
    const standing = await call<Standing>(`${USER_API}/user/standing`, { token: spammer.token });
    expect(standing.suspension?.reason).toBe(SUSPEND_REASON);
    const days = (Date.parse(standing.suspension!.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.5);
    expect(days).toBeLessThan(7.5);
  });

  it('lets the hidden review’s author appeal; another moderator upholds it and the author reads why', async () => {
    const APPEAL = 'I called the seller names, not a member. I will edit it if you tell me what to change.';
    const UPHOLD =
      'Name-calling is not allowed, whoever it is about. Edit the review and we will look again.';
    const author = await open(rude);
    await go(author.page, '/my-account');
    const notice = author.page.locator('li.moderation-notice', { hasText: HIDE_REASON });
    const appeal = notice.getByRole('button', { name: 'Appeal this decision' });
    await appeal.waitFor({ timeout: 20_000 });
    await appeal.click();
    const field = notice.getByLabel('Why should moderators look at it again?');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await notice.getByRole('button', { name: 'Send appeal' }).click();
    await notice.getByText(APPEAL_MESSAGES.text).waitFor();
    await expectAccessible(author.page);
    await field.fill(APPEAL);
    await notice.getByRole('button', { name: 'Send appeal' }).click();
    await sawToast(author.page, APPEAL_MESSAGES.sent);
    await notice.getByText('Waiting for a moderator who did not make this decision.').waitFor();
    expect(await notice.getByRole('button', { name: 'Appeal this decision' }).count()).toBe(0);

    // The moderator who hid it sees the appeal, without a form.
    const first = await open(moderator);
    await go(first.page, '/moderation');
    const mine = card(first.page, APPEAL);
    await mine.waitFor();
    await mine
      .getByText('This is your decision or your post: another moderator decides its appeal.')
      .waitFor();
    expect(await mine.getByRole('button', { name: 'Decide the appeal' }).count()).toBe(0);

    // Another moderator upholds it, with a reason.
    const second = await open(secondModerator);
    await go(second.page, '/moderation');
    const theirs = card(second.page, APPEAL);
    await theirs.waitFor();
    await theirs.getByText(HIDE_REASON).first().waitFor();
    await theirs.getByRole('button', { name: 'Decide the appeal' }).click();
    await theirs.getByText(APPEAL_MESSAGES.outcome).waitFor();
    await expectAccessible(second.page);
    await theirs.getByRole('radio', { name: /^Uphold/ }).check();
    await theirs.getByLabel('Reason (the author will see it)').fill(UPHOLD);
    await theirs.getByRole('button', { name: 'Decide the appeal' }).click();
    await sawToast(second.page, APPEAL_MESSAGES.done.uphold);
    await expect.poll(() => theirs.count()).toBe(0);
    expect(second.errors).toEqual([]);

    // The author reads the outcome.
    await go(author.page, '/my-account');
    await notice.getByText('Appeal upheld: your post stays hidden.').waitFor();
    await notice.getByText(UPHOLD).waitFor();
    expect(author.errors).toEqual([]);
  });

  it('labels a review that hid an incentive: it leaves the rating, readers see the label, the author why (issue 22)', async () => {
    const LABEL_REASON = 'The brand’s own post says it sent this phone to the reviewer for free.';
    const p4 = products[3]!;
    const summary = `Flawless phone, no complaints at all ${Date.now()}`;
    const shill = await newMember('Rohan');
    const { review: posted } = await call<{ review: { id: number } }>(
      `${PLATFORM_API}/product/${p4.id}/review`,
      {
        token: shill.token,
        body: review(
          summary,
          'Everything about this phone is perfect, buy it today from the official store.',
        ),
      },
    );
    await call(`${PLATFORM_API}/product/review/report`, {
      token: reporter.token,
      body: { review_id: posted.id, reason_id: reason('Incentivized'), comments: 'The brand sent it free.' },
    });
    const before = await call<{ summary: { total_reviews: number; incentivised: { reviews: number } } }>(
      `${PLATFORM_API}/product/${p4.id}/reviews`,
    );

    const { page, errors } = await open(moderator);
    await go(page, '/moderation');
    const c = card(page, summary);
    await c.waitFor();
    await c.getByRole('radio', { name: /^Label it incentivised/ }).check();
    // What the author got is asked for.
    await c.getByLabel('Reason (the author will see it)').fill(LABEL_REASON);
    await c.getByRole('button', { name: 'Label incentivised' }).click();
    await c.getByText(MODERATION_MESSAGES.incentive).waitFor();
    await expectAccessible(page);
    await c.getByRole('radio', { name: 'The reviewer got the phone free.' }).check();
    await c.getByRole('button', { name: 'Label incentivised' }).click();
    await sawToast(page, MODERATION_MESSAGES.done.label);
    await expect.poll(() => c.count()).toBe(0);
    expect(errors).toEqual([]);

    const after = await call<{ summary: { total_reviews: number; incentivised: { reviews: number } } }>(
      `${PLATFORM_API}/product/${p4.id}/reviews`,
    );
    expect(after.summary.total_reviews).toBe(before.summary.total_reviews - 1);
    expect(after.summary.incentivised.reviews).toBe(before.summary.incentivised.reviews + 1);

    // Readers see the label on the review.
    const other = await open(viewer);
    await go(other.page, `/product/${p4.id}?sort=newest`);
    const labelled = reviewCard(other.page, summary);
    await labelled.waitFor();
    expect(await labelled.locator('.review-incentive').textContent()).toContain(
      'Incentivised The reviewer got the phone free.',
    );

    // Its author reads what moderators did, and why.
    const author = await open(shill);
    await go(author.page, '/my-account');
    const notice = author.page.locator('li.moderation-notice', { hasText: LABEL_REASON });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('was labelled incentivised by moderators');
    expect(author.errors).toEqual([]);
  });

  it('verifies an owner: the author sends a photo, a moderator accepts it, readers see the badge (issue 22)', async () => {
    const ACCEPT_REASON = 'The invoice shows this phone, bought in the reviewer’s name.';
    const p5 = products[4]!;
    const summary = `Six months in, still smooth ${Date.now()}`;
    const owner = await newMember('Farah');
    await call(`${PLATFORM_API}/product/${p5.id}/review`, {
      token: owner.token,
      body: review(summary, 'Six months of daily use: the battery is still good and it never lags.'),
    });
    const invoice = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#fffbe6' } })
      .png()
      .toBuffer();

    // The author proves it from their own review.
    const author = await open(owner);
    await go(author.page, `/product/${p5.id}?sort=newest`);
    const mine = reviewCard(author.page, summary);
    await mine.getByRole('button', { name: 'Prove you own it' }).click();
    await mine.getByRole('button', { name: 'Send proof' }).click();
    await mine.getByText('Please choose a photo to upload.').waitFor();
    await mine
      .getByLabel('Photo of your invoice or the phone’s box label')
      .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: invoice });
    await mine.getByRole('button', { name: 'Send proof' }).click();
    await sawToast(author.page, OWNERSHIP_MESSAGES.sent);
    await mine.getByText('Your proof of ownership is waiting for a moderator.').waitFor();
    await expectAccessible(author.page);
    expect(author.errors).toEqual([]);

    // A moderator sees the photo and accepts it.
    const { page, errors } = await open(secondModerator);
    await go(page, '/moderation');
    const c = page.locator('article.mod-item', { hasText: summary });
    await c.waitFor();
    const photo = c.getByRole('img', { name: /^Proof of ownership sent with the / });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await expectAccessible(page);
    await c.getByRole('radio', { name: /^Accept/ }).check();
    await c.getByLabel('Reason (the author will see it)').fill(ACCEPT_REASON);
    await c.getByRole('button', { name: 'Decide the proof' }).click();
    await sawToast(page, OWNERSHIP_MESSAGES.done.accept);
    await expect.poll(() => c.count()).toBe(0);
    expect(errors).toEqual([]);

    // Readers see the badge; the photo is gone.
    const other = await open(viewer);
    await go(other.page, `/product/${p5.id}?sort=newest`);
    const verified = reviewCard(other.page, summary);
    await verified.getByText('Verified owner', { exact: true }).waitFor();
    const { items } = await call<{ items: { summary: string; id: number; verified_owner: boolean }[] }>(
      `${PLATFORM_API}/product/${p5.id}/reviews?verified=true&size=50`,
    );
    const posted = items.find((r) => r.summary === summary);
    expect(posted?.verified_owner).toBe(true);
    const gone = await fetch(`${own.base}${PLATFORM_API}/product/review/${posted!.id}/proof`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(gone.status).toBe(404);

    // The author reads the decision and its reason.
    await go(author.page, '/my-account');
    const notice = author.page.locator('li.moderation-notice', { hasText: ACCEPT_REASON });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('shows “Verified owner”');
  });

  it('fits a 360 px screen and has no serious axe violations with a card and its messages', async () => {
    // A fresh report, so the queue has a card to look at.
    const p3 = products[2]!;
    const summary = `Screen cracked in a week ${Date.now()}`;
    const author = await newMember('Isha');
    const { review: posted } = await call<{ review: { id: number } }>(
      `${PLATFORM_API}/product/${p3.id}/review`,
      {
        token: author.token,
        body: review(summary, 'Dropped it once from a table and the screen cracked in the corner.'),
      },
    );
    await call(`${PLATFORM_API}/product/review/report`, {
      token: reporter.token,
      body: {
        review_id: posted.id,
        reason_id: reason('False claim'),
        comments: 'Looks like a made-up story.',
      },
    });
    const { page } = await open(moderator, { width: 360, height: 800 });
    await go(page, '/moderation');
    const c = card(page, summary);
    await c.waitFor();
    expect(await overflowing(page)).toEqual([]);
    await c.getByRole('radio', { name: /^Suspend the author/ }).check();
    await c.getByRole('button', { name: /^Suspend/ }).click();
    await c.getByText(MODERATION_MESSAGES.days).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await expectAccessible(page);
  });
});
