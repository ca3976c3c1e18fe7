/**
 * The demo community in the browser (issue 17): its members and their posts are labelled Demo beside the
 * author on a product page and on their profiles, and their profiles date them before their first review.
 * The footer invents no support address or social account (the test server sets none).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, homeData, visit } from './helpers.ts';

interface Review {
  created_at: string;
  author: { username: string; firstName: string; lastName: string; demo: boolean } | null;
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
/** 'November 2026' → 202611, to compare months. */
const monthNumber = (text: string) => {
  const [month, year] = text.split(' ');
  return Number(year) * 100 + MONTHS.indexOf(month!) + 1;
};

describe.skipIf(!browserAvailable())('the demo community', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('is labelled Demo beside each post and on its profiles, which date each member before their first post', async () => {
    const { page } = session;
    const productId = (await homeData()).most_reviewed_products[0]!.id;
    const { items } = await api<{ items: Review[] }>(`/product/${productId}/reviews?page=0&size=6`);
    const first = items[0]!;
    expect(first.author?.demo).toBe(true);

    await visit(page, `/product/${productId}`);
    const card = page
      .locator('article', { hasText: `${first.author!.firstName} ${first.author!.lastName}` })
      .first();
    const line = card.locator('.author-line');
    await line.waitFor();
    expect(await line.locator('.badge', { hasText: 'Demo' }).isVisible()).toBe(true);
    // Every author line of the demo reviews on the page says so.
    const lines = page.locator('.author-line');
    const labelled = await lines.evaluateAll((all) =>
      all.map((l) => ({
        name: l.querySelector('.author-name')?.textContent,
        demo: !!l.querySelector('.badge'),
      })),
    );
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.filter((l) => !l.demo)).toEqual([]);

    // The profile says it is a demo member, and its joined month is no later than any of its reviews.
    await visit(page, `/profile/${first.author!.username}`);
    const header = page.locator('.profile-header');
    expect(await header.locator('.badge', { hasText: 'Demo' }).isVisible()).toBe(true);
    await header.getByText('A made-up member of the demo community').waitFor();
    const joined = /Joined (\w+ \d{4})/.exec((await header.textContent()) ?? '')?.[1];
    expect(joined).toBeDefined();
    const profile = await (
      await fetch(new URL(`/user/api/v1/user/${first.author!.username}/get-profile?size=50`, page.url()))
    ).json();
    const months = (profile.reviews.items as { created_at: string }[]).map((r) =>
      monthNumber(
        new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
          new Date(r.created_at),
        ),
      ),
    );
    expect(months.length).toBeGreaterThan(0);
    expect(monthNumber(joined!)).toBeLessThanOrEqual(Math.min(...months));

    // No invented contact details: the test server sets no support address or social account.
    const footer = page.locator('footer.site-footer');
    expect(await footer.textContent()).not.toMatch(/verdict\.example|Verdict on /);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(0);
    await expectAccessible(page);
    expect(session.errors).toEqual([]);
  });
});
