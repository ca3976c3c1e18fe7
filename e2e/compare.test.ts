/**
 * /compare: up to three products side by side, chosen from product cards, the product page and the page's own
 * search box; the URL holds the choice (shareable, survives reload), a compare tray follows the visitor.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, homeData, productDetail, visit } from './helpers.ts';
import { brokenWords } from './layout.ts';
import { newMember, signInAs, userMenuButton } from './members.ts';

const LIMIT = 'You can compare up to 3 products. Remove one to add another.';

interface Suggestion {
  id: number;
  image: string;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
}

const nameOf = (p: { brand: string; model: string; variant: string }) =>
  `${p.brand} ${p.model}${p.variant ? ` (${p.variant})` : ''}`;
const hrefOf = (ids: number[]) => `/compare?ids=${ids.join(',')}`;

/** The product ids of the table's columns, in order. */
const columnIds = (page: Page) =>
  page
    .locator('.compare-table thead th[scope="col"] a')
    .evaluateAll((links) =>
      links.map((a) => Number(/\/product\/(\d+)$/.exec(a.getAttribute('href') ?? '')?.[1])),
    );

const urlIds = (page: Page) =>
  (new URL(page.url()).searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);

const tray = (page: Page) => page.getByRole('region', { name: /^Compare \(\d of 3\)$/ });
const trayNames = (page: Page) =>
  tray(page)
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => /^Remove (.*) from compare$/.exec(b.getAttribute('aria-label') ?? '')?.[1]),
    );

