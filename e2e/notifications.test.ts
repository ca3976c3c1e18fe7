/**
 * Notifications (issue 23): a member's bell counts a comment on their review without a reload, /notifications
 * lists it and an answer to their question, and marking read clears the bell.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, visit } from './helpers.ts';
import { newMember, postAs, signInAs } from './members.ts';

const PLATFORM = '/platform/api/v1';
const REVIEW = {
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary: 'Solid phone for the price',
  description: 'Three months in, the battery still lasts a day and the display is bright outdoors.',
};

describe.skipIf(!browserAvailable())('notifications', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('counts a new comment in the bell without a reload, lists it, and marks it read', async () => {
    const { page } = session;
    const [asha, bala] = [await newMember({ firstName: 'Asha' }), await newMember({ firstName: 'Bala' })];
    const { products } = await api<{ products: Card[] }>('/browse/category/C001?page=9&size=12');
    const product = products[0]!;
    const { review } = await postAs<{ review: { id: number } }>(
      asha,
      `${PLATFORM}/product/${product.id}/review`,
      REVIEW,
    );

    await signInAs(page, asha);
    await visit(page, '/home');
    const bell = page.locator('a.bell');
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    await postAs(bala, `${PLATFORM}/product/review/${review.id}/comment`, {
      text: 'Which charger do you use?',
    });
    // The bell asks every 30 seconds: the count arrives on this page, without a reload.
    await page.waitForFunction(
      () => document.querySelector('a.bell')?.getAttribute('aria-label') === 'Notifications, 1 unread',
      undefined,
      { timeout: 45_000 },
    );
    expect(await page.locator('.bell-count').textContent()).toBe('1');
    expect(await page.getByRole('status').filter({ hasText: 'unread notifications' }).textContent()).toBe(
      '1 unread notifications',
    );

    await bell.click();
    await page.waitForURL(/\/notifications$/);
    const item = page.locator('.notification').first();
    await item.waitFor();
    expect(await item.getByRole('link').textContent()).toBe('Bala Sharma commented on your review');
    expect(await item.getByRole('link').getAttribute('href')).toBe(
      `/product/${product.id}/review/${review.id}`,
    );
    expect(await item.locator('blockquote').textContent()).toBe('Which charger do you use?');
    await expectAccessible(page);

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByRole('heading', { name: /All read/ }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('a.bell')?.getAttribute('aria-label') === 'Notifications',
    );

    // An answer to her question, then "Mark all as read".
    const { question } = await postAs<{ question: { id: number } }>(
      asha,
      `${PLATFORM}/product/${product.id}/questions`,
      {
        text: 'Does it heat up while gaming?',
      },
    );
    await postAs(bala, `${PLATFORM}/product/question/${question.id}/answers`, {
      text: 'A little, nothing worrying.',
    });
    await visit(page, '/notifications');
    await page.getByText('Bala Sharma answered your question').waitFor();
    await page.getByRole('heading', { name: /1 unread/ }).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('heading', { name: /All read/ }).waitFor();
    expect(await page.locator('.notification.unread').count()).toBe(0);

    // The link opens the review.
    await page.getByRole('link', { name: 'Bala Sharma commented on your review' }).click();
    await page.waitForURL(new RegExp(`/product/${product.id}/review/${review.id}$`));
  });
});
