/**
 * Prices in the browser (issue 19), on a server of this file's own: its database is prepared here first (the
 * migrations and the catalogue, as the server's first start does) with an editor and a session made straight in
 * it, so the server starts once. The editor records a new, lower price for one variant through the API; that
 * product's page then shows the price history chart, the lowest price in the last 90 days and the table, at
 * 1280 and 360 px, with the keyboard, no console errors (a CSP violation is one) and no serious axe violation.
 * A phone whose price never changed says so in one line.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { rows } from '../src/db/sql.ts';
import { databaseOptions, loadConfig } from '../src/server/config.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { SessionService } from '../src/server/modules/account/sessions.ts';
import { loadContent } from '../src/server/modules/content/bundle.ts';
import { todayInIndia } from '../src/shared/format.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { type RunningServer, newStore, serverEnv, startServer, type Store } from './global-setup.ts';
import { indianRupees, overflowing, waitForHydration } from './helpers.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};

describe.skipIf(!browserAvailable())('price history', () => {
  let store: Store | undefined;
  let server: RunningServer | undefined;
  let base = '';
  let token = '';
  /** A phone with two priced variants: the one whose price the editor changes, and its model. */
  let target: { id: number; price: number; modelId: number };
  /** A phone whose price never changed. */
  let unchanged: number;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    store = await newStore(`verdict_e2e_prices_${process.pid}`);
    const env = { ...serverEnv(inject('webBuildDir'), store), SEED_DEMO: '0' };
    const database = await createDatabase(databaseOptions(loadConfig(env)));
    try {
      await prepareDatabase(database, { seedDemo: false, articles: loadContent().articles });
      const [editor] = await rows<{ id: number }>(
        database.db,
        sql`INSERT INTO users (username, first_name, last_name, email, email_verified_at, role)
          VALUES ('priceeditor', 'Esha', 'Iyer', 'priceeditor@example.com', now(), 'editor') RETURNING id`,
      );
      token = await new SessionService(database.db, systemClock).create(editor!.id);
      const [phone] = await rows<{ id: number; price: number; model_id: number }>(
        database.db,
        sql`SELECT v.id, v.price, p.id AS model_id FROM products p
          JOIN product_variants v ON v.product_id = p.id AND v.id <> p.default_variant_id
          WHERE p.category_id = 'C001' AND NOT p.hidden AND p.variant_count = 2 AND v.price > 2000
          ORDER BY p.id LIMIT 1`,
      );
      target = { id: phone!.id, price: phone!.price, modelId: phone!.model_id };
      const [other] = await rows<{ id: number }>(
        database.db,
        sql`SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden AND id <> ${target.modelId}
          ORDER BY id LIMIT 1`,
      );
      unchanged = other!.id;
    } finally {
      await database.close();
    }
    server = await startServer(env, { timeoutMs: 300_000 });
    base = server.baseURL;
  }, 600_000);

  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await server?.stop();
    await store?.remove();
  });

  async function open(path: string, viewport?: { width: number; height: number }) {
    const s = await openBrowser(viewport);
    sessions.push(s);
    const response = await s.page.goto(base + path);
    expect(response?.status(), `status of ${path}`).toBe(200);
    await waitForHydration(s.page);
    return s;
  }

  const section = (page: Page) => page.locator('section.price-history');

  const lowered = () => target.price - 1000;
  const today = todayInIndia();

  it('an editor records a price through the API; the page shows the chart and the lowest price at 1280 px', async () => {
    const put = (auth?: string) =>
      fetch(`${base}/catalogue/api/v1/variants/${target.id}/price`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
        body: JSON.stringify({ price: lowered(), source: 'Amazon.in', observed_at: today }),
      });
    expect((await put()).status).toBe(401);
    const res = await put(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { variant: { price: number } }).variant.price).toBe(lowered());

    const { page, errors } = await open(`/product/${target.id}`);
    const box = section(page);
    await box.getByRole('heading', { name: 'Price history' }).waitFor();
    expect(await page.locator('.product-price').textContent()).toBe(indianRupees(lowered()));
    expect(await box.locator('.price-history-lowest').textContent()).toMatch(
      new RegExp(`^Lowest in the last 90 days: ${indianRupees(lowered())} on ${shortDate(today)}`),
    );
    const chart = box.getByRole('img', { name: /^Price history chart from 13 Oct 2025 to / });
    await chart.waitFor();
    const size = await chart.boundingBox();
    expect(size!.width).toBeGreaterThan(300);
    expect(size!.height).toBeGreaterThan(100);
    // The selected variant's line is drawn, with a dot for each of its two observations.
    expect(await box.locator('.price-history-selected .price-history-dot').count()).toBe(2);

    // The table opens from the keyboard and lists the new price last.
    const summary = box.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const lastRow = box.locator('tbody tr').last();
    await lastRow.waitFor();
    expect(await lastRow.textContent()).toContain(indianRupees(lowered()));
    expect(await lastRow.textContent()).toContain('Amazon.in');
    expect(await box.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);

    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px screen, with the chart and the table', async () => {
    const { page, errors } = await open(`/product/${target.modelId}`, { width: 360, height: 800 });
    const box = section(page);
    await box.getByRole('img', { name: /^Price history chart/ }).waitFor();
    await box.locator('summary').click();
    await box.locator('tbody tr').last().waitFor();
    expect(await overflowing(page)).toEqual([]);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('says in one line that the price of a phone never changed', async () => {
    const { page } = await open(`/product/${unchanged}`);
    await section(page).getByText('No price changes recorded yet.').waitFor();
    expect(await section(page).locator('svg').count()).toBe(0);
  });
});
