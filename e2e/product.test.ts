/** /product/{id}: opened from a card, shows brand, model, price in rupees and the specification groups, server-rendered. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, baseURL, browserAvailable, openBrowser } from './browser.ts';
import {
  type Card,
  escapeHtml,
  firstProductId,
  homeData,
  indianRupees,
  productDetail,
  visit,
} from './helpers.ts';

describe.skipIf(!browserAvailable())('product page', () => {
  let session: BrowserSession;
  /** A phone from the home page priced at 1 lakh or more, so the Indian grouping (₹1,72,999) shows. */
  let phone: Card;

  beforeAll(async () => {
    session = await openBrowser();
    const home = await homeData();
    const all = [...home.most_viewed_products, ...home.most_reviewed_products, ...home.most_upvoted_products];
    const pricey = all.find((p) => p.price != null && p.price >= 100_000);
    if (!pricey) throw new Error('the home page has no phone priced at ₹1,00,000 or more');
    phone = pricey;
  });
  afterAll(() => session?.close());

  it('opens from a product card and shows brand, model, price and the specification groups', async () => {
    const { page } = session;
    const detail = await productDetail(phone.id);
    await visit(page, '/home');
    await page.locator(`a.card-link[href="/product/${phone.id}"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/product/${phone.id}`);

    await page.locator('h1#product-name').waitFor();
    expect((await page.locator('.product-summary .card-brand').textContent())?.trim()).toBe(detail.brand);
    const h1 = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(h1.startsWith(detail.model)).toBe(true);
    // One page per phone (issue 18): the variant is named in the heading only when the phone has one.
    if (detail.variant && detail.variants.length < 2) expect(h1).toContain(detail.variant);
    const price = (await page.locator('.product-price').textContent())?.trim();
    expect(price).toBe(indianRupees(detail.price!));
    expect(price).toMatch(/^₹\d{1,2}(,\d{2})*,\d{3}$/);

    const specs = page.getByRole('region', { name: 'Specifications' });
    const groups = await specs.getByRole('heading', { level: 3 }).allTextContents();
    expect(groups).toEqual(detail.attribute_groups.map((g) => g.name));
    expect(groups).toEqual(expect.arrayContaining(['About', 'Basic', 'Advanced', 'Premium']));
    for (const g of detail.attribute_groups) {
      const group = specs.getByRole('region', { name: g.name, exact: true });
      const rows = await group
        .locator('.spec-row')
        .evaluateAll((els) =>
          els.map((el) => [el.querySelector('dt')?.textContent, el.querySelector('dd')?.textContent]),
        );
      expect(rows, g.name).toEqual(g.attributes.map((a) => [a.name, a.display]));
    }
    expect(session.errors).toEqual([]);
  });

  it('is server-rendered: the first HTML response holds brand, model, price and a spec value', async () => {
    const detail = await productDetail(phone.id);
    const res = await fetch(`${baseURL()}/product/${phone.id}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main.length).toBeGreaterThan(0);
    expect(main).toContain(escapeHtml(detail.brand));
    expect(main).toContain(`<h1 id="product-name">${escapeHtml(detail.model)}`);
    expect(main).toContain(`>${indianRupees(detail.price!)}</p>`);
    const ram = detail.attribute_groups.flatMap((g) => g.attributes).find((a) => a.name === 'RAM');
    expect(ram, 'the phone lists its RAM').toBeDefined();
    expect(main).toContain(`<dt>RAM</dt><dd>${escapeHtml(ram!.display)}</dd>`);
  });

  it('a car opens from the Cars list and shows its details', async () => {
    const { page } = session;
    const carId = await firstProductId('C002');
    const detail = await productDetail(carId);
    await visit(page, '/browse?category=C002');
    await page.locator(`a.card-link[href="/product/${carId}"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/product/${carId}`);
    // A failed load shows an error page at the same URL instead of the product.
    await page.locator('h1#product-name, .error-page h1').first().waitFor();
    expect(
      await page.locator('.error-page h1').allTextContents(),
      'an error page instead of the car',
    ).toEqual([]);
    expect((await page.locator('.product-summary .card-brand').textContent())?.trim()).toBe(detail.brand);
    expect(await page.locator('.product-price').textContent()).toBe(indianRupees(detail.price!));
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Cars', exact: true })
      .waitFor();
    const groups = await page
      .getByRole('region', { name: 'Specifications' })
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(groups).toEqual(detail.attribute_groups.map((g) => g.name));
    expect(session.errors).toEqual([]);
  });
});
