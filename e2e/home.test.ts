/** /home: the three trend sections, their "View all" links, and the paginated trend lists behind them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { cardIds, type HomeData, homeData, visit } from './helpers.ts';

const SECTIONS = [
  { heading: 'Most viewed phones', key: 'most_viewed_products', list: '/most-viewed-products' },
  { heading: 'Most reviewed phones', key: 'most_reviewed_products', list: '/most-reviewed-products' },
  { heading: 'Most liked phones', key: 'most_upvoted_products', list: '/most-upvoted-products' },
] as const;

describe.skipIf(!browserAvailable())('home page', () => {
  let session: BrowserSession;
  let home: HomeData;

  beforeAll(async () => {
    session = await openBrowser();
    home = await homeData();
  });
  afterAll(() => session?.close());

  it('shows the three sections with product cards, and View all only above 4 items', async () => {
    const { page } = session;
    await visit(page, '/home');
    for (const s of SECTIONS) {
      const section = page.getByRole('region', { name: s.heading });
      await section.waitFor();
      const ids = await cardIds(section);
      expect(ids.length, s.heading).toBeGreaterThan(0);
      expect(ids, s.heading).toEqual(home[s.key].map((p) => p.id));
      // Each card shows its model and a price.
      const first = home[s.key][0]!;
      await expect(section.locator('.card').first().locator('.card-title').textContent()).resolves.toBe(
        first.model,
      );
      // A phone with several variants says "from ₹X" (issue 18).
      await expect(section.locator('.card').first().locator('.card-price').textContent()).resolves.toMatch(
        /^(from )?₹[\d,]+/,
      );

      const viewAll = section.getByRole('link', { name: `View all ${s.heading.toLowerCase()}` });
      expect(await viewAll.count(), `View all in ${s.heading} with ${ids.length} items`).toBe(
        ids.length > 4 ? 1 : 0,
      );
      if (ids.length > 4) expect(await viewAll.getAttribute('href')).toBe(s.list);
    }
  });

  it('View all opens the paginated list, and the page 2 link shows other products', async () => {
    const { page } = session;
    await visit(page, '/home');
    expect(
      home.most_viewed_products.length,
      'the seed data gives the section more than 4 items',
    ).toBeGreaterThan(4);
    await page.getByRole('link', { name: 'View all most viewed phones' }).click();
    await page.waitForURL((u) => u.pathname === '/most-viewed-products');
    await page.getByRole('heading', { level: 1, name: 'Most viewed phones' }).waitFor();
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    const first = await cardIds(page.locator('main'));
    expect(first.length).toBe(6); // product page size

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Page 2', exact: true })
      .click();
    await page.waitForURL(
      (u) => u.pathname === '/most-viewed-products' && u.searchParams.get('page') === '1',
    );
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    const second = await cardIds(page.locator('main'));
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(session.errors).toEqual([]);
  });

  it('the other two lists are paginated too', async () => {
    const { page } = session;
    for (const list of ['/most-reviewed-products', '/most-upvoted-products']) {
      await visit(page, list);
      const first = await cardIds(page.locator('main'));
      expect(first.length, list).toBe(6);
      await visit(page, `${list}?page=1`);
      const second = await cardIds(page.locator('main'));
      expect(second.length, list).toBeGreaterThan(0);
      expect(
        second.filter((id) => first.includes(id)),
        list,
      ).toEqual([]);
    }
  });
});
