/**
 * Favourites (issue 23): a visitor saves a phone from its page (signing in on the way and coming back), two more
 * from the browse cards, finds all three in My account with their price, takes one out, and adds a saved phone
 * to the compare tray from there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD } from '../src/test/account.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, type Card, cardIds, sawToast, visit } from './helpers.ts';
import { newMember, userMenuButton } from './members.ts';

describe.skipIf(!browserAvailable())('favourites', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('saves three phones, lists them in My account, takes one out, and adds one to compare', async () => {
    const { page } = session;
    const member = await newMember();
    const { products } = await api<{ products: Card[] }>('/browse/category/C001?page=5&size=12');
    const first = products[0]!;

    // Signed out, Save sends to sign in, and back to the phone.
    await visit(page, `/product/${first.id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    await page.getByLabel('Email or username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${first.id}$`));
    await userMenuButton(page).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await sawToast(page, 'saved to your favourites');
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    // The server keeps it: a fresh load shows it saved.
    await visit(page, `/product/${first.id}`);
    await page.locator('.save-toggle[aria-pressed="true"]').waitFor();

    // Two more from the browse cards, with the keyboard.
    await visit(page, '/browse');
    const ids = (await cardIds(page)).filter((id) => id !== first.id).slice(0, 2);
    for (const id of ids) {
      const card = page.locator('.card').filter({ has: page.locator(`a.card-link[href="/product/${id}"]`) });
      const button = card.getByRole('button', { name: /^Save / });
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (el) => el?.getAttribute('aria-pressed') === 'true',
        await button.elementHandle(),
      );
    }

    // My account lists the three, the latest saved first, with their price.
    await visit(page, '/my-account');
    const favourites = page.getByRole('region', { name: /Favourites/ });
    await favourites.locator('.card').nth(2).waitFor();
    expect(await cardIds(favourites)).toEqual([ids[1], ids[0], first.id]);
    expect(await favourites.getByRole('heading', { name: /Favourites/ }).textContent()).toContain('(3)');
    expect(await favourites.locator('.card-price').first().textContent()).toMatch(/₹[\d,]+/);
    await expectAccessible(page);

    // Take one out: it stays listed, unpressed, and is gone on the next visit.
    const last = favourites
      .locator('.card')
      .nth(2)
      .getByRole('button', { name: /^Save / });
    await last.click();
    await sawToast(page, 'removed from your favourites');
    expect(await last.getAttribute('aria-pressed')).toBe('false');
    await visit(page, '/my-account');
    await favourites.locator('.card').nth(1).waitFor();
    expect(await cardIds(favourites)).toEqual([ids[1], ids[0]]);

    // Compare: one phone in the tray, the other added from favourites.
    await visit(page, `/product/${ids[0]}`);
    await page.getByRole('button', { name: 'Add to compare' }).click();
    const tray = page.getByRole('region', { name: /Compare/ });
    await tray.getByRole('button', { name: 'Add from favourites' }).click();
    const add = tray.getByRole('button', { name: /^Add .+/ }).filter({ hasNotText: 'favourites' });
    await add.first().waitFor();
    expect(await add.count()).toBe(1);
    await expectAccessible(page);
    await add.first().click();
    await tray.locator('.compare-chip').nth(1).waitFor();
    expect(await tray.locator('.compare-chip').count()).toBe(2);
  });
});
