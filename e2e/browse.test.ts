/**
 * /browse: filters applied through the UI, kept in the URL across a reload, cleared, the 3-attribute limit,
 * categories, and the prime attribute sliders (battery and camera for phones), with and without JavaScript.
 */
import { chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  type BrowserSession,
  browserAvailable,
  CHROMIUM,
  expectAccessible,
  openBrowser,
} from './browser.ts';
import {
  api,
  type Card,
  cardIds,
  indianRupees,
  resultCount,
  visit,
  waitForFilters,
  waitForHydration,
  waitForHydrationOf,
} from './helpers.ts';

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });

interface PrimeRange {
  name: string;
  unit: string;
  step: number;
  all: { min: number; max: number };
}

/** The phone ranges from the API, and each slider's ends: the whole range rounded outward to the step. */
async function phoneRanges() {
  const body = await api<{ prime_attribute_1: PrimeRange; prime_attribute_2: PrimeRange }>(
    '/product/C001/get-brands?getPrimeAttributeRanges=true',
  );
  const ends = (r: PrimeRange) => ({
    ...r,
    lo: Math.floor(r.all.min / r.step) * r.step,
    hi: Math.ceil(r.all.max / r.step) * r.step,
  });
  return { battery: ends(body.prime_attribute_1), camera: ends(body.prime_attribute_2) };
}

/** A range input as the browser has it now; name is '' when the field has none (so it is not submitted). */
const sliderState = (s: Locator) =>
  s.evaluate((i: HTMLInputElement) => ({
    min: Number(i.min),
    max: Number(i.max),
    step: Number(i.step),
    value: Number(i.value),
    name: i.name,
    valuetext: i.getAttribute('aria-valuetext'),
  }));

/** '5,000 mAh': Indian digit grouping (from the helper, without its rupee sign) and the unit. */
const withUnit = (n: number, unit: string) => `${indianRupees(n).slice(1)} ${unit}`;

const PRIME_KEYS = ['prime1Min', 'prime1Max', 'prime2Min', 'prime2Max'] as const;

/**
 * Waits until the URL sets exactly these prime attribute limits, and the page shows what the API returns for
 * them: the same total and the same cards in the same order. Returns the cards.
 */
