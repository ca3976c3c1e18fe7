/** Shared helpers for the browser tests: API look-ups (so no product id is hard-coded) and page readiness. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';

export interface Card {
  id: number;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
}

export interface HomeData {
  most_viewed_products: Card[];
  most_reviewed_products: Card[];
  most_upvoted_products: Card[];
}

export interface ProductDetail extends Card {
  model_id: number;
  canonical_id: number;
  variants: { id: number; variant: string; price: number | null }[];
  category_id: string;
  attribute_groups: {
    id: string;
    name: string;
    attributes: { key: string; name: string; display: string }[];
  }[];
}

export async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}/platform/api/v1${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export const homeData = () => api<HomeData>('/home-page/category/C001');

/** The first product of a category's default browse order (C001 phones, C002 cars). */
export async function firstProductId(category: 'C001' | 'C002' | 'C003'): Promise<number> {
  const { products } = await api<{ products: Card[] }>(`/browse/category/${category}?size=1`);
  if (!products[0]) throw new Error(`no products in ${category}`);
  return products[0].id;
}

export const productDetail = async (id: number) =>
  (await api<{ product: ProductDetail }>(`/product/${id}`)).product;

/**
 * Indian digit grouping worked out here rather than with Intl, so the test does not share the app's formatter:
 * 172999 → '₹1,72,999', 15499 → '₹15,499'.
 */
export function indianRupees(amount: number): string {
  if (!Number.isInteger(amount) || amount < 0)
    throw new Error(`indianRupees handles whole rupees, got ${amount}`);
  const whole = String(amount);
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `₹${rest ? `${rest},` : ''}${last3}`;
}

/** Text as React's server renderer escapes it inside an element. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * Waits until React has hydrated the server-rendered page: React puts its props on DOM nodes when it takes
 * them over, so a nav link carrying them means event handlers (and the router's link interception) are live.
 * Clicking earlier would test the no-JavaScript fallback instead of the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await waitForHydrationOf(page, '.top-bar a.logo');
}

/** In the page: whether React has taken over what `selector` finds (it puts its props on the nodes it owns). */
const ownedByReact = (selector: string) => {
  const el = document.querySelector(selector);
  return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
};

/** waitForHydration for a page without the top bar: waits until React has taken over what `selector` finds. */
export async function waitForHydrationOf(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(ownedByReact, selector);
}

/** Whether React has taken over what `selector` finds now (a lazy island's code has replaced its server HTML). */
export const reactOwns = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate(ownedByReact, selector);

/** The toast (the app's transient message) that says `text`. */
export const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

/**
 * Waits until the page has shown a toast that says `text`, even one already gone (pages opened with openBrowser
 * record their toasts), and returns its class. Each toast shown counts once: a second call needs a second toast,
 * or the same one still on screen.
 */
export async function sawToast(page: Page, text: string, timeout?: number): Promise<string> {
  const found = await page.waitForFunction(
    (wanted) => {
      const seen = (window as unknown as { __toasts?: { text: string; className: string }[] }).__toasts ?? [];
      const i = seen.findIndex((t) => t.text.includes(wanted));
      if (i >= 0) return seen.splice(i, 1)[0]!.className;
      const shown = [...document.querySelectorAll('.toast')].find((t) => t.textContent?.includes(wanted));
      return shown ? shown.className : false;
    },
    text,
    timeout === undefined ? {} : { timeout },
  );
  return (await found.jsonValue()) as string;
}

/** Loads a path, checks the HTTP status, and waits for hydration. */
export async function visit(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  await waitForHydration(page);
}

/**
 * The ReviewPass check a signed-in visitor's page makes once per full page load (GET
 * /user/api/v1/subscription-validity, whose answer shows or hides the ads): start waiting before the load
 * (goto, reload, a click that loads a page) and await the result before reading what the answer may change.
 * A client-side navigation makes no new check. `onPath` limits it to a check made by the page at that path
 * (one still in flight from the page before does not count). Resolves once the answer has arrived and the
 * page has had a moment (a task and a frame) to act on it.
 */
