/** The top-bar search: suggestions from 3 characters, keyboard, View all Results, no results, the results page. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { visit } from './helpers.ts';

describe.skipIf(!browserAvailable())('search', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  const box = () => session.page.locator('.search-box-top [role="combobox"]');
  const options = () => session.page.locator('.search-box-top [role="option"]');

  it('shows suggestions from the third character, with rating tag and review count, and none before', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('sa');
    await expect.poll(() => box().getAttribute('aria-expanded')).toBe('false');
    await box().pressSequentially('m');
    await options().first().waitFor();
    expect(await box().getAttribute('aria-expanded')).toBe('true');
    const products = page.locator('.search-box-top [role="option"]:not(.suggestion-all)');
    expect(await products.count()).toBeLessThanOrEqual(5);
    const first = products.first();
    expect(await first.locator('img').count()).toBe(1);
    expect(await first.locator('.rating-tag').count()).toBe(1);
    expect(await first.textContent()).toMatch(/\d+ reviews?/);
    expect(session.errors).toEqual([]);
  });

  it('arrow keys move through the list and wrap; Enter opens the highlighted product', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('samsng galxy');
    await options().first().waitFor();
    const count = await options().count();
    await page.keyboard.press('ArrowDown');
    const firstId = await options().nth(0).getAttribute('id');
    expect(await box().getAttribute('aria-activedescendant')).toBe(firstId);
    await page.keyboard.press('ArrowUp');
    expect(await box().getAttribute('aria-activedescendant')).toBe(
      await options()
        .nth(count - 1)
        .getAttribute('id'),
    );
    await page.keyboard.press('ArrowDown');
    expect(await box().getAttribute('aria-activedescendant')).toBe(firstId);
    const name = (await options().nth(0).locator('.suggestion-name').textContent())!;
    expect(name).toMatch(/^Galaxy/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\/\d+$/);
    await expect.poll(() => page.locator('#product-name').textContent()).toContain(name);
  });

  it('Escape closes the list; Enter with nothing highlighted opens /search/{query}', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('iphone 15');
    await options().first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => box().getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/iphone%2015$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Results for “iphone 15”');
    expect(await page.locator('.result').count()).toBeGreaterThan(0);
  });

  it('offers View all Results when more than 5 match, leading to the paginated results page', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('samsung');
    const all = page.locator('.search-box-top .suggestion-all');
    await all.waitFor();
    expect(await all.textContent()).toMatch(/^View all Results/);
    await all.click();
    await page.waitForURL(/\/search\/samsung$/);
    await page.locator('.result').first().waitFor();
    expect(await page.locator('.result').count()).toBe(6);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.waitForURL(/\/search\/samsung\?page=1$/);
    await expectAccessible(page);
  });

  it('says so when nothing matches', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('zzqxw');
    await page.locator('.search-box-top .suggestions-empty').waitFor();
    expect(await page.locator('.search-box-top .suggestions-empty').textContent()).toContain(
      'No products match',
    );
  });

  it('takes a half-typed model number as a prefix: "galaxy s2" suggests and lists Galaxy S2x phones', async () => {
    const { page } = session;
    await visit(page, '/home');
    await box().click();
    await box().pressSequentially('galaxy s2');
    await options().first().waitFor();
    const suggested = await page
      .locator('.search-box-top [role="option"]:not(.suggestion-all)')
      .allTextContents();
    expect(suggested.length).toBeGreaterThan(0);
    for (const s of suggested) expect(s).toMatch(/Galaxy S2\d/);
    expect(await page.locator('.search-box-top .suggestions-empty').count()).toBe(0);
    // The results page, as the server renders it.
    const html = await (await page.request.get('/search/galaxy%20s2')).text();
    expect(html).toMatch(/Galaxy S2\d/);
    expect(html).not.toContain('No products match');
  });

  it('renders results on the server, and the small-screen search page has its own box', async () => {
    const { page } = session;
    const html = await (await page.request.get('/search/galaxy%20s24%20ultra')).text();
    expect(html).toContain('Galaxy S24 Ultra');
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/home');
    await page.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL(/\/search$/);
    const small = page.locator('.search-box-page [role="combobox"]');
    await small.pressSequentially('redmi note');
    await page.locator('.search-box-page [role="option"]').first().waitFor();
    await expectAccessible(page);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    const small = viewport.width < 768;

    it(`at ${viewport.width} px suggestions wrap names and prices instead of cutting them, and say each rating once`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      // The top bar's box on wide screens, the search page's below 768 px.
      await visit(page, small ? '/search' : '/home');
      const scope = page.locator(small ? '.search-box-page' : '.search-box-top');
      await scope.getByRole('combobox').pressSequentially('galaxy');
      const products = scope.locator('[role="option"]:not(.suggestion-all)');
      await products.first().waitFor();
      const cut = await products.evaluateAll((options) =>
        options.flatMap((o) =>
          [...o.querySelectorAll<HTMLElement>('.suggestion-name, .suggestion-meta')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
            .map((e) => e.textContent),
        ),
      );
      expect(cut).toEqual([]);
      // "Rated 4.5 out of 5, Great 81 reviews": the label is in the tag's text, and not read again.
      const label = /out of 5, (Bad|So So|Nice|Great|Ace) ?\d+ reviews?/;
      expect(await scope.getByRole('option', { name: label }).count()).toBeGreaterThan(0);
      expect(await scope.getByRole('option', { name: /\b(Bad|So So|Nice|Great|Ace),? ?\1/ }).count()).toBe(0);
      expect(session.errors).toEqual([]);
    });

    it(`at ${viewport.width} px /search has one search landmark`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await visit(page, '/search');
      expect(await page.getByRole('search').count()).toBe(1);
      expect(await page.getByRole('search').getByRole('combobox').isVisible()).toBe(true);
    });
  }
});
