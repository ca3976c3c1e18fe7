/**
 * The pages made to be found (issue 24) in a real browser: versus pages (either order lands on the canonical
 * one, the verdict and the differences first), "Often compared with" on a product page from comparisons people
 * made, the comparison page's link to its versus page, brand pages sorted by keyboard, and the budget lists
 * with their rule. Each page is axe-clean at 360 px and does not scroll sideways.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { versusPath } from '../src/shared/discovery.ts';
import { type BrowserSession, baseURL, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, indianRupees, overflowing, productDetail, tabUntil, visit } from './helpers.ts';

/** Priced phones of the default browse order, from `offset`: ids no other test compares. */
async function phones(offset: number, n: number): Promise<Card[]> {
  const { products } = await api<{ products: Card[] }>(`/browse/category/C001?size=50&page=${offset}`);
  return products.filter((p) => p.price != null).slice(0, n);
}

const PERSON =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const nameOf = (p: { brand: string; model: string }) => `${p.brand} ${p.model}`;

async function expectFits(page: Page): Promise<void> {
  expect(await overflowing(page)).toEqual([]);
  await expectAccessible(page);
}

describe.skipIf(!browserAvailable())('versus, brand and budget pages', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a versus page asked in either order lands on the canonical one, verdict and differences first', async () => {
    const [a, b] = await phones(3, 2);
    const path = versusPath([a!, b!]);
    const [first, second] = path.slice('/compare/'.length).split('-vs-');
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    await visit(page, `/compare/${second}-vs-${first}`);
    expect(new URL(page.url()).pathname).toBe(path);
    const h1 = (await page.locator('h1').textContent())!;
    expect(h1.split(' vs ').sort()).toEqual([nameOf(a!), nameOf(b!)].sort());
    // The verdict comes before the table, and a point names one of the two.
    const verdict = page.getByRole('region', { name: 'The verdict' });
    await verdict.waitFor();
    const points = await verdict.locator('li').allTextContents();
    for (const point of points) {
      expect(
        [nameOf(a!), nameOf(b!)].some((n) => point.includes(n)),
        point,
      ).toBe(true);
    }
    const differ = page.getByRole('region', { name: 'Where they differ' });
    expect(await differ.locator('tr.differs').count()).toBeGreaterThan(0);
    expect(await differ.locator('tr.same').count()).toBe(0);
    expect(
      await page.evaluate(() => {
        const v = document.getElementById('verdict-heading')!;
        const d = document.getElementById('differ-heading')!;
        return Boolean(v.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    // The rows they share are there, folded away.
    const shared = page.locator('details.versus-same');
    expect(await shared.getAttribute('open')).toBeNull();
    await expectFits(page);
    // Share names the canonical address; "Change this comparison" opens the comparison tool with both.
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: 'Change this comparison' }).click();
    await page.waitForURL((u) => u.pathname === '/compare');
    expect(new URL(page.url()).searchParams.get('ids')!.split(',').map(Number).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
  });

  it('comparisons people make show as "Often compared with" on the product page, linking to the versus page', async () => {
    const [a, b] = await phones(5, 2);
    session = await openBrowser();
    const { page, context } = session;
    // A person's browser: headless Chromium says it is headless, and a bot's comparisons are not counted.
    await context.setExtraHTTPHeaders({ 'user-agent': PERSON });
    // Two comparisons of the pair: one in the comparison tool, one on its versus page (its link).
    await visit(page, `/compare?ids=${a!.id},${b!.id}`);
    const link = page.getByRole('link', {
      name: `${[a!, b!].map(nameOf).join(' vs ')}: differences and verdict`,
    });
    await link.click();
    await page.waitForURL((u) => u.pathname === versusPath([a!, b!]));
    await page.locator('#verdict-heading').waitFor();
    // Counted in batches: the sitemap of the pairs compared most lists it once they are written.
    const path = versusPath([a!, b!]);
    await expect
      .poll(async () => (await (await fetch(`${baseURL()}/sitemaps/versus.xml`)).text()).includes(path), {
        timeout: 15_000,
      })
      .toBe(true);
    // The product page lists the pair first (the others are similar phones), and its link opens the page.
    const detail = await productDetail(a!.id);
    await visit(page, `/product/${detail.canonical_id}`);
    const often = page.getByRole('region', { name: 'Often compared with' });
    const first = often.locator('li').first();
    expect(await first.textContent()).toContain(`${nameOf(detail)} vs ${nameOf(b!)}`);
    expect(await first.textContent()).toContain(indianRupees(b!.price!));
    expect(await often.locator('li').count()).toBeLessThanOrEqual(4);
    await first.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === path);
    await page.locator('#verdict-heading').waitFor();
  });

  it('a brand page lists its models, sorted by price from the keyboard', async () => {
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    await visit(page, '/brand/samsung');
    expect(await page.locator('h1').textContent()).toBe('Samsung phones');
    expect(await page.locator('.product-grid .card').count()).toBe(24);
    await expectFits(page);
    await tabUntil(page, '#brand-sort');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#brand-sort').inputValue()).toBe('price-asc');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price-asc');
    const prices = await page
      .locator('.product-grid .card')
      .evaluateAll((cards) =>
        cards.map((c) => Number((c.querySelector('.card-price')?.textContent ?? '').replace(/[^\d]/g, ''))),
      );
    expect(prices.length).toBe(24);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    // Page 2 keeps the order.
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.waitForURL(
      (u) => u.searchParams.get('page') === '1' && u.searchParams.get('sort') === 'price-asc',
    );
  });

  it('a budget list states its rule and lists phones within the budget, with links to the other budgets', async () => {
    session = await openBrowser({ width: 360, height: 740 });
    const { page } = session;
    await visit(page, '/best-phones-under-20000');
    expect(await page.locator('h1').textContent()).toBe('Best phones under ₹20,000');
    const rule = page.getByRole('region', { name: 'How this list is ranked' });
    expect(await rule.textContent()).toContain('from ₹12,000 to ₹20,000');
    expect(await rule.textContent()).toContain('at least 10 owner reviews');
    const ranks = await page.locator('.budget-rank').allTextContents();
    expect(ranks.length).toBeGreaterThan(0);
    expect(ranks).toEqual(ranks.map((_, i) => `#${i + 1}`));
    await expectFits(page);
    await page
      .getByRole('navigation', { name: 'Other budgets' })
      .getByRole('link', { name: 'Best phones under ₹50,000' })
      .click();
    await page.waitForURL((u) => u.pathname === '/best-phones-under-50000');
    await page.locator('h1', { hasText: 'Best phones under ₹50,000' }).waitFor();
  });
});