export function passChecked(page: Page, onPath?: (path: string) => boolean): Promise<void> {
  const checked = page
    .waitForResponse(
      (r) =>
        r.url().includes('/subscription-validity') &&
        r.request().method() === 'GET' &&
        (!onPath || onPath(new URL(r.frame().url()).pathname)),
      { timeout: 20_000 },
    )
    .then(async (response) => {
      expect(response.status(), 'the ReviewPass check').toBe(200);
      await response.finished();
      await page.evaluate(
        () => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), 50)),
      );
    });
  // Awaited by the caller; this only keeps a failure before then from being reported as unhandled.
  checked.catch(() => undefined);
  return checked;
}

/** The number in the results heading on /browse ("1,992 results" → 1992). */
export async function resultCount(page: Page): Promise<number> {
  const text = (await page.locator('#results-heading').textContent()) ?? '';
  const match = /^([\d,]+) results?$/.exec(text.trim());
  if (!match) throw new Error(`unexpected results heading '${text}'`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** The product ids of the cards on the page, in order. */
export async function cardIds(scope: Page | Locator): Promise<number[]> {
  const hrefs = await scope
    .locator('a.card-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/^\/product\/(\d+)$/.exec(h)?.[1] ?? NaN));
}

/** Describes the focused element: its outline style, or its card's when a card link is focused (the card draws the ring). */
export function focusInfo(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const ringOwner = el.classList.contains('card-link') ? (el.closest('.card') as HTMLElement) : el;
    return {
      tag: el.tagName,
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      href: el.getAttribute('href'),
      className: el.className,
      outlineStyle: getComputedStyle(ringOwner).outlineStyle,
    };
  });
}

/**
 * Presses Tab until the focused element matches `selector`, checking on the way that focus is always visibly
 * drawn; fails after `maxPresses`.
 */
export async function tabUntil(page: Page, selector: string, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const info = await focusInfo(page);
    expect(info?.outlineStyle, `focus ring on ${info?.tag} '${info?.text}'`).not.toBe('none');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} not reached in ${maxPresses} presses of Tab`);
}

export interface BrowseFilters {
  category?: string;
  features?: string[];
  attributes?: string[];
}

/**
 * Waits until /browse shows a filter: the URL carries it and the page has rendered its results (the results
 * section carries the applied filters as data attributes, from the same loader data as the results).
 * Waiting for the URL alone is not enough: it changes before React commits the new page.
 */
export async function waitForFilters(page: Page, want: BrowseFilters): Promise<void> {
  const expected = {
    category: want.category ?? 'C001',
    features: [...(want.features ?? [])].sort().join(','),
    attributes: [...(want.attributes ?? [])].sort().join(','),
  };
  const list = (values: string[]) =>
    values
      .flatMap((v) => v.split(','))
      .filter(Boolean)
      .sort()
      .join(',');
  await page.waitForURL(
    (u) =>
      u.pathname === '/browse' &&
      (u.searchParams.get('category') || 'C001') === expected.category &&
      list(u.searchParams.getAll('features')) === expected.features &&
      list(u.searchParams.getAll('attributes')) === expected.attributes,
  );
  await page.waitForFunction((e) => {
    const results = document.querySelector<HTMLElement>('section.results');
    const field = (name: string) => results?.dataset[name] ?? '';
    const sorted = (name: string) => field(name).split(',').filter(Boolean).sort().join(',');
    return (
      field('category') === e.category &&
      sorted('features') === e.features &&
      sorted('attributes') === e.attributes
    );
  }, expected);
}

/**
 * What sticks out to the right (empty when nothing does), to name the culprit when this fails: elements inside
 * a box that scrolls or clips sideways (a wide table in its scrolling wrapper) are not culprits.
 */
export const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    if (width <= window.innerWidth) return [];
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return false;
        return true;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return culprits.length ? culprits : [`the page scrolls sideways (${width}px)`];
  });

/** A thumb of the budget slider (components/range-slider.tsx) in `scope`. */
export const budgetSlider = (scope: Page | Locator, end: 'Minimum' | 'Maximum') =>
  scope.getByRole('slider', { name: `${end} budget` });

/** Presses `key` `times` times on a budget thumb (focused first), and checks where the thumb ended up. */
export async function pressOn(target: Locator, key: string, times: number, expected: number): Promise<void> {
  await target.focus();
  for (let i = 0; i < times; i++) await target.press(key);
  expect(await target.inputValue()).toBe(String(expected));
  expect(await target.getAttribute('aria-valuetext')).toBe(indianRupees(expected));
}
