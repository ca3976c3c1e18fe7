/**
 * Preferences and recommendations in the browser: the preference step after a manual sign-up, the preference
 * dialog in the user menu, /product-recommendation (its three lists kept to the budget, changing the preference
 * in place, the empty state), axe and narrow screens, and the dialog by keyboard alone.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_API } from '../src/shared/constants.ts';
import type { StoredPreference } from '../src/shared/preferences.ts';
import { newUser } from '../src/test/account.ts';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import {
  budgetSlider,
  cardIds,
  indianRupees,
  overflowing,
  pressOn,
  productDetail,
  sawToast,
  visit,
} from './helpers.ts';
import {
  type Member,
  newMember,
  postAs,
  sessionToken,
  signInAs,
  tickCaptcha,
  userMenuButton,
} from './members.ts';

const SAVED = 'Preferences Saved Successfully';
const LISTS = [
  ['budget_match', 'Budget Match'],
  ['personalized_match', 'Personalized Match'],
  ['popular_match', 'Popular Match'],
] as const;

type Recommendations = Record<(typeof LISTS)[number][0], { id: number; reason: string }[]> & {
  preference: StoredPreference;
};

async function getWithToken<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${USER_API}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
const preferenceOf = async (token: string) =>
  (await getWithToken<{ preference: StoredPreference }>(token, '/user/preference?category_id=C001'))
    .preference;
const savePreference = (
  member: Member,
  p: { budget_min: number; budget_max: number; focus_area: number; released_within: number },
) => postAs(member, `${USER_API}/user/preference`, { category_id: 'C001', ...p });

const prefDialog = (page: Page) => page.getByRole('dialog', { name: 'Your preferences' });
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : null;
  });
const menuButtonFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('user-menu-button') ?? false);

/** Opens the preference dialog from the user menu (the item appears once the preference has been fetched). */
async function openPreferenceDialog(page: Page): Promise<Locator> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  const dialog = prefDialog(page);
  await dialog.waitFor();
  // The form loads when the dialog first opens.
  await budgetSlider(dialog, 'Minimum').waitFor();
  return dialog;
}

/** The recommendations page with its lists (or its empty state) rendered. */
async function loadRecommendations(page: Page): Promise<void> {
  await visit(page, '/product-recommendation');
  await page.getByRole('heading', { level: 1, name: 'Recommendations for you' }).waitFor();
  await page.locator('.recommendation-list, .recommendations .empty').first().waitFor();
}

/** The product ids of every card on the page, each list's cards non-empty with a reason. */
async function listedIds(page: Page): Promise<number[]> {
  const all: number[] = [];
  for (const [, title] of LISTS) {
    const region = page.getByRole('region', { name: title });
    await region.getByRole('heading', { level: 2, name: title }).waitFor();
    const ids = await cardIds(region);
    expect(ids.length, `cards in ${title}`).toBeGreaterThan(0);
    expect(ids.every(Number.isInteger), `card links in ${title}`).toBe(true);
    const reasons = await region
      .locator('.card')
      .evaluateAll((cards) => cards.map((c) => c.querySelector('.card-reason')?.textContent?.trim() ?? ''));
    expect(reasons.length).toBe(ids.length);
    for (const r of reasons) expect(r, `a reason on every card in ${title}`).not.toBe('');
    all.push(...ids);
  }
  return [...new Set(all)];
}

/** Every listed phone's price, from the product API, lies within the budget. */
async function expectWithinBudget(ids: number[], min: number, max: number): Promise<void> {
  for (const id of ids) {
    const { price } = await productDetail(id);
    expect(price, `price of product ${id}`).not.toBeNull();
    expect(price!, `price of product ${id}`).toBeGreaterThanOrEqual(min);
    expect(price!, `price of product ${id}`).toBeLessThanOrEqual(max);
  }
}