describe.skipIf(!browserAvailable())('compare', () => {
  let session: BrowserSession;
  /**
   * Four phones from the home page with different names: a and b to add from a card and the product page, e's
   * model to search for the third, d to try as a fourth.
   */
  let a: Card, b: Card, d: Card, e: Card;
  /** The three compared products, in the order they were added. */
  let chosen: { id: number; brand: string; model: string; variant: string; price: number | null }[] = [];

  beforeAll(async () => {
    session = await openBrowser();
    const home = await homeData();
    const unique = new Map<string, Card>();
    for (const p of [
      ...home.most_viewed_products,
      ...home.most_reviewed_products,
      ...home.most_upvoted_products,
    ]) {
      if (!unique.has(nameOf(p))) unique.set(nameOf(p), p);
    }
    const phones = [...unique.values()];
    if (phones.length < 4) throw new Error('the home page lists fewer than 4 differently named phones');
    [a, b, d, e] = phones as [Card, Card, Card, Card];
  });
  afterAll(() => session?.close());

  /** Types into the page's "Add a product" box and chooses, with the keyboard, the first suggestion not excluded. */
  async function chooseSuggestion(
    page: Page,
    query: string,
    exclude: { id: number; brand: string; model: string; variant: string }[],
  ) {
    const { products } = await api<{ products: Suggestion[] }>(
      `/search?searchQuery=${encodeURIComponent(query)}`,
    );
    const shown = products.slice(0, 5);
    const index = shown.findIndex((p) => !exclude.some((e) => e.id === p.id || nameOf(e) === nameOf(p)));
    if (index < 0) throw new Error(`no suggestion for '${query}' outside the compared products`);
    const box = page.getByRole('combobox', { name: 'Add a product' });
    await box.fill(query);
    const options = page.getByRole('listbox', { name: 'Products to add' }).getByRole('option');
    await options.nth(index).locator(`img[src="${shown[index]!.image}"]`).waitFor();
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    expect(await options.nth(index).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    return shown[index]!;
  }

  it('adds a product from a card, one from its product page and one from the search box on /compare', async () => {
    const { page } = session;
    await visit(page, '/home');
    expect(await tray(page).count(), 'no tray while the list is empty').toBe(0);

    const cardToggle = page.getByRole('button', { name: `Compare ${nameOf(a)}`, exact: true }).first();
    expect(await cardToggle.getAttribute('aria-pressed')).toBe('false');
    await cardToggle.click();
    await expect.poll(() => cardToggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => trayNames(page)).toEqual([nameOf(a)]);

    await visit(page, `/product/${b.id}`);
    const add = page.getByRole('button', { name: 'Add to compare', exact: true });
    expect(await add.getAttribute('aria-pressed')).toBe('false');
    await add.click();
    await expect.poll(() => add.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => trayNames(page)).toEqual([nameOf(a), nameOf(b)]);

    await tray(page).getByRole('link', { name: 'Compare now' }).click();
    await page.waitForURL((u) => u.pathname === '/compare');
    await expect.poll(() => columnIds(page)).toEqual([a.id, b.id]);
    expect(urlIds(page)).toEqual([a.id, b.id]);
    expect(await tray(page).count(), 'the tray is not shown on /compare itself').toBe(0);

    const c = await chooseSuggestion(page, e.model, [a, b, d]);
    await expect.poll(() => columnIds(page)).toEqual([a.id, b.id, c.id]);
    expect(urlIds(page)).toEqual([a.id, b.id, c.id]);
    chosen = [a, b, c];
    expect(session.errors).toEqual([]);
  });

  it('refuses a fourth product with an explanation, from the search box and from a card', async () => {
    const { page } = session;
    const ids = chosen.map((p) => p.id);
    expect(ids).toHaveLength(3);
    await visit(page, hrefOf(ids));
    await chooseSuggestion(page, d.model, chosen);
    await page.getByRole('status').filter({ hasText: LIMIT }).waitFor();
    expect(urlIds(page)).toEqual(ids);
    expect(await columnIds(page)).toEqual(ids);

    // The tray took the list from the URL and follows to other pages.
    await visit(page, '/home');
    await expect.poll(() => trayNames(page)).toEqual(chosen.map(nameOf));
    const fourth = page.getByRole('button', { name: `Compare ${nameOf(d)}`, exact: true }).first();
    if (chosen.some((p) => nameOf(p) === nameOf(d)))
      throw new Error('the search picked the phone meant as the fourth');
    await fourth.click();
    await page.getByRole('status').filter({ hasText: LIMIT }).waitFor();
    expect(await fourth.getAttribute('aria-pressed')).toBe('false');
    expect(await trayNames(page)).toEqual(chosen.map(nameOf));
    expect(session.errors).toEqual([]);
  });

  it('the shared address shows the same three after a reload and in another browser', async () => {
    const { page } = session;
    const ids = chosen.map((p) => p.id);
    await visit(page, hrefOf(ids));
    await page.reload();
    await page.locator('.compare-table').waitFor();
    expect(await columnIds(page)).toEqual(ids);

    const other = await openBrowser();
    try {
      await visit(other.page, hrefOf(ids));
      expect(await columnIds(other.page)).toEqual(ids);
      // Server-rendered, and a repeated or unknown id is ignored.
      await visit(other.page, `/compare?ids=${ids[0]},${ids[0]},999999999,${ids[1]}`);
      expect(await columnIds(other.page)).toEqual(ids.slice(0, 2));
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('marks rows that differ and the best price, and hides identical rows on request', async () => {
    const { page } = session;
    const ids = chosen.map((p) => p.id);
    await visit(page, hrefOf(ids));
    const rows = page.locator('.compare-table tbody tr[data-row]');
    const total = await rows.count();
    const same = await page.locator('.compare-table tbody tr.same').count();
    const differing = await page.locator('.compare-table tbody tr.differs').count();
    expect(same, 'some rows are identical').toBeGreaterThan(0);
    expect(differing, 'some rows differ').toBeGreaterThan(0);
    expect(same + differing).toBe(total);
    // A visible marker, not colour alone.
    expect(
      await page.locator('.compare-table tr.differs th[scope="row"] .diff-mark').first().isVisible(),
    ).toBe(true);

    const details = await Promise.all(ids.map((id) => productDetail(id)));
    const prices = details.map((p) => p.price);
    const present = prices.filter((p): p is number => p != null);
    if (present.length > 1 && new Set(present).size > 1) {
      const lowest = Math.min(...present);
      const expected = prices.flatMap((p, i) => (p === lowest ? [i] : []));
      const best = await page
        .locator('.compare-table tr[data-row="price"] td')
        .evaluateAll((tds) =>
          tds.flatMap((td, i) =>
            td.classList.contains('best') && td.textContent?.includes('Best') ? [i] : [],
          ),
        );
      expect(best).toEqual(expected);
    }

    const hide = page.getByRole('checkbox', { name: 'Hide identical rows' });
    await hide.check();
    await expect.poll(() => rows.count()).toBe(differing);
    expect(await page.locator('.compare-table tbody tr.same').count()).toBe(0);
    await hide.uncheck();
    await expect.poll(() => rows.count()).toBe(total);
    expect(session.errors).toEqual([]);
  });

  it('with three products has no serious or critical axe violations', async () => {
    const { page } = session;
    await visit(page, hrefOf(chosen.map((p) => p.id)));
    await expectAccessible(page);
    expect(session.errors).toEqual([]);
  });

  it('removes a product: the URL, the table and the tray follow', async () => {
    const { page } = session;
    const ids = chosen.map((p) => p.id);
    await visit(page, hrefOf(ids));
    await page.getByRole('button', { name: `Remove ${nameOf(chosen[1]!)}`, exact: true }).click();
    const left = [ids[0]!, ids[2]!];
    await page.waitForURL((u) => u.searchParams.get('ids') === left.join(','));
    await expect.poll(() => columnIds(page)).toEqual(left);
    await visit(page, '/home');
    await expect.poll(() => trayNames(page)).toEqual([nameOf(chosen[0]!), nameOf(chosen[2]!)]);
    // A bare /compare (no ids in the address) shows what the tray holds.
    await visit(page, '/compare');
    await page.waitForURL((u) => u.searchParams.get('ids') === left.join(','));
    await expect.poll(() => columnIds(page)).toEqual(left);
    expect(session.errors).toEqual([]);
  });

  it('at 360 px the page does not scroll sideways; the table scrolls in its own box with the first column fixed', async () => {
    const small = await openBrowser({ width: 360, height: 780 });
    try {
      const { page } = small;
      await visit(page, hrefOf(chosen.map((p) => p.id)));
      const sizes = await page.evaluate(() => {
        const box = document.querySelector('.compare-scroll')!;
        return {
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
          table: [box.scrollWidth, box.clientWidth],
        };
      });
      expect(
        sizes.page[0],
        `the page is ${sizes.page[0]} px wide in a ${sizes.page[1]} px window`,
      ).toBeLessThanOrEqual(sizes.page[1]!);
      expect(sizes.table[0]).toBeGreaterThan(sizes.table[1]!);

      const rowHeader = page.locator('.compare-table tr[data-row="price"] th');
      const before = await rowHeader.boundingBox();
      await page.locator('.compare-scroll').evaluate((el) => el.scrollTo({ left: 200 }));
      await expect
        .poll(
          async () => (await page.locator('.compare-table tr[data-row="price"] td').first().boundingBox())?.x,
        )
        .toBeLessThan(before!.x);
      expect((await rowHeader.boundingBox())?.x).toBe(before!.x);
      await expectAccessible(page);
      expect(small.errors).toEqual([]);
    } finally {
      await small.close();
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    const small = viewport.width < 1000;

    it(`at ${viewport.width} px the row labels wrap between words, never inside one`, async () => {
      const other = await openBrowser(viewport);
      try {
        await visit(other.page, hrefOf([a.id, b.id, d.id]));
        expect(await other.page.locator('.compare-table th[scope="row"]').count()).toBeGreaterThan(10);
        expect(await brokenWords(other.page, '.compare-table th[scope="row"]')).toEqual([]);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it(`at ${viewport.width} px the tray stays under the top bar's menus, and leaves account, checkout and payment pages`, async () => {
      const member = await newMember();
      const other = await openBrowser(viewport);
      try {
        const { page } = other;
        await signInAs(page, member);
        await visit(page, '/home');
        await page.locator('.card-compare').first().click();
        await tray(page).waitFor();

        // The user menu opens over the tray: Sign out takes the click (the tray used to intercept it at 360 px).
        const menu = page.getByRole('button', { name: 'Menu', exact: true });
        const openUserMenu = async () => {
          if (small && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
          await userMenuButton(page).click();
        };
        await openUserMenu();
        await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click({ timeout: 10_000 });
        const dialog = page.getByRole('dialog', { name: 'Sign out?' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

        // Account pages, reached in the app: the tray goes as the page comes.
        for (const [item, path] of [
          ['Profile', '/user-profile'],
          ['My account', '/my-account'],
        ] as const) {
          await openUserMenu();
          await page.getByRole('menuitem', { name: item, exact: true }).click();
          await page.waitForURL((u) => u.pathname === path);
          await tray(page).waitFor({ state: 'detached' });
          await visit(page, '/home');
          await tray(page).waitFor();
        }

        // Checkout and the payment's result, each a full page load: nothing is left to load when checked.
        const settled = async (path: (p: string) => boolean) => {
          await page.waitForURL((u) => path(u.pathname));
          await page.waitForLoadState('networkidle');
          expect(await tray(page).count(), page.url()).toBe(0);
        };
        await visit(page, '/review-pass');
        await page.waitForLoadState('networkidle');
        expect(await tray(page).count()).toBe(0);
        await page.getByRole('radio', { name: '₹5 1 day' }).check();
        await page.getByRole('button', { name: 'Buy ReviewPass for ₹5' }).click();
        await settled((p) => p.startsWith('/shop/checkout/order_'));
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Payment Canceled' }).waitFor({ timeout: 20_000 });
        await settled((p) => p.startsWith('/shop/session/'));

        // Signed out, the sign-in page has no tray either.
        await visit(page, '/home');
        await tray(page).waitFor();
        await openUserMenu();
        await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
        await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/');
        await tray(page).waitFor();
        if (small && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
        await page.getByRole('link', { name: 'Sign In', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/sign-in');
        await tray(page).waitFor({ state: 'detached' });
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });
  }
});
