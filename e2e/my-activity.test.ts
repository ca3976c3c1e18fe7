/**
 * My account lists the member's own reviews (GET /user/reviews) and the products they upvoted
 * (GET /user/products-upvoted), with a link to their public profile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, visit } from './helpers.ts';
import { newMember, postAs, signInAs } from './members.ts';

const PLATFORM = '/platform/api/v1';

describe.skipIf(!browserAvailable())('my account: your activity', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('shows the member’s reviews and upvoted products, and links to the public profile', async () => {
    const { page } = session;
    const member = await newMember();
    const { products } = await api<{ products: Card[] }>('/browse/category/C001?page=7&size=12');
    const [reviewed, upvoted] = products as [Card, Card];
    await postAs(member, `${PLATFORM}/product/${reviewed.id}/review`, {
      overall: 4.5,
      build_quality: 4,
      features: 4.5,
      look_and_feel: 5,
      performance: 4,
      summary: 'Battery that lasts two days',
      description: 'Two days of normal use on one charge, and the camera is good in daylight.',
    });
    await postAs(member, `${PLATFORM}/product/${upvoted.id}/react/like`, {});

    await signInAs(page, member);
    await visit(page, '/my-account');
    const reviews = page.getByRole('region', { name: /Your reviews/ });
    await reviews.getByRole('link', { name: 'Battery that lasts two days' }).waitFor();
    expect(
      await reviews.getByRole('link', { name: 'Battery that lasts two days' }).getAttribute('href'),
    ).toMatch(new RegExp(`^/product/${reviewed.id}/review/\\d+$`));
    const upvotes = page.getByRole('region', { name: /Products you upvoted/ });
    await upvotes.locator(`a[href="/product/${upvoted.id}"]`).first().waitFor();
    expect(await page.getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe(
      `/profile/${member.username}`,
    );
    await expectAccessible(page);
  });
});