async function waitForPrimes(page: Page, want: Partial<Record<(typeof PRIME_KEYS)[number], number>>) {
  await page.waitForURL(
    (u) =>
      u.pathname === '/browse' &&
      PRIME_KEYS.every((k) => u.searchParams.get(k) === (want[k] === undefined ? null : String(want[k]))),
  );
  const search = new URLSearchParams(
    Object.entries(want).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const expected = await api<{ total: number; products: Card[] }>(`/browse/category/C001?${search}`);
  const ids = expected.products.map((p) => p.id);
  await page.waitForFunction(
    ({ total, ids }) => {
      const heading = document.querySelector('#results-heading')?.textContent ?? '';
      const shown = [...document.querySelectorAll('section.results a.card-link')].map((a) =>
        Number(/^\/product\/(\d+)$/.exec(a.getAttribute('href') ?? '')?.[1]),
      );
      return Number(heading.replace(/\D/g, '')) === total && shown.join(',') === ids.join(',');
    },
    { total: expected.total, ids },
  );
  return ids;
}

/** The product's value of prime attribute 1 or 2, from the product API. */
async function primeValue(id: number, which: 1 | 2): Promise<number | null> {
  const { product } = await api<{
    product: Record<'prime_attribute_1' | 'prime_attribute_2', { value: number | null }>;
  }>(`/product/${id}`);
  return product[`prime_attribute_${which}`].value;
}

/**
 * visit, then wait for the filter form's own code: it is an island that wakes once the browser is idle, which a
 * loaded machine puts off, and until then the sliders are the server's markup (both ends named, nothing applied
 * when a key comes up).
 */
async function visitWithSliders(page: Page, path: string) {
  await visit(page, path);
  await waitForHydrationOf(page, '#browse-filters');
}

/** Which element has focus, by its accessible label. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe.skipIf(!browserAvailable())('browse page', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session?.close());

  it('applies two filters from the UI, keeps them over a reload, and Clear all resets them', async () => {
    const { page } = session;
    await visit(page, '/browse');
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(12);

    await checkbox(page, '5G').check();
    await waitForFilters(page, { features: ['5g'] });
    const with5g = await resultCount(page);
    expect(with5g).toBeGreaterThan(0);
    expect(with5g).toBeLessThan(all);

    await checkbox(page, '8 GB RAM').check();
    await waitForFilters(page, { features: ['5g'], attributes: ['ram_8'] });
    const both = await resultCount(page);
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(with5g);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('features')).toEqual(['5g']);
    expect(url.searchParams.getAll('attributes')).toEqual(['ram_8']);

    await page.reload();
    await waitForHydration(page);
    expect(page.url()).toBe(url.href);
    expect(await checkbox(page, '5G').isChecked()).toBe(true);
    expect(await checkbox(page, '8 GB RAM').isChecked()).toBe(true);
    expect(await resultCount(page)).toBe(both);

    await page.getByRole('link', { name: 'Clear all', exact: true }).click();
    await waitForFilters(page, {});
    expect(new URL(page.url()).search).toBe('');
    expect(await resultCount(page)).toBe(all);
    expect(await checkbox(page, '5G').isChecked()).toBe(false);
    expect(await checkbox(page, '8 GB RAM').isChecked()).toBe(false);
    expect(session.errors).toEqual([]);
  });

  it('allows at most 3 attributes: the third disables the rest, and unchecking one enables them again', async () => {
    const { page } = session;
    await visit(page, '/browse');
    const picks = [
      ['8 GB RAM', 'ram_8'],
      ['128 GB storage', 'storage_128'],
      ['Android', 'os_android'],
    ] as const;
    const attributes = page.getByRole('group', { name: 'Attributes' }).getByRole('checkbox');
    const states = () =>
      attributes.evaluateAll((boxes) =>
        (boxes as HTMLInputElement[]).map((b) => ({ checked: b.checked, disabled: b.disabled })),
      );

    for (const [i, [name]] of picks.entries()) {
      await checkbox(page, name).check();
      await waitForFilters(page, { attributes: picks.slice(0, i + 1).map(([, id]) => id) });
      // Below the limit nothing is disabled.
      if (i < 2)
        expect(
          (await states()).some((s) => s.disabled),
          `after ${i + 1} attributes`,
        ).toBe(false);
    }
    const now = await states();
    expect(now.length).toBeGreaterThan(3);
    expect(now.filter((s) => s.checked).length).toBe(3);
    // Every unchecked attribute is disabled; the three checked ones stay enabled so they can be turned off.
    expect(now.filter((s) => !s.checked).every((s) => s.disabled)).toBe(true);
    expect(now.filter((s) => s.checked).every((s) => !s.disabled)).toBe(true);
    expect(await checkbox(page, '16 GB RAM').isDisabled()).toBe(true);
    await page.getByText('You can select up to 3 attributes.').waitFor();

    await checkbox(page, 'Android').uncheck();
    await waitForFilters(page, { attributes: ['ram_8', 'storage_128'] });
    expect(await checkbox(page, '16 GB RAM').isDisabled()).toBe(false);
    expect((await states()).some((s) => s.disabled)).toBe(false);
    expect(session.errors).toEqual([]);
  });

  it('choosing Cars makes it the only category and shows the car filters', async () => {
    const { page } = session;
    await visit(page, '/browse');
    const phones = await resultCount(page);
    await checkbox(page, '5G').check();
    await waitForFilters(page, { features: ['5g'] });

    await page.getByRole('radio', { name: 'Cars', exact: true }).check();
    await waitForFilters(page, { category: 'C002' });
    // The category replaces every other filter: only category=C002 is left in the URL.
    expect(new URL(page.url()).search).toBe('?category=C002');
    await page.getByRole('heading', { level: 1, name: 'Browse cars' }).waitFor();
    const category = page.getByRole('group', { name: 'Category' });
    expect(await category.getByRole('radio', { name: 'Cars' }).isChecked()).toBe(true);
    expect(await category.getByRole('radio', { name: 'Mobile Devices' }).isChecked()).toBe(false);
    expect(await category.getByRole('radio', { name: 'Motorbikes' }).isChecked()).toBe(false);

    // Car filters replace phone filters.
    await page.getByRole('group', { name: 'Mileage', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Power', exact: true }).waitFor();
    await checkbox(page, 'Automatic transmission').waitFor();
    await checkbox(page, 'SUV').waitFor();
    expect(await checkbox(page, '5G').count()).toBe(0);
    expect(await checkbox(page, '8 GB RAM').count()).toBe(0);
    const cars = await resultCount(page);
    expect(cars).toBeGreaterThan(0);
    expect(cars).not.toBe(phones);
    expect(session.errors).toEqual([]);
  });

  it('shows battery and camera sliders over the API ranges, rounded to their steps, with no filter set', async () => {
    const { page } = session;
    const { battery, camera } = await phoneRanges();
    expect(battery).toMatchObject({ name: 'Battery', unit: 'mAh', step: 500 });
    expect(camera).toMatchObject({ name: 'Main camera', unit: 'MP', step: 10 });
    await visitWithSliders(page, '/browse');
    await page.getByRole('group', { name: 'Battery', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Main camera', exact: true }).waitFor();

    for (const [label, r] of [
      ['battery', battery],
      ['main camera', camera],
    ] as const) {
      const lo = await sliderState(slider(page, `Minimum ${label}`));
      const hi = await sliderState(slider(page, `Maximum ${label}`));
      for (const s of [lo, hi]) expect(s).toMatchObject({ min: r.lo, max: r.hi, step: r.step });
      expect(r.lo).toBeLessThanOrEqual(r.all.min);
      expect(r.hi).toBeGreaterThanOrEqual(r.all.max);
      // Untouched: each thumb at its end, shown with the unit, and no field name (so no filter is submitted).
      expect(lo).toMatchObject({ value: r.lo, name: '', valuetext: withUnit(r.lo, r.unit) });
      expect(hi).toMatchObject({ value: r.hi, name: '', valuetext: withUnit(r.hi, r.unit) });
    }
    expect(
      await page.getByRole('group', { name: 'Battery', exact: true }).locator('output').textContent(),
    ).toBe(`${withUnit(battery.lo, 'mAh')} – ${withUnit(battery.hi, 'mAh')}`);
    expect(session.errors).toEqual([]);
  });

  it('applies a battery minimum set with the keyboard when the key is released, and keeps focus on the thumb', async () => {
    const { page } = session;
    const { battery } = await phoneRanges();
    await visitWithSliders(page, '/browse');
    const all = await resultCount(page);
    const minimum = slider(page, 'Minimum battery');
    await minimum.focus();

    // Held down: the thumb moves three steps, but nothing applies until the key comes up.
    for (let i = 0; i < 3; i++) await page.keyboard.down('ArrowRight');
    const moved = battery.lo + 3 * battery.step;
    expect(await sliderState(minimum)).toMatchObject({
      value: moved,
      name: 'prime1Min',
      valuetext: withUnit(moved, 'mAh'),
    });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).searchParams.has('prime1Min')).toBe(false);
    await page.keyboard.up('ArrowRight');

    const ids = await waitForPrimes(page, { prime1Min: moved });
    expect(moved % 500).toBe(0);
    const filtered = await resultCount(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids)
      expect(await primeValue(id, 1), `battery of product ${id}`).toBeGreaterThanOrEqual(moved);
    // The slider was not rebuilt under the user: the thumb still has focus, at the applied value.
    expect(await focusedLabel(page)).toBe('Minimum battery');
    expect((await sliderState(minimum)).value).toBe(moved);

    // Page Up moves further, by whole steps, and applies on its own key release.
    await page.keyboard.press('PageUp');
    const paged = (await sliderState(minimum)).value;
    expect(paged).toBeGreaterThan(moved);
    expect(paged % 500).toBe(0);
    for (const id of await waitForPrimes(page, { prime1Min: paged }))
      expect(await primeValue(id, 1), `battery of product ${id}`).toBeGreaterThanOrEqual(paged);
    expect(await focusedLabel(page)).toBe('Minimum battery');
    expect(session.errors).toEqual([]);
  });

  it('applies a camera maximum dragged with the mouse when the thumb is let go, even off the track', async () => {
    const { page } = session;
    const { camera } = await phoneRanges();
    // The thumb's box is read from the form React has taken over, the one the drag below is made on.
    await visitWithSliders(page, '/browse');
    const maximum = slider(page, 'Maximum main camera');
    const box = (await maximum.boundingBox())!;
    const y = box.y + box.height / 2;
    // The thumb sits at the right end of its input; drag it to about the middle, then let go below the track.
    await page.mouse.move(box.x + box.width - 10, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y, { steps: 8 });
    const dragged = (await sliderState(maximum)).value;
    expect(dragged).toBeLessThan(camera.hi);
    expect(dragged).toBeGreaterThan(camera.lo);
    expect(dragged % 10).toBe(0);
    expect(new URL(page.url()).searchParams.has('prime2Max')).toBe(false);
    await page.mouse.move(box.x + box.width / 2, y + 120, { steps: 4 });
    await page.mouse.up();
    for (const id of await waitForPrimes(page, { prime2Max: dragged }))
      expect(await primeValue(id, 2), `camera of product ${id}`).toBeLessThanOrEqual(dragged);
    expect(session.errors).toEqual([]);
  });

  it('keeps the thumbs from crossing, keeps slider values over a reload, and Clear all resets them', async () => {
    const { page } = session;
    const { battery, camera } = await phoneRanges();
    await visitWithSliders(page, '/browse');
    const all = await resultCount(page);
    const minimum = slider(page, 'Minimum battery');
    const maximum = slider(page, 'Maximum battery');

    await maximum.focus();
    await page.keyboard.press('ArrowLeft');
    await waitForPrimes(page, { prime1Max: battery.hi - 500 });
    await page.keyboard.press('ArrowLeft');
    const top = battery.hi - 1000;
    await waitForPrimes(page, { prime1Max: top });

    // End on the minimum stops at the maximum, Home on the maximum stops at the minimum.
    await minimum.focus();
    await page.keyboard.press('End');
    expect((await sliderState(minimum)).value).toBe(top);
    await waitForPrimes(page, { prime1Min: top, prime1Max: top });
    await maximum.focus();
    await page.keyboard.press('Home');
    expect((await sliderState(maximum)).value).toBe(top);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).searchParams.get('prime1Max')).toBe(String(top));

    // Camera too: its minimum up one step of 10.
    const cameraMin = slider(page, 'Minimum main camera');
    await cameraMin.focus();
    await page.keyboard.press('ArrowRight');
    await waitForPrimes(page, { prime1Min: top, prime1Max: top, prime2Min: camera.lo + 10 });
    const url = page.url();

    await page.reload();
    await waitForHydrationOf(page, '#browse-filters');
    expect(page.url()).toBe(url);
    expect(await sliderState(minimum)).toMatchObject({ value: top, name: 'prime1Min' });
    expect(await sliderState(maximum)).toMatchObject({ value: top, name: 'prime1Max' });
    expect(await sliderState(cameraMin)).toMatchObject({
      value: camera.lo + 10,
      name: 'prime2Min',
      valuetext: withUnit(camera.lo + 10, 'MP'),
    });
    expect(await sliderState(slider(page, 'Maximum main camera'))).toMatchObject({
      value: camera.hi,
      name: '',
    });

    await page.getByRole('link', { name: 'Clear all', exact: true }).click();
    await waitForPrimes(page, {});
    expect(new URL(page.url()).search).toBe('');
    expect(await resultCount(page)).toBe(all);
    expect(await sliderState(minimum)).toMatchObject({ value: battery.lo, name: '' });
    expect(await sliderState(maximum)).toMatchObject({ value: battery.hi, name: '' });
    expect(await sliderState(cameraMin)).toMatchObject({ value: camera.lo, name: '' });
    expect(session.errors).toEqual([]);
  });

  it('has no serious or critical axe violations with the sliders set, at desktop width and at 360 px', async () => {
    const { page } = session;
    const { battery } = await phoneRanges();
    await visit(page, `/browse?prime1Min=${battery.lo + 1000}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await visit(page, `/browse?prime1Min=${battery.lo + 1000}`);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await slider(page, 'Minimum battery').waitFor();
      await expectAccessible(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no sideways scrolling at 360 px',
      ).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(session.errors).toEqual([]);
  });

  it('without JavaScript, a moved slider is submitted with the form', async () => {
    const { battery } = await phoneRanges();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL() });
      const page = await context.newPage();
      await page.goto('/browse');
      const minimum = slider(page, 'Minimum battery');
      await minimum.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await Promise.all([
        page.waitForURL((u) => u.searchParams.has('prime1Min')),
        page.getByRole('button', { name: 'Apply', exact: true }).click(),
      ]);
      const params = new URL(page.url()).searchParams;
      expect(params.get('prime1Min')).toBe(String(battery.lo + 1000));
      // Every product with a battery fits under the untouched maximum, which the form submits as its end.
      expect(params.get('prime1Max')).toBe(String(battery.hi));
      expect((await sliderState(minimum)).value).toBe(battery.lo + 1000);
      params.delete('category');
      const expected = await api<{ total: number }>(`/browse/category/C001?${params}`);
      expect(await resultCount(page)).toBe(expected.total);
      for (const id of await cardIds(page.locator('section.results')))
        expect(await primeValue(id, 1)).toBeGreaterThanOrEqual(battery.lo + 1000);
    } finally {
      await browser.close();
    }
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    describe(`at ${viewport.width} px`, () => {
      const small = viewport.width < 768;
      const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
      // By name, so the fields can still be read once Enter has closed the small-screen panel over them.
      const budget = (page: Page, end: 'Min' | 'Max') => page.locator(`input[name="budget${end}"]`);
      /** The address and both budget fields (null when the page shows none, such as an error). */
      const typed = (page: Page) =>
        page.evaluate(() => {
          const value = (name: string) =>
            document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? null;
          return { search: location.search, min: value('budgetMin'), max: value('budgetMax') };
        });
      const WANT = { search: '?budgetMin=20000&budgetMax=40000', min: '20000', max: '40000' };

      beforeAll(() => session.page.setViewportSize(viewport));
      afterAll(() => session.page.setViewportSize({ width: 1280, height: 900 }));

      it('typing a budget at full speed loses no keystroke: Min, Tab, Max, Enter', async () => {
        const { page } = session;
        await visit(page, '/browse');
        if (small) await filtersButton(page).click();
        await budget(page, 'Min').click();
        await page.keyboard.type('20000');
        await page.keyboard.press('Tab');
        await page.keyboard.type('40000');
        await page.keyboard.press('Enter');
        await expect.poll(() => typed(page), { timeout: 15_000 }).toEqual(WANT);

        // The results for Min (applied on leaving it) arriving while Max is being typed take nothing from it.
        await visit(page, '/browse');
        if (small) await filtersButton(page).click();
        await budget(page, 'Min').click();
        await page.keyboard.type('20000');
        await page.keyboard.press('Tab');
        await page.keyboard.type('4');
        await page.waitForURL((u) => u.search === '?budgetMin=20000');
        await page.waitForFunction(() => document.querySelector('section.results')?.ariaBusy === 'false');
        await page.keyboard.type('0000');
        await page.keyboard.press('Enter');
        await expect.poll(() => typed(page), { timeout: 15_000 }).toEqual(WANT);
        expect(session.errors).toEqual([]);
      });

      it(
        small
          ? 'Apply closes the filter panel and moves focus to the results heading; Escape closes it too'
          : 'the filters stay beside the results after Apply and Escape',
        async () => {
          const { page } = session;
          await visit(page, '/browse');
          const filters = page.getByRole('form', { name: 'Filters' });
          if (small) {
            expect(await filters.isVisible()).toBe(false);
            await filtersButton(page).click();
          }
          await checkbox(page, '5G').check();
          await waitForFilters(page, { features: ['5g'] });
          // A filter applies at once; the panel stays open for more.
          expect(await filters.isVisible()).toBe(true);
          await page.getByRole('button', { name: 'Apply', exact: true }).click();
          if (small) {
            await filters.waitFor({ state: 'hidden' });
            expect(await filtersButton(page).getAttribute('aria-expanded')).toBe('false');
            await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results-heading');
            const heading = await page.locator('#results-heading').boundingBox();
            expect(heading!.y).toBeGreaterThanOrEqual(0);
            expect(heading!.y + heading!.height).toBeLessThanOrEqual(viewport.height);

            // Escape from inside the open panel closes it, and focus goes back to the Filters button.
            await filtersButton(page).click();
            await checkbox(page, 'NFC').focus();
            await page.keyboard.press('Escape');
            await filters.waitFor({ state: 'hidden' });
            await expect
              .poll(() => page.evaluate(() => document.activeElement?.textContent))
              .toMatch(/^Filters/);
          } else {
            await checkbox(page, 'NFC').focus();
            await page.keyboard.press('Escape');
            expect(await filters.isVisible()).toBe(true);
          }
          expect(session.errors).toEqual([]);
        },
      );
    });
  }
});
