/**
 * Reviews in the browser (issue 5): writing and updating a review on the product page, the ratings rule,
 * sorting by most helpful, Useful votes, comments and replies, deleting one's own review, the single review
 * page (server-rendered), axe on both pages, 360 px, and the product page's code for reviews loading only when
 * the section comes into view.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, escapeHtml, sawToast, toast, visit } from './helpers.ts';
import { productName } from '../src/shared/format.ts';
import { type Member, newMember, postAs, signInAs } from './members.ts';
import { overlappingText } from './layout.ts';

const PLATFORM = '/platform/api/v1';
const RATINGS_REQUIRED = 'Please provide a rating for all metrics.';

interface PostedReview {
  review: { id: number; summary: string };
}

interface ReviewsPage {
  total: number;
  items: { id: number; summary: string; useful: number }[];
  summary: { total_reviews: number; distribution: number[] };
}

const reviews = (page: Page) => page.locator('section#reviews');
const cards = (page: Page) => reviews(page).locator('.review-card');
const card = (page: Page, summary: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: summary }) });
const titles = (page: Page) => cards(page).locator('.review-title').allTextContents();
const countLine = (page: Page) => reviews(page).locator('.reviews-count').textContent();

/**
 * Scrolls to the reviews and waits for their code, which loads when the section comes near the viewport (or at
 * once when signed in). The section's server HTML is replaced when it does, so this scrolls until it is live.
 */
