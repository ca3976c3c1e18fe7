/**
 * The community in the browser (issue 5): questions and answers on the product page (ask, answer, like and undo,
 * delete one's own, no delete on others'), reporting a review through its dialog, following from a public
 * profile, the profile's server-rendered paging, and axe plus a 360 px check on the new screens. Members are
 * made through the real API (members.ts); each test uses products of its own.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_SUCCESS } from '../src/shared/community.ts';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, sawToast, visit } from './helpers.ts';
import { type Member, newMember, postAs, signInAs } from './members.ts';

const PLATFORM_API = '/platform/api/v1';
const ALREADY_REPORTED = 'You have already reported this. Our moderators will look at it.';

const questions = (page: Page) => page.getByRole('region', { name: /^Questions & answers/ });
const questionCard = (page: Page, text: string) =>
  questions(page).locator('article.question', { hasText: text });
/** The number in a heading such as "Questions & answers (3)". */
const countIn = async (heading: Locator) =>
  Number(/\((\d[\d,]*)\)/.exec((await heading.textContent()) ?? '')?.[1]);

let products: Card[] = [];
let next = 0;
/** A product no other test of this file uses (from the middle of the catalogue, away from other files' picks). */
function freshProduct(): number {
  const p = products[next++];
  if (!p) throw new Error('ran out of products');
  return p.id;
}

function review(summary: string) {
  return {
    overall: 4,
    build_quality: 4.5,
    features: 4,
    look_and_feel: 3.5,
    performance: 4,
    summary,
    description: `A long week with this phone.\nThe battery lasts two days and the camera is good in daylight.`,
  };
}

/** The product page with its questions section live (its code loaded, as the viewer). */
async function openQuestions(page: Page, productId: number, signedIn: boolean) {
  await visit(page, `/product/${productId}`);
  // The section's code loads when it comes near the viewport (or at once when signed in), replacing the
  // server's HTML: scroll by script, which does not mind the element being replaced meanwhile.
  await page.evaluate(() => document.getElementById('questions-heading')?.scrollIntoView());
  if (signedIn) await questions(page).getByRole('textbox', { name: 'Ask a question' }).waitFor();
  else await questions(page).waitFor();
}

