/** /browse: filters applied through the UI, kept in the URL across a reload, cleared, the 3-attribute limit, categories. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { resultCount, visit, waitForFilters, waitForHydration } from './helpers.ts';

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

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
    await page.getByRole('group', { name: 'Mileage (km/l)' }).waitFor();
    await page.getByRole('group', { name: 'Power (bhp)' }).waitFor();
    await checkbox(page, 'Automatic transmission').waitFor();
    await checkbox(page, 'SUV').waitFor();
    expect(await checkbox(page, '5G').count()).toBe(0);
    expect(await checkbox(page, '8 GB RAM').count()).toBe(0);
    const cars = await resultCount(page);
    expect(cars).toBeGreaterThan(0);
    expect(cars).not.toBe(phones);
    expect(session.errors).toEqual([]);
  });
});