async function openReviews(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const section = document.getElementById('reviews');
          section?.scrollIntoView();
          const heading = section?.querySelector('h2');
          return !!heading && Object.keys(heading).some((k) => k.startsWith('__reactProps'));
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

let productPool: number[] = [];

/** A phone nobody has reviewed yet, a different one for each call (the demo data reviews the popular ones). */
async function unreviewedProduct(): Promise<number> {
  while (!productPool.length) {
    const page = 100 + Math.floor(Math.random() * 50);
    const { products } = await api<{
      products: (Card & { total_reviews: number; variant_count: number })[];
    }>(`/browse/category/C001?size=12&page=${page}`);
    // One-variant phones: the form has no variant to choose (a test below covers phones with several).
    productPool = products.filter((p) => p.total_reviews === 0 && p.variant_count === 1).map((p) => p.id);
  }
  const id = productPool.pop()!;
  const page = await api<ReviewsPage>(`/product/${id}/reviews`);
  return page.total === 0 ? id : unreviewedProduct();
}

const reviewBody = (overall: number, summary: string) => ({
  overall,
  build_quality: overall,
  features: overall,
  look_and_feel: overall,
  performance: overall,
  summary,
  description: `${summary}: I have used this phone every day for three months and it has held up well.`,
});

/** Chooses a rating in the form's radio group for `metric` ('Overall', 'Build Quality', …). */
async function rate(form: Locator, metric: string, stars: number): Promise<void> {
  const name = `${stars} ${stars === 1 ? 'star' : 'stars'}`;
  await form
    .getByRole('group', { name: metric, exact: true })
    .getByRole('radio', { name, exact: true })
    .check();
}

/** Answers the form's question about incentives (issue 22) with one of its choices. */
async function incentive(form: Locator, answer = 'No, I paid the full price myself'): Promise<void> {
  await form
    .getByRole('group', { name: 'Did you get anything for this phone or this review?' })
    .getByRole('radio', { name: answer })
    .check();
}

async function openForm(page: Page): Promise<Locator> {
  await openReviews(page);
  const button = reviews(page).getByRole('button', { name: 'Write a review' });
  await button.click();
  const form = reviews(page).locator('form.review-form');
  await form.waitFor();
  return form;
}

describe.skipIf(!browserAvailable())('reviews', () => {
  let session: BrowserSession;
  afterEach(() => session?.close());

  it('writes a review in the page: it shows in the list, the count and the summary change, and posting again updates it', async () => {
    const id = await unreviewedProduct();
    const writer = await newMember({ firstName: 'Meera' });
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, writer);
    await visit(page, `/product/${id}`);
    await openReviews(page);
    expect(await countLine(page)).toContain('0 reviews');
    expect(await reviews(page).locator('.summary-value').textContent()).toBe('--');

    const form = await openForm(page);
    expect(await form.getByRole('heading').textContent()).toMatch(/^Write a review of the /);
    await rate(form, 'Overall', 4.5);
    await rate(form, 'Build Quality', 4);
    await rate(form, 'Features', 5);
    await rate(form, 'Look & Feel', 3.5);
    await rate(form, 'Performance', 4.5);
    expect(await form.getByRole('group', { name: 'Overall', exact: true }).textContent()).toContain(
      '4.5 · Great',
    );
    await form.getByLabel('Title').fill('Great battery, average camera');
    await form
      .getByLabel('Your review')
      .fill('The battery lasts two days.\nThe camera is fine in daylight only.');
    // The incentive question has no default answer: the form asks for one.
    await form.getByRole('button', { name: 'Post review' }).click();
    await form
      .getByText('Say whether you got the phone free or at a discount, or were paid.', { exact: true })
      .waitFor();
    expect((await api<ReviewsPage>(`/product/${id}/reviews`)).total).toBe(0);
    await incentive(form);
    await form.getByRole('button', { name: 'Post review' }).click();
    await sawToast(page, 'review posted');

    const mine = card(page, 'Great battery, average camera');
    await mine.waitFor();
    expect(await mine.locator('.user-text').textContent()).toBe(
      'The battery lasts two days.\nThe camera is fine in daylight only.',
    );
    expect(await mine.getByRole('img', { name: 'Rated 4.5 out of 5' }).count()).toBe(1);
    const aspects = await mine
      .locator('.review-aspects div')
      .evaluateAll((els) => els.map((el) => el.textContent));
    expect(aspects).toEqual(['Build Quality4.0', 'Features5.0', 'Look & Feel3.5', 'Performance4.5']);
    await expect.poll(() => countLine(page)).toContain('1 review');
    // One review: the 4-star row counts it; the averages wait for 10 reviews.
    const fourStars = reviews(page).getByRole('link', { name: /^4 stars: 1 review/ });
    expect(await fourStars.count()).toBe(1);
    expect(await reviews(page).locator('.summary-aspects .summary-number').allTextContents()).toEqual([
      '--',
      '--',
      '--',
      '--',
    ]);
    // The author sees Delete on their review, and counts rather than buttons for their own reactions.
    expect(await mine.getByRole('button', { name: 'Delete this review' }).count()).toBe(1);
    expect(await mine.getByRole('button', { name: /^Useful/ }).count()).toBe(0);

    // Posting again edits it: the form comes back filled in and says so.
    const again = await openForm(page);
    expect(await again.textContent()).toContain('Saving will update your review.');
    expect(await again.getByLabel('Title').inputValue()).toBe('Great battery, average camera');
    expect(
      await again
        .getByRole('group', { name: 'Look & Feel', exact: true })
        .getByRole('radio', { name: '3.5 stars', exact: true })
        .isChecked(),
    ).toBe(true);
    await again.getByLabel('Title').fill('Great battery, decent camera');
    await again.getByRole('button', { name: 'Update review' }).click();
    await sawToast(page, 'review updated');
    await card(page, 'Great battery, decent camera').waitFor();
    await expect.poll(() => countLine(page)).toContain('1 review');
    expect((await api<ReviewsPage>(`/product/${id}/reviews`)).total).toBe(1);
    expect(session.errors).toEqual([]);
  });

  it("says 'Please provide a rating for all metrics.' when a rating is missing, and posts nothing", async () => {
    const id = await unreviewedProduct();
    const member = await newMember();
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, member);
    await visit(page, `/product/${id}`);
    const form = await openForm(page);
    await rate(form, 'Overall', 3);
    await rate(form, 'Build Quality', 3);
    await rate(form, 'Features', 3);
    await rate(form, 'Performance', 3);
    await form.getByLabel('Title').fill('Missing one rating');
    await form.getByLabel('Your review').fill('Everything is fine except that I forgot a rating.');
    await incentive(form);
    await form.getByRole('button', { name: 'Post review' }).click();
    const message = form.getByText(RATINGS_REQUIRED, { exact: true });
    await message.waitFor();
    // Focus goes to the missing rating, which the message describes.
    const look = form.getByRole('group', { name: 'Look & Feel', exact: true });
    expect(await look.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(await look.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await form.getByText(RATINGS_REQUIRED).count()).toBe(1);
    expect(await toast(page, 'review posted').count()).toBe(0);
    expect((await api<ReviewsPage>(`/product/${id}/reviews`)).total).toBe(0);

    // Rating it removes the message and the review goes.
    await rate(form, 'Look & Feel', 2.5);
    expect(await form.getByText(RATINGS_REQUIRED).count()).toBe(0);
    await form.getByRole('button', { name: 'Post review' }).click();
    await sawToast(page, 'review posted');
    expect(session.errors).toEqual([]);
  });

  it('a review of a phone with several variants says which one its author owns (issue 18)', async () => {
    let phone: { id: number; variants: { id: number; variant: string }[] } | undefined;
    for (let page = 0; !phone && page < 60; page++) {
      const { products } = await api<{
        products: (Card & { total_reviews: number; variant_count: number })[];
      }>(`/browse/category/C001?size=50&page=${page}`);
      const found = products.find((p) => p.total_reviews === 0 && p.variant_count > 1);
      if (found) phone = (await api<{ product: NonNullable<typeof phone> }>(`/product/${found.id}`)).product;
    }
    expect(phone, 'an unreviewed phone with several variants').toBeDefined();
    const owned = phone!.variants.at(-1)!;
    const member = await newMember();
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, member);
    await visit(page, `/product/${phone!.id}`);
    const form = await openForm(page);
    for (const metric of ['Overall', 'Build Quality', 'Features', 'Look & Feel', 'Performance'])
      await rate(form, metric, 4);
    await incentive(form);
    await form.getByLabel('Title').fill('The variant I own');
    await form.getByLabel('Your review').fill('Plenty of storage for photos and it stays fast after months.');
    // Without saying which variant: a message under the select, and nothing posted.
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Choose the variant you own.', { exact: true }).waitFor();
    expect((await api<ReviewsPage>(`/product/${phone!.id}/reviews`)).total).toBe(0);
    await form.getByLabel('Which variant do you own?').selectOption(String(owned.id));
    await form.getByRole('button', { name: 'Post review' }).click();
    await sawToast(page, 'review posted');
    const mine = card(page, 'The variant I own');
    await mine.waitFor();
    // The label as the reviews API gives it ("8 GB + 256 GB"), of the variant chosen.
    const [posted] = (
      await api<{ items: { variant: { id: number; label: string } | null }[] }>(
        `/product/${phone!.id}/reviews`,
      )
    ).items;
    expect(posted?.variant?.id).toBe(owned.id);
    expect(await mine.locator('.review-variant').textContent()).toBe(`Owns the ${posted!.variant!.label}`);
    await expectAccessible(page);
    expect(session.errors).toEqual([]);
  });

  it('an incentivised review is labelled, says how long it was owned, and stays out of the average (issue 22)', async () => {
    const id = await unreviewedProduct();
    // Nine members rate it 2; a tenth, who got the phone free, rates it 5.
    for (let i = 0; i < 10; i++)
      await postAs(
        await newMember(),
        `${PLATFORM}/product/${id}/review`,
        reviewBody(2, `Honest review ${i}`),
      );
    const member = await newMember();
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, member);
    await visit(page, `/product/${id}`);
    const form = await openForm(page);
    for (const metric of ['Overall', 'Build Quality', 'Features', 'Look & Feel', 'Performance'])
      await rate(form, metric, 5);
    const month = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 7);
    await form.getByLabel('Owned since').fill(month);
    await incentive(form, 'I got the phone free');
    await form.getByLabel('Title').fill('Sent to me by the brand');
    await form
      .getByLabel('Your review')
      .fill('The brand sent me this phone to try. It is fast and the screen is bright.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await sawToast(page, 'review posted');

    const mine = card(page, 'Sent to me by the brand');
    await mine.waitFor();
    expect(await mine.locator('.review-incentive').textContent()).toBe(
      'Incentivised The reviewer got the phone free. Not counted in the rating average.',
    );
    expect(await mine.locator('.review-variant').textContent()).toMatch(
      // A phone whose one variant the catalogue gives no name says only how long it is owned.
      /^(Owns the .+ · )?Owned for [34] months$/,
    );
    // Listed with the others (11), but the rating is the ten honest reviews' 2.0.
    await expect.poll(() => countLine(page)).toContain('11 reviews');
    expect(await reviews(page).locator('.summary-value').textContent()).toBe('2.0');
    expect(await reviews(page).locator('.summary-overall').textContent()).toContain(
      '1 incentivised review is not in these figures (its rating: 5.0).',
    );
    const stored = await api<ReviewsPage & { summary: { incentivised: { reviews: number } } }>(
      `/product/${id}/reviews`,
    );
    expect([stored.total, stored.summary.total_reviews, stored.summary.incentivised.reviews]).toEqual([
      11, 10, 1,
    ]);
    await expectAccessible(page);

    // Editing it: the form comes back with the answers given.
    const again = await openForm(page);
    expect(await again.getByLabel('Owned since').inputValue()).toBe(month);
    expect(await again.getByRole('radio', { name: 'I got the phone free' }).isChecked()).toBe(true);
    expect(session.errors).toEqual([]);
  });

  describe('a product with reviews from several members', () => {
    interface Fixture {
      id: number;
      voter: Member;
      posted: Record<string, number>;
    }
    let fixture: Promise<Fixture> | undefined;

    /**
     * Three reviews, posted in this order (newest first is C, B, A), with Useful votes B 2, C 1, A 0; and a
     * member who has not voted. Made by the first test that needs it (members are made inside a test).
     */
    const reviewed = () =>
      (fixture ??= (async () => {
        const id = await unreviewedProduct();
        const [a, b, c, v1, voter] = await Promise.all([
          newMember({ firstName: 'Anil' }),
          newMember({ firstName: 'Bela' }),
          newMember({ firstName: 'Chitra' }),
          newMember(),
          newMember(),
        ]);
        const posted: Record<string, number> = {};
        for (const [member, summary, overall] of [
          [a, 'First and least useful', 5],
          [b, 'Second and most useful', 2],
          [c, 'Third and fairly useful', 4],
        ] as const) {
          const r = await postAs<PostedReview>(
            member,
            `${PLATFORM}/product/${id}/review`,
            reviewBody(overall, summary),
          );
          posted[summary] = r.review.id;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const useful = (m: Member, summary: string) =>
          postAs(m, `${PLATFORM}/product/review/${posted[summary]}/react`, { reaction: 'useful' });
        await useful(v1, 'Second and most useful');
        await useful(a, 'Second and most useful');
        await useful(v1, 'Third and fairly useful');
        return { id, voter, posted };
      })());

    it('sorts by most helpful with the sort form, and the star filter links narrow the list', async () => {
      const { id } = await reviewed();
      session = await openBrowser();
      const { page } = session;
      await visit(page, `/product/${id}?sort=newest`);
      await openReviews(page);
      expect(await titles(page)).toEqual([
        'Third and fairly useful',
        'Second and most useful',
        'First and least useful',
      ]);
      const sort = reviews(page).getByLabel('Sort reviews');
      expect(await sort.inputValue()).toBe('newest');
      await sort.selectOption({ label: 'Most helpful' });
      await reviews(page).getByRole('button', { name: 'Sort', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'helpful');
      await expect
        .poll(() => titles(page))
        .toEqual(['Second and most useful', 'Third and fairly useful', 'First and least useful']);
      expect(new URL(page.url()).hash).toBe('#reviews');

      // The star filter: a link per star, with a way back.
      await reviews(page)
        .getByRole('link', { name: /^5 stars: 1 review/ })
        .click();
      await page.waitForURL((u) => u.searchParams.get('star') === '5');
      await expect.poll(() => titles(page)).toEqual(['First and least useful']);
      expect(await countLine(page)).toContain('1 5-star review');
      await reviews(page)
        .getByRole('link', { name: /Clear filter/ })
        .click();
      await page.waitForURL((u) => !u.searchParams.has('star'));
      await expect.poll(() => cards(page).count()).toBe(3);

      // Shareable without JavaScript: the server renders the sorted, filtered page from the URL alone.
      const html = await (await fetch(`${baseURL()}/product/${id}?sort=lowest`)).text();
      const order = ['Second and most useful', 'Third and fairly useful', 'First and least useful'].map((t) =>
        html.indexOf(`>${escapeHtml(t)}</h3>`),
      );
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((x, y) => x - y)).toEqual(order);
      const filtered = await (await fetch(`${baseURL()}/product/${id}?star=4`)).text();
      expect(filtered).toContain(escapeHtml('Third and fairly useful'));
      expect(filtered).not.toContain(escapeHtml('First and least useful'));
      expect(session.errors).toEqual([]);
    });

    it('marks a review Useful and takes it back; the vote is still there after a reload', async () => {
      const { id, voter, posted } = await reviewed();
      session = await openBrowser();
      const { page } = session;
      await signInAs(page, voter);
      await visit(page, `/product/${id}?sort=newest`);
      await openReviews(page);
      const target = card(page, 'First and least useful');
      const useful = target.getByRole('button', { name: /^Useful/ });
      expect(await useful.textContent()).toBe('Useful 0');
      expect(await useful.getAttribute('aria-pressed')).toBe('false');
      await useful.click();
      await expect.poll(() => useful.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => useful.textContent()).toBe('Useful 1');

      // The server renders for a visitor; signed in, the page is fetched again and shows the vote as theirs.
      await visit(page, `/product/${id}?sort=newest`);
      await openReviews(page);
      await expect.poll(() => useful.getAttribute('aria-pressed')).toBe('true');
      await useful.click();
      await expect.poll(() => useful.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => useful.textContent()).toBe('Useful 0');
      const page0 = await api<ReviewsPage>(`/product/${id}/reviews?sort=newest`);
      expect(page0.items.find((r) => r.id === posted['First and least useful'])?.useful).toBe(0);
      // Others' reviews can be reported, not deleted.
      expect(
        await cards(page)
          .getByRole('button', { name: /^Delete/ })
          .count(),
      ).toBe(0);
      expect(await cards(page).getByRole('button', { name: 'Report review' }).count()).toBe(3);
      expect(session.errors).toEqual([]);
    });

    it('opens comments, comments, replies, and shows replies two at a time', async () => {
      const { id, voter, posted } = await reviewed();
      session = await openBrowser();
      const { page } = session;
      await signInAs(page, voter);
      await visit(page, `/product/${id}?sort=newest`);
      await openReviews(page);
      const target = card(page, 'Second and most useful');
      const toggle = target.getByRole('button', { name: /^Comments \(/ });
      expect(await toggle.textContent()).toBe('Comments (0)');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await target.getByText('No comments yet.').waitFor();

      await target.getByLabel('Add a comment').fill('Which charger do you use?');
      await target.getByRole('button', { name: 'Post comment' }).click();
      await sawToast(page, 'comment posted');
      const comment = target.locator('.comment', { hasText: 'Which charger do you use?' });
      await comment.waitFor();
      await expect.poll(() => toggle.textContent()).toBe('Comments (1)');

      await comment.getByRole('button', { name: 'Reply' }).click();
      await comment.getByLabel('Your reply').fill('Reply number 1');
      await comment.getByRole('button', { name: 'Post reply' }).click();
      await sawToast(page, 'reply posted');
      await comment.locator('.reply', { hasText: 'Reply number 1' }).waitFor();

      // Two more replies from the API, then a fresh page: the first two show, then "Show more replies".
      const { items } = await api<{ items: { id: number }[] }>(
        `/product/review/${posted['Second and most useful']}/comments?page=0&size=6&productid=${id}`,
      );
      for (const text of ['Reply number 2', 'Reply number 3']) {
        await postAs(voter, `${PLATFORM}/product/review/comment/${items[0]!.id}/reply`, { text });
      }
      await visit(page, `/product/${id}?sort=newest`);
      await openReviews(page);
      await target.getByRole('button', { name: 'Comments (1)' }).click();
      await comment.waitFor();
      await expect
        .poll(() => comment.locator('.reply .user-text').allTextContents())
        .toEqual(['Reply number 1', 'Reply number 2']);
      await comment.getByRole('button', { name: 'Show more replies' }).click();
      await expect
        .poll(() => comment.locator('.reply .user-text').allTextContents())
        .toEqual(['Reply number 1', 'Reply number 2', 'Reply number 3']);
      expect(await comment.getByRole('button', { name: 'Show more replies' }).count()).toBe(0);

      // Deleting one's own reply and comment, each after confirming.
      await comment
        .locator('.reply', { hasText: 'Reply number 3' })
        .getByRole('button', { name: 'Delete this reply' })
        .click();
      await page
        .getByRole('dialog', { name: 'Delete this reply?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await sawToast(page, 'reply deleted');
      await expect.poll(() => comment.locator('.reply').count()).toBe(2);
      await comment.getByRole('button', { name: 'Delete this comment' }).last().click();
      await page
        .getByRole('dialog', { name: 'Delete this comment?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await sawToast(page, 'comment deleted');
      await expect.poll(() => toggle.textContent()).toBe('Comments (0)');
      expect(session.errors).toEqual([]);
    });

    it('the single review page is rendered by the server and shows its comments open', async () => {
      const { id, voter, posted } = await reviewed();
      const rid = posted['Third and fairly useful']!;
      await postAs(voter, `${PLATFORM}/product/review/${rid}/comment`, {
        text: 'Thanks, this helped me decide.',
      });
      const { product } = await api<{ product: Card }>(`/product/${id}`);
      const res = await fetch(`${baseURL()}/product/${id}/review/${rid}`, {
        headers: { accept: 'text/html' },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).toContain(`>${escapeHtml('Third and fairly useful')}</h1>`);
      expect(main).toContain(escapeHtml(reviewBody(4, 'Third and fairly useful').description));
      // The comments come with the page: readable without JavaScript.
      expect(html).toContain(escapeHtml('Thanks, this helped me decide.'));
      expect(html).toContain(
        `<title>${escapeHtml(`Third and fairly useful: review of ${productName(product)}`)} · Verdict</title>`,
      );
      expect((await fetch(`${baseURL()}/product/${id}/review/999999999`)).status).toBe(404);

      session = await openBrowser();
      const { page } = session;
      await visit(page, `/product/${id}/review/${rid}`);
      await page.getByText('Thanks, this helped me decide.').waitFor();
      expect(await page.getByRole('button', { name: /^Comments \(1\)/ }).getAttribute('aria-expanded')).toBe(
        'true',
      );
      expect(await page.getByRole('link', { name: 'Sign in to comment' }).count()).toBe(1);
      await expectAccessible(page);
      // Back to the product's reviews.
      await page.getByRole('link', { name: /^← All reviews of the / }).click();
      await page.waitForURL((u) => u.pathname === `/product/${id}` && u.hash === '#reviews');
      await cards(page).first().waitFor();
      expect(session.errors).toEqual([]);
    });

    it('has no serious accessibility problems on the product page with reviews, comments and the form open', async () => {
      const { id, voter, posted } = await reviewed();
      // A comment of its own, by another member (so the voter sees its reactions as buttons), on a review no
      // other test comments on: this test does not depend on which of the others ran before it.
      const commenter = await newMember({ firstName: 'Devika' });
      const text = `Does the case fit well? ${Date.now()}`;
      await postAs(commenter, `${PLATFORM}/product/review/${posted['First and least useful']}/comment`, {
        text,
      });
      session = await openBrowser();
      const { page } = session;
      await signInAs(page, voter);
      await visit(page, `/product/${id}`);
      await openForm(page);
      await card(page, 'First and least useful')
        .getByRole('button', { name: /^Comments/ })
        .click();
      await page.getByText(text).waitFor();
      await expectAccessible(page);
    });
  });

  it('deletes one’s own review after confirming', async () => {
    const id = await unreviewedProduct();
    const member = await newMember();
    await postAs(member, `${PLATFORM}/product/${id}/review`, reviewBody(3, 'A review to delete'));
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, member);
    await visit(page, `/product/${id}`);
    await openReviews(page);
    const mine = card(page, 'A review to delete');
    const del = mine.getByRole('button', { name: 'Delete this review' });
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this review?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await cards(page).count()).toBe(1);
    await del.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await sawToast(page, 'review deleted');
    await expect.poll(() => cards(page).count()).toBe(0);
    await expect.poll(() => countLine(page)).toContain('0 reviews');
    expect((await api<ReviewsPage>(`/product/${id}/reviews`)).total).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('adds a long-term update under one’s own review; visitors see it under the review (issue 22)', async () => {
    const id = await unreviewedProduct();
    const member = await newMember();
    const posted = await postAs<PostedReview>(
      member,
      `${PLATFORM}/product/${id}/review`,
      reviewBody(4, 'Good at first'),
    );
    session = await openBrowser();
    const { page } = session;
    await signInAs(page, member);
    await visit(page, `/product/${id}`);
    await openReviews(page);
    const mine = card(page, 'Good at first');
    const add = mine.getByRole('button', { name: 'Add an update to your review “Good at first”' });
    await add.click();
    const field = mine.getByLabel('Your update');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The form checks the text as the server does.
    await field.fill('Too short');
    await mine.getByRole('button', { name: 'Post update' }).click();
    await mine.getByText('Write an update of 10 to 2,000 characters.').waitFor();
    await expectAccessible(page);
    const text = 'The battery now lasts only half a day. <b>Not</b> what I hoped.';
    await field.fill(text);
    await mine.getByRole('button', { name: 'Post update' }).click();
    await sawToast(page, 'update added');
    const list = mine.getByRole('list', { name: 'Updates from the author' });
    await list.getByText(text, { exact: true }).waitFor();
    await list.getByText('Update the same day').waitFor();
    // The form closed and focus went back to the button.
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    // The review's own text is as it was, and a visitor sees the update on the review's own page.
    const single = await api<{ review: { description: string; updates: { text: string }[] } }>(
      `/product/${id}/review/${posted.review.id}`,
    );
    expect(single.review.updates.map((u) => u.text)).toEqual([text]);
    expect(single.review.description).toContain('Good at first: I have used this phone');
    expect(session.errors).toEqual([]);
    await session.close();
    session = await openBrowser();
    await visit(session.page, `/product/${id}/review/${posted.review.id}`);
    await session.page.getByRole('list', { name: 'Updates from the author' }).getByText(text).waitFor();
    expect(await session.page.getByRole('button', { name: /Add an update/ }).count()).toBe(0);
    await expectAccessible(session.page);
    expect(session.errors).toEqual([]);
  });

  it('at 360 px: the reviews code loads only near the section, and nothing scrolls sideways', async () => {
    const id = await unreviewedProduct();
    const member = await newMember();
    await postAs(member, `${PLATFORM}/product/${id}/review`, {
      ...reviewBody(4, 'Averyveryverylongwordthatkeepsgoingandgoingwithoutanyspacesatall'),
    });
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await visit(page, `/product/${id}`);
    await page.waitForLoadState('load');
    expect(scripts.filter((s) => s.includes('reviews-section'))).toEqual([]);
    await openReviews(page);
    expect(scripts.filter((s) => s.includes('reviews-section'))).toHaveLength(1);
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Comments/ })
      .click();
    await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    expect(await sideways()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('signed out, Write a review leads to sign-in', async () => {
    const id = await unreviewedProduct();
    session = await openBrowser();
    const { page } = session;
    await visit(page, `/product/${id}`);
    await openReviews(page);
    await reviews(page).getByRole('link', { name: 'Write a review' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
  });

  it('shows what reviewers praise and criticise, each count leading to exactly its reviews (issue 22)', async () => {
    const id = await unreviewedProduct();
    const texts = [
      ...[0, 1, 2, 3, 4].map((i) => [
        `Battery hero ${i}`,
        'The battery life is excellent, it lasts two days.',
      ]),
      ...[0, 1, 2].map((i) => [
        `Drains by evening ${i}`,
        'Poor battery, it drains quickly even on light use.',
      ]),
      ...[0, 1].map((i) => [`Calls and chats ${i}`, 'I use it for calls and messages every day.']),
    ];
    for (const [summary, description] of texts)
      await postAs(await newMember(), `${PLATFORM}/product/${id}/review`, {
        ...reviewBody(4, summary!),
        description,
      });
    session = await openBrowser();
    const { page } = session;
    await visit(page, `/product/${id}`);
    // Rendered by the server: the points are there before the reviews' code loads.
    const says = reviews(page).locator('.summary-points');
    await says.getByRole('heading', { name: 'What reviewers say' }).waitFor();
    expect(await says.getByRole('heading', { level: 4 }).allTextContents()).toEqual(['Performance']);
    expect(await says.getByRole('link').allTextContents()).toEqual([
      'Battery life: praised in 5 of 10 reviews',
      'Battery life: criticised in 3 of 10 reviews',
      'How the points are found',
    ]);
    await openReviews(page);
    await says.getByRole('link', { name: 'Battery life: criticised in 3 of 10 reviews' }).click();
    await page.waitForURL((u) => u.searchParams.get('point') === 'battery.criticised');
    await expect.poll(() => countLine(page)).toContain('3 reviews criticising battery life');
    await expect.poll(() => titles(page)).toEqual(expect.arrayContaining(texts.slice(5, 8).map(([t]) => t)));
    expect(await cards(page).count()).toBe(3);
    expect(await says.getByRole('link', { name: /criticised in 3/ }).getAttribute('aria-current')).toBe(
      'true',
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await overlappingText(says)).toEqual([]);
    // Clearing the filter lists all ten again.
    await reviews(page)
      .getByRole('link', { name: /Clear filter/ })
      .click();
    await expect.poll(() => countLine(page)).toContain('10 reviews');
    await says.getByRole('link', { name: 'How the points are found' }).click();
    await page.waitForURL((u) => u.pathname === '/how-reviews-work' && u.hash === '#what-reviewers-say');
    await page.getByRole('heading', { level: 2, name: 'What reviewers say' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('with fewer than 10 reviews, no two lines of the rating summary overlap at 360, 768 and 1280 px', async () => {
    const id = await unreviewedProduct();
    await postAs(await newMember(), `${PLATFORM}/product/${id}/review`, reviewBody(4, 'Solid battery life'));
    session = await openBrowser();
    const { page } = session;
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, `/product/${id}`);
      await openReviews(page);
      const summary = reviews(page).locator('.reviews-summary');
      expect(await summary.textContent()).toContain('Ratings show once a product has 10 reviews.');
      expect(await overlappingText(summary), `at ${width} px`).toEqual([]);
    }
    expect(session.errors).toEqual([]);
  });
});