describe.skipIf(!browserAvailable())('preferences and recommendations', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session?.close());

  it('after a manual sign-up asks for a preference, saves what was chosen by keyboard, then goes to /email-verification', async () => {
    const { page } = session;
    const user = newUser();
    await visit(page, '/sign-in?mode=sign-up');
    const main = page.locator('main');
    await main.getByLabel('First name').fill(user.firstName);
    await main.getByLabel('Last name').fill(user.lastName);
    await main.getByLabel('Username').fill(user.username);
    await main.locator('.field-status', { hasText: 'Username is available' }).waitFor();
    await main.getByLabel('Email').fill(user.email);
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await tickCaptcha(page);
    await main.getByRole('button', { name: 'Create account' }).click();

    // The preference step, still on /sign-in: not /email-verification yet.
    const step = main.locator('section.preference-step');
    await step.getByRole('heading', { name: 'What are you looking for?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await step.getByLabel('Category').isDisabled()).toBe(true);
    expect(await step.getByRole('group', { name: 'Budget' }).count()).toBe(1);
    const save = step.getByRole('button', { name: 'Save and continue' });
    expect(await step.getByRole('button', { name: 'Skip for now' }).isVisible()).toBe(true);
    // Nothing saved yet: the defaults can be saved as they are.
    expect(await save.isEnabled()).toBe(true);

    // The defaults are ₹10,000–₹30,000; the thumbs move by ₹5,000 with the arrow keys.
    const lo = budgetSlider(step, 'Minimum');
    const hi = budgetSlider(step, 'Maximum');
    expect(await lo.inputValue()).toBe('10000');
    expect(await hi.inputValue()).toBe('30000');
    await pressOn(hi, 'ArrowRight', 4, 50_000);
    await pressOn(lo, 'ArrowRight', 2, 20_000);
    await pressOn(lo, 'ArrowLeft', 1, 15_000);
    await step.locator('.range-slider-value', { hasText: '₹15,000 – ₹50,000' }).waitFor();
    await step.getByRole('radio', { name: 'Features' }).check();
    await step.getByLabel('Released within').selectOption({ label: 'Last 3 years' });

    await save.click();
    await page.waitForURL(/\/email-verification$/);
    await page.getByText(`We sent a link to ${user.email}`).waitFor();

    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    expect(await preferenceOf(token!)).toEqual({
      category_id: 'C001',
      budget_min: 15_000,
      budget_max: 50_000,
      focus_area: 2,
      released_within: 36,
      preferred_brand: '',
      non_preferred_brand: '',
      saved: true,
    });
    expect(session.errors).toEqual([]);
  });

  it('offers Get Recommendations only when signed in; the Preferences dialog saves a changed focus area', async () => {
    const { page } = session;
    await visit(page, '/home');
    await page.locator('.top-bar a.sign-in').waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByText('Get Recommendations').count(),
    ).toBe(0);

    const member = await newMember();
    await signInAs(page, member);
    await visit(page, '/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Get Recommendations' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/product-recommendation');
    expect(await link.getAttribute('aria-current')).toBeNull();

    const dialog = await openPreferenceDialog(page);
    expect(await dialog.getAttribute('open')).not.toBeNull();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    // The fetched preference (the defaults: Performance first): Save waits for a change.
    expect(await dialog.getByRole('radio', { name: 'Performance' }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Look & Feel' }).check();
    expect(await save.isEnabled()).toBe(true);
    // Back to what was fetched: nothing to save again.
    await dialog.getByRole('radio', { name: 'Performance' }).check();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Look & Feel' }).check();
    await save.click();
    await sawToast(page, SAVED);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await preferenceOf(member.token)).toMatchObject({
      focus_area: 3,
      budget_min: 10_000,
      budget_max: 30_000,
      released_within: 24,
      saved: true,
    });

    // Opened again, the form starts from what was saved.
    await openPreferenceDialog(page);
    expect(await dialog.getByRole('radio', { name: 'Look & Feel' }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The link marks the page it leads to.
    await link.click();
    await page.waitForURL(/\/product-recommendation$/);
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    expect(session.errors).toEqual([]);
  });

  it('never quotes or ranks by a rating from fewer than 10 reviews: such cards show -- and say what ranked them', async () => {
    const { page } = session;
    const member = await newMember();
    await savePreference(member, {
      budget_min: 30_000,
      budget_max: 60_000,
      focus_area: 4,
      released_within: 36,
    });
    await signInAs(page, member);
    await loadRecommendations(page);
    await listedIds(page);
    const cards = await page.locator('.recommendation-list').evaluateAll((lists) =>
      lists.flatMap((list) =>
        Array.from(list.querySelectorAll('.card'), (card) => ({
          list: list.querySelector('h2')?.textContent ?? '',
          tag: card.querySelector('.rating-tag [aria-hidden]')?.textContent?.trim() ?? '',
          reviews: Number(/\d+/.exec(card.querySelector('.review-count')?.textContent ?? '')?.[0] ?? NaN),
          reason: card.querySelector('.card-reason')?.textContent?.trim() ?? '',
        })),
      ),
    );
    const under10 = cards.filter((c) => c.reviews > 0 && c.reviews < 10 && c.list !== 'Popular Match');
    // The demo community leaves some phones here with a handful of reviews: the case this is about.
    expect(under10.length).toBeGreaterThan(0);
    for (const c of under10) {
      expect(c.tag, c.reason).toBe('--');
      expect(c.reason).toMatch(/too few for a rating, so ranked by its spec score/);
    }
    for (const c of cards) {
      // Any rating a reason quotes comes from 10 reviews or more, and the card shows a rating beside it.
      const quoted = /rated \d\.\d by (\d+) owners/i.exec(c.reason);
      if (quoted) {
        expect(Number(quoted[1]), c.reason).toBeGreaterThanOrEqual(10);
        expect(c.tag, c.reason).not.toBe('--');
      }
    }
    expect(session.errors).toEqual([]);
  });

  it('lists three kinds of picks within the budget, changes the preference in place, and shows an empty state', async () => {
    const { page } = session;
    const member = await newMember();
    await savePreference(member, {
      budget_min: 20_000,
      budget_max: 40_000,
      focus_area: 2,
      released_within: 36,
    });
    await signInAs(page, member);
    await loadRecommendations(page);
    const summary = page.locator('.preference-summary p');
    await expect
      .poll(() => summary.textContent())
      .toBe('Phones from ₹20,000 to ₹40,000, released in the last 3 years, with Features first.');
    await expectWithinBudget(await listedIds(page), 20_000, 40_000);

    // Change preferences: the form opens in place, starting from the saved preference.
    const change = page.getByRole('button', { name: 'Change preferences' });
    await change.click();
    const editor = page.locator('#preference-editor');
    const save = editor.getByRole('button', { name: 'Save', exact: true });
    await budgetSlider(editor, 'Minimum').waitFor();
    expect(await page.getByRole('button', { name: 'Close preferences' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await budgetSlider(editor, 'Minimum').inputValue()).toBe('20000');
    expect(await budgetSlider(editor, 'Maximum').inputValue()).toBe('40000');
    expect(await editor.getByRole('radio', { name: 'Features' }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await pressOn(budgetSlider(editor, 'Maximum'), 'ArrowRight', 4, 60_000);
    await pressOn(budgetSlider(editor, 'Minimum'), 'ArrowRight', 4, 40_000);
    await save.click();
    await sawToast(page, SAVED);
    await expect
      .poll(() => summary.textContent())
      .toBe('Phones from ₹40,000 to ₹60,000, released in the last 3 years, with Features first.');
    expect(await editor.isHidden()).toBe(true);
    // The lists reload for the new budget: every reason names it.
    await page.waitForFunction(() => {
      const reasons = Array.from(document.querySelectorAll('.recommendation-list .card-reason'));
      return reasons.length > 0 && reasons.every((r) => r.textContent?.includes('₹40,000–₹60,000'));
    });
    await expectWithinBudget(await listedIds(page), 40_000, 60_000);
    expect(await preferenceOf(member.token)).toMatchObject({ budget_min: 40_000, budget_max: 60_000 });

    // A budget and window with no phones (found through the API with another member, not assumed).
    const probe = await newMember();
    const candidates = [
      [120_000, 125_000, 12],
      [125_000, 125_000, 12],
      [5_000, 5_000, 12],
      [120_000, 125_000, 24],
    ] as const;
    let empty: (typeof candidates)[number] | undefined;
    for (const c of candidates) {
      await savePreference(probe, {
        budget_min: c[0],
        budget_max: c[1],
        focus_area: 4,
        released_within: c[2],
      });
      const lists = await getWithToken<Recommendations>(
        probe.token,
        '/user/product-recommendation?category_id=C001',
      );
      if (LISTS.every(([key]) => lists[key].length === 0)) {
        empty = c;
        break;
      }
    }
    expect(empty, 'a budget and window with no phones').toBeDefined();
    const [min, max, months] = empty!;
    await change.click();
    const hi = budgetSlider(editor, 'Maximum');
    const lo = budgetSlider(editor, 'Minimum');
    // The thumbs cannot cross: both to the top first, then the lower one down, then the upper one.
    await hi.focus();
    await hi.press('End');
    await lo.focus();
    await lo.press('End');
    expect(await lo.inputValue()).toBe('125000');
    await pressOn(lo, 'ArrowLeft', (125_000 - min) / 5_000, min);
    await pressOn(hi, 'ArrowLeft', (125_000 - max) / 5_000, max);
    await editor.getByLabel('Released within').selectOption(String(months));
    const posted = page.waitForResponse(
      (r) => r.url().endsWith(`${USER_API}/user/preference`) && r.request().method() === 'POST',
    );
    await save.click();
    expect((await posted).status()).toBe(200);
    await sawToast(page, SAVED);
    const emptyState = page.locator('.recommendations .empty', { hasText: 'Try widening your budget' });
    await emptyState.waitFor();
    expect(await emptyState.textContent()).toContain(
      `No phones match a budget of ${indianRupees(min)} to ${indianRupees(max)}`,
    );
    expect(await page.locator('.recommendation-list').count()).toBe(0);
    // Its button opens the form again.
    await emptyState.getByRole('button', { name: 'Widen my budget' }).click();
    await budgetSlider(editor, 'Minimum').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('has no serious or critical axe violations on /product-recommendation and the preference dialog, nor sideways scrolling at 360 px', async () => {
    const { page } = session;
    const member = await newMember();
    await savePreference(member, {
      budget_min: 15_000,
      budget_max: 35_000,
      focus_area: 1,
      released_within: 36,
    });
    await signInAs(page, member);
    await loadRecommendations(page);
    await listedIds(page);
    await expectAccessible(page);
    // The form open in place.
    await page.getByRole('button', { name: 'Change preferences' }).click();
    await budgetSlider(page.locator('#preference-editor'), 'Minimum').waitFor();
    await expectAccessible(page);
    await openPreferenceDialog(page);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => prefDialog(page).isVisible()).toBe(false);

    await page.setViewportSize({ width: 360, height: 740 });
    await loadRecommendations(page);
    await listedIds(page);
    expect(await overflowing(page), 'no sideways scrolling at 360 px').toEqual([]);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Change preferences' }).click();
    await budgetSlider(page.locator('#preference-editor'), 'Minimum').waitFor();
    expect(await overflowing(page), 'no sideways scrolling with the form open at 360 px').toEqual([]);
    // The user menu is behind the collapsed navigation's Menu button at this width.
    await page.locator('.menu-button').click();
    const dialog = await openPreferenceDialog(page);
    expect(await overflowing(page), 'no sideways scrolling with the dialog open at 360 px').toEqual([]);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(session.errors).toEqual([]);
  });

  it('opens the preference dialog from the user menu by keyboard, moves the sliders with arrows, and Escape returns focus to the menu button', async () => {
    const { page } = session;
    const member = await newMember();
    await signInAs(page, member);
    await visit(page, '/home');
    const button = userMenuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focused(page)).toBe('Profile');
    // The Preferences item sits just above Sign out once the preference has been fetched.
    await page.getByRole('menuitem', { name: 'Preferences' }).waitFor();
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Sign out');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('Preferences');
    await page.keyboard.press('Enter');
    const dialog = prefDialog(page);
    await dialog.waitFor();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    const lo = budgetSlider(dialog, 'Minimum');
    const hi = budgetSlider(dialog, 'Maximum');
    await lo.waitFor();

    // Focus is in the dialog; Tab reaches the first slider (the category is fixed, so disabled).
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog[open]')))
      .toBe(true);
    if ((await focused(page)) !== 'Minimum budget') await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Minimum budget');
    await page.keyboard.press('ArrowRight');
    expect(await lo.inputValue()).toBe('15000');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Maximum budget');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await hi.inputValue()).toBe('20000');
    await dialog.locator('.range-slider-value', { hasText: '₹15,000 – ₹20,000' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus goes back to the menu button once the dialog has closed (a frame later on a busy machine).
    await expect.poll(() => menuButtonFocused(page)).toBe(true);
    // Escape saved nothing.
    expect((await preferenceOf(member.token)).saved).toBe(false);
    expect(session.errors).toEqual([]);
  });
});