describe.skipIf(!browserAvailable())('community', () => {
  const sessions: BrowserSession[] = [];
  const open = async (member?: Member, viewport?: { width: number; height: number }) => {
    const s = await openBrowser(viewport);
    sessions.push(s);
    if (member) await signInAs(s.page, member);
    return s;
  };

  beforeAll(async () => {
    const { products: list } = await api<{ products: Card[] }>('/browse/category/C001?page=5&size=12');
    products = list;
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('asks a question, answers it, lets another member like and unlike it, and deletes it', async () => {
    const productId = freshProduct();
    const [asker, other] = await Promise.all([newMember(), newMember({ firstName: 'Kabir' })]);
    const text = `Does it support 5G on every Indian carrier? ${Date.now()}\nAsking before I buy.`;

    // The asker posts the question.
    const { page } = await open(asker);
    await openQuestions(page, productId, true);
    const heading = questions(page).getByRole('heading', { level: 2 });
    const before = await countIn(heading);
    // Too short: the schema's message shows under the field, and nothing is sent.
    await questions(page).getByRole('textbox', { name: 'Ask a question' }).fill('Why?');
    await questions(page).getByRole('button', { name: 'Post question' }).click();
    await questions(page)
      .locator('.field-error', { hasText: 'Ask your question in 10 to 500 characters.' })
      .waitFor();
    await questions(page).getByRole('textbox', { name: 'Ask a question' }).fill(text);
    await questions(page).getByRole('button', { name: 'Post question' }).click();
    await sawToast(page, COMMUNITY_SUCCESS.questionPosted);
    await expect.poll(() => countIn(heading)).toBe(before + 1);
    const mine = questionCard(page, 'Asking before I buy.');
    // Shown as text, line break kept.
    expect(await mine.locator('.user-text').innerText()).toBe(text);
    expect(await questions(page).getByRole('textbox', { name: 'Ask a question' }).inputValue()).toBe('');
    // One's own question: counts without buttons to press, and a delete button.
    await expect.poll(() => mine.getByRole('button', { name: /^Like/ }).count()).toBe(0);
    expect((await mine.locator('.reactions-own').textContent())?.replace(/\s+/g, ' ')).toContain('Like 0');
    await mine.getByRole('button', { name: 'Delete this question' }).waitFor();

    // The asker answers it.
    await mine.getByRole('button', { name: 'Show answers (0)' }).click();
    await mine.getByText('No answers yet.').waitFor();
    await mine.getByLabel('Your answer').fill('Yes: Jio and Airtel both work, tested in Pune.');
    await mine.getByRole('button', { name: 'Post answer' }).click();
    await sawToast(page, COMMUNITY_SUCCESS.answerPosted);
    await mine.getByRole('button', { name: 'Hide answers (1)' }).waitFor();
    await mine.locator('article, li.answer', { hasText: 'tested in Pune' }).first().waitFor();
    // Its author may delete the answer: exactly one button for it, inside the answer.
    expect(await mine.getByRole('button', { name: 'Delete this answer' }).count()).toBe(1);
    expect(
      await mine
        .locator('li.answer', { hasText: 'tested in Pune' })
        .getByRole('button', { name: 'Delete this answer' })
        .count(),
    ).toBe(1);

    // Another member: no delete button, and a like that can be undone (and that the server keeps).
    const b = (await open(other)).page;
    await openQuestions(b, productId, true);
    const theirs = questionCard(b, 'Asking before I buy.');
    await theirs.waitFor();
    expect(await theirs.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    const like = theirs.getByRole('button', { name: /^Like \d+$/ });
    expect(await like.textContent()).toBe('Like 0');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toBe('Like 1');
    await expect.poll(() => like.getAttribute('aria-disabled')).toBeNull();
    await openQuestions(b, productId, true);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toBe('Like 1');
    // The list as fetched for this viewer (their like shows): still no delete button on the asker's question.
    expect(await theirs.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    // By keyboard: focus and Space undo it.
    await like.focus();
    await b.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.textContent()).toBe('Like 0');
    // Their answers show as well, with the count.
    await theirs.getByRole('button', { name: 'Show answers (1)' }).click();
    await theirs.getByText('tested in Pune').waitFor();
    expect(await theirs.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    // Once the answer's viewer state is there (a Like button to press, as it is not theirs), still none.
    const answerLike = theirs
      .locator('li.answer', { hasText: 'tested in Pune' })
      .getByRole('button', { name: /^Like \d+$/ });
    await expect.poll(() => answerLike.getAttribute('aria-pressed')).toBe('false');
    expect(await theirs.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await theirs.getByRole('button', { name: 'Delete this answer' }).count()).toBe(0);

    // The asker, after a reload (the answers as the server lists them for them): still exactly one.
    await openQuestions(page, productId, true);
    await mine.getByRole('button', { name: 'Show answers (1)' }).click();
    await mine.getByText('tested in Pune').waitFor();
    await expect.poll(() => mine.getByRole('button', { name: 'Delete this answer' }).count()).toBe(1);
    await mine.getByRole('button', { name: 'Delete this question' }).waitFor();

    // The asker deletes the question, confirming in the dialog.
    await mine.getByRole('button', { name: 'Delete this question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this question?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await sawToast(page, COMMUNITY_SUCCESS.questionDeleted);
    await expect.poll(() => mine.count()).toBe(0);
    await expect.poll(() => countIn(heading)).toBe(before);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('questions-heading');
  });

  it('tells visitors to sign in to ask, react and report', async () => {
    const productId = freshProduct();
    const asker = await newMember();
    await postAs(asker, `${PLATFORM_API}/product/${productId}/questions`, {
      text: 'Is the charger in the box?',
    });
    const { page } = await open();
    await openQuestions(page, productId, false);
    await questions(page).getByRole('link', { name: 'Sign in to ask' }).waitFor();
    const card = questionCard(page, 'Is the charger in the box?');
    await card.getByRole('button', { name: /^Like \d+$/ }).click();
    await sawToast(page, 'Please sign in to react.');
    expect(await card.getByRole('button', { name: /^Like \d+$/ }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Report listing' }).click();
    await sawToast(page, 'Please sign in to report.');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('reports another member’s review through the dialog, once', async () => {
    const productId = freshProduct();
    const [author, reporter] = await Promise.all([newMember({ firstName: 'Meera' }), newMember()]);
    const summary = `Solid phone, weak speakers ${Date.now()}`;
    await postAs(author, `${PLATFORM_API}/product/${productId}/review`, review(summary));

    const { page } = await open(reporter);
    // Newest first: the catalogue comes with reviews of its own.
    await visit(page, `/product/${productId}?sort=newest`);
    const card = page.locator('article.review-card', { hasText: summary });
    await card.getByRole('button', { name: 'Report review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report review' });
    await dialog.waitFor();
    // Focus starts on the reason; sending without one says to choose.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Please choose a reason.').waitFor();
    const reasons = await dialog.getByLabel('Reason').locator('option').allTextContents();
    expect(reasons).toEqual([
      'Choose…',
      'Off-topic',
      'Privacy violation',
      'Illegal content',
      'Spamming',
      'Incentivized',
      'Sabotaging competition',
      'False claim',
      'Vindictive',
      'Abusive',
      'Restricted media',
    ]);
    await dialog.getByLabel('Reason').selectOption({ label: 'Spamming' });
    await dialog.getByLabel('Comments').fill('Posted the same text on five phones.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await sawToast(page, COMMUNITY_SUCCESS.reported);
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on the button that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Report review');
    // That very button: this card's 'Report review', not another card's.
    expect(
      await card
        .getByRole('button', { name: 'Report review' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // A second report of the same review is not an error.
    await card.getByRole('button', { name: 'Report review' }).click();
    await dialog.getByLabel('Reason').selectOption({ label: 'Abusive' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect(await sawToast(page, ALREADY_REPORTED)).toContain('toast-info');
    // Escape closes the dialog without sending.
    await card.getByRole('button', { name: 'Report review' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('follows and unfollows from a public profile, the follower count following along', async () => {
    const [fan, star] = await Promise.all([newMember(), newMember({ firstName: 'Zoya' })]);
    const { page, errors } = await open(fan);
    await visit(page, `/profile/${star.username}`);
    await page.getByRole('heading', { level: 1, name: 'Zoya Sharma' }).waitFor();
    await page.getByText(`@${star.username}`).waitFor();
    const followers = page.locator('[data-stat="followers"]');
    const follow = page.getByRole('button', { name: /^Follow(ing)?$/ });
    expect(await followers.textContent()).toBe('0');
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toBe('Following');
    await expect.poll(() => followers.textContent()).toBe('1');
    await expect.poll(() => follow.getAttribute('aria-disabled')).toBeNull();

    // Kept by the server.
    await page.reload();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await followers.textContent()).toBe('1');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    expect(await follow.textContent()).toBe('Follow');
    await expect.poll(() => followers.textContent()).toBe('0');

    // One's own profile: no follow or report button.
    await visit(page, `/profile/${fan.username}`);
    await page.getByRole('link', { name: 'Edit your profile' }).waitFor();
    expect(await page.getByRole('button', { name: /^Follow/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Report user' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reports a member from their profile', async () => {
    const [reporter, troll] = await Promise.all([newMember(), newMember()]);
    const { page } = await open(reporter);
    await visit(page, `/profile/${troll.username}`);
    await page.getByRole('button', { name: 'Report user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report user' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason').selectOption({ label: 'Trolling' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await sawToast(page, COMMUNITY_SUCCESS.reported);
  });

  describe('a profile with reviews', () => {
    let reviewer: Member | undefined;
    const summaries: string[] = [];

    /** Made by the first test that needs it (newMember polls the outbox, which a hook may not). */
    async function ensureReviewer(): Promise<Member> {
      if (reviewer) return reviewer;
      const member = await newMember({ firstName: 'Anaya' });
      // Seven reviews, one more than a page: newest first, so the first one posted is on page 2.
      for (let i = 0; i < 7; i += 1) {
        const summary = `Review number ${i + 1} by Anaya`;
        summaries.push(summary);
        await postAs(member, `${PLATFORM_API}/product/${freshProduct()}/review`, review(summary));
      }
      return (reviewer = member);
    }

    it('shows the reviews, paged by links that work without JavaScript', async () => {
      const reviewer = await ensureReviewer();
      const html = await (await fetch(`${baseURL()}/profile/${reviewer.username}`)).text();
      expect(html).toContain(summaries[6]);
      expect(html).not.toContain(summaries[0]);
      expect(html).toMatch(/href="\/profile\/[^"?]+\?page=1"/);
      const second = await (await fetch(`${baseURL()}/profile/${reviewer.username}?page=1`)).text();
      expect(second).toContain(summaries[0]);

      const { page } = await open();
      await visit(page, `/profile/${reviewer.username}`);
      expect(await page.locator('[data-stat="reviews"]').textContent()).toBe('7');
      const first = page.locator('.profile-review').first();
      expect(await first.getByRole('heading', { level: 3 }).textContent()).toBe(summaries[6]);
      const reviewLink = await first.getByRole('link', { name: summaries[6] }).getAttribute('href');
      expect(reviewLink).toMatch(/^\/product\/\d+\/review\/\d+$/);
      const productLink = first.locator('a[href^="/product/"]:not([href*="/review/"])');
      expect(await productLink.getAttribute('href')).toMatch(/^\/product\/\d+$/);
      await page.getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL((u) => u.search === '?page=1');
      await page.getByRole('heading', { level: 3, name: summaries[0] }).waitFor();
      await visit(page, '/profile/nobody-here-at-all', 404);
    });

    it('has no serious or critical axe violations on a profile, and no sideways scroll at 360 px', async () => {
      const reviewer = await ensureReviewer();
      const visitor = await open();
      await visit(visitor.page, `/profile/${reviewer.username}`);
      await expectAccessible(visitor.page);

      const fan = await newMember();
      const small = await open(fan, { width: 360, height: 740 });
      await visit(small.page, `/profile/${reviewer.username}`);
      await small.page.getByRole('button', { name: 'Follow' }).waitFor();
      const overflow = await small.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(small.page);
      await small.page.getByRole('button', { name: 'Report user' }).click();
      await small.page.getByRole('dialog', { name: 'Report user' }).waitFor();
      await expectAccessible(small.page);
    });
  });

  it('has no serious or critical axe violations on a product page with questions and answers', async () => {
    const productId = freshProduct();
    const [asker, answerer, viewer] = await Promise.all([newMember(), newMember(), newMember()]);
    const { question } = await postAs<{ question: { id: number } }>(
      asker,
      `${PLATFORM_API}/product/${productId}/questions`,
      { text: 'How warm does it get while gaming?' },
    );
    await postAs(answerer, `${PLATFORM_API}/product/question/${question.id}/answers`, {
      text: 'Warm, never hot.\nAbout 41 °C after an hour.',
    });
    await postAs(viewer, `${PLATFORM_API}/product/${productId}/questions`, {
      text: 'Which colour looks best?',
    });

    const visitor = await open();
    await openQuestions(visitor.page, productId, false);
    await questionCard(visitor.page, 'How warm').waitFor();
    await expectAccessible(visitor.page);

    const { page, errors } = await open(viewer);
    await openQuestions(page, productId, true);
    await questionCard(page, 'How warm').getByRole('button', { name: 'Show answers (1)' }).click();
    await questionCard(page, 'How warm').getByText('About 41 °C').waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
