/**
 * The editors' screens in the browser (issue 19), on a server of this file's own (the role is given with the
 * CLI, and with PGlite the CLI needs the server stopped). An editor finds Catalogue in the user menu, adds a
 * phone launched this month with two variants (keyboard and axe on the way), and it appears in search, browse and
 * its own page. A duplicate listing with a review is merged into it: the review moves and the old address answers
 * 301. The listing is hidden (404) and restored. The screens fit 360 px.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_API } from '../src/shared/constants.ts';
import { formatPrice, todayInIndia } from '../src/shared/format.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { overflowing, sawToast } from './helpers.ts';
import { type Member, userMenuButton } from './members.ts';
import { ownServer } from './own-server.ts';
const CATALOGUE_API = '/catalogue/api/v1';

describe.skipIf(!browserAvailable())('catalogue editing', () => {
  const own = ownServer('catalogue');
  const { call, newMember, giveRoles, open, go } = own;

  let editor: Member;
  let reviewer: Member;
  let admin: Member;
  const stamp = Date.now().toString(36).replace(/\d/g, '');
  const name = `Vireo${stamp}`;
  const now = new Date();
  const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
  let keptId = 0;

  beforeAll(async () => {
    [editor, reviewer, admin] = await Promise.all([newMember('Asha'), newMember('Ravi'), newMember('Meera')]);
    await giveRoles([
      [editor, 'editor'],
      [admin, 'admin'],
    ]);
  }, 400_000);

  it('an editor adds a phone launched this month with two variants; it shows in search, browse and its page', async () => {
    const { page, errors } = await open(editor);
    await go(page, '/home');
    await userMenuButton(page).click();
    const item = page.getByRole('menuitem', { name: 'Catalogue' });
    await item.waitFor();
    await item.click();
    await page.waitForURL((u) => u.pathname === '/catalogue');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByLabel('Find a model or variant').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add a model' }).click();
    await page.waitForURL((u) => u.pathname === '/catalogue/new');
    await page.getByLabel('Brand').waitFor();
    // Sending the empty form says what is missing.
    await page.getByRole('button', { name: 'Create model' }).click();
    await page.locator('[role="alert"]').first().waitFor();
    await page.getByLabel('Brand').fill('Vireo');
    await page.getByLabel('Model name').fill(`${name} 5G`);
    await page.getByLabel('Release date').fill(thisMonth);
    await page.getByLabel('Phone status').selectOption('available');
    await page.getByLabel('Variant 1 label').fill('8 GB + 128 GB');
    await page.getByLabel('RAM (GB)').first().fill('8');
    await page.getByLabel('Storage (GB)').first().fill('128');
    // The second variant by keyboard: the button, then the new row's fields.
    await page.getByRole('button', { name: 'Add another variant' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Variant 2 label').fill('12 GB + 256 GB');
    await page.getByLabel('RAM (GB)').nth(1).fill('12');
    await page.getByLabel('Storage (GB)').nth(1).fill('256');
    await page.getByLabel('Battery', { exact: true }).fill('6000');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create model' }).click();
    await page.waitForURL((u) => /^\/catalogue\/models\/\d+$/.test(u.pathname));
    await page.getByText('Model created.').waitFor();
    keptId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('cell', { name: '12 GB', exact: true }).waitFor();
    await expectAccessible(page);
    // The one refusal was the empty form's (400), on purpose.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);

    const found = await call<{ products: { id: number }[] }>(
      `${PLATFORM_API}/search?searchQuery=${encodeURIComponent(`vireo ${name}`)}&page=0`,
    );
    expect(found.products.length).toBe(1);
    const browse = await call<{ products: { id: number }[] }>(
      `${PLATFORM_API}/browse/category/C001?sort=newest&size=20`,
    );
    expect(browse.products.map((p) => p.id)).toContain(found.products[0]!.id);
    await go(page, `/product/${keptId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
    expect(await page.getByText('6,000 mAh').count()).toBeGreaterThan(0);
  });

  it('adds two photos with the photo manager and records two prices with the price form; the page and the history show them', async () => {
    const { page, errors } = await open(editor);
    await go(page, `/catalogue/models/${keptId}`);

    // Two photos in one upload; the second is moved up by keyboard and becomes the product image.
    const photos = page.getByRole('region', { name: /^Photos of / });
    const image = (background: string, format: 'jpeg' | 'png') =>
      sharp({ create: { width: 900, height: 1200, channels: 3, background } })
        [format]()
        .toBuffer();
    await photos.getByLabel('Add photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await image('#1f6f8b', 'jpeg') },
      { name: 'back.png', mimeType: 'image/png', buffer: await image('#c0392b', 'png') },
    ]);
    await photos.getByRole('button', { name: 'Upload' }).click();
    const second = photos.getByRole('img', { name: 'Photo 2 of 2', exact: true });
    await second.waitFor();
    const back = await second.getAttribute('src');
    await photos.getByRole('button', { name: 'Move photo 2 up' }).focus();
    await page.keyboard.press('Enter');
    const productImage = photos.getByRole('img', { name: 'Photo 1 of 2 (product image)' });
    await expect.poll(() => productImage.getAttribute('src')).toBe(back);
    const photoId = Number(/\/images\/photos\/(\d+)-/.exec(back ?? '')?.[1]);
    expect(photoId).toBeGreaterThan(0);
    await expectAccessible(page);

    // Two prices for the first variant: an older one, then today's lower one.
    const ago = new Date(`${todayInIndia()}T00:00:00Z`);
    ago.setUTCDate(ago.getUTCDate() - 20);
    const earlier = ago.toISOString().slice(0, 10);
    const priceForm = page.getByRole('region', { name: 'Price of 8 GB + 128 GB' });
    for (const [price, source, seen] of [
      [27_999, 'Flipkart', earlier],
      [24_999, 'Amazon.in', todayInIndia()],
    ] as const) {
      // The form closes after each price it records.
      await page.getByRole('button', { name: 'Set price of 8 GB + 128 GB' }).click();
      await priceForm.getByLabel('Price (₹)').fill(String(price));
      await priceForm.getByLabel('Where it was seen').fill(source);
      await priceForm.getByLabel('Seen on').fill(seen);
      await priceForm.getByRole('button', { name: 'Record price' }).click();
      await sawToast(page, `Price recorded: 8 GB + 128 GB is now ${formatPrice(price)}.`);
      await priceForm.waitFor({ state: 'detached' });
    }
    await page.getByRole('cell', { name: formatPrice(24_999), exact: true }).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);

    // The product page: the photo is its image, and the history chart has both prices.
    await expect
      .poll(
        async () => {
          await go(page, `/product/${keptId}`);
          return page.locator('.product-hero picture img').getAttribute('src');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(`/images/photos/${photoId}-900.webp`); // no size wider than the 900 px original
    const history = page.locator('section.price-history');
    await history.getByRole('img', { name: /^Price history chart/ }).waitFor();
    expect(await history.locator('.price-history-selected .price-history-dot').count()).toBe(2);
    expect(await history.locator('.price-history-lowest').textContent()).toMatch(
      new RegExp(`^Lowest in the last 90 days: ${formatPrice(24_999)}`),
    );

    // An admin sees each change in the catalogue's history, with who made it.
    const staff = await open(admin);
    await go(staff.page, '/catalogue/history');
    const table = staff.page.getByRole('region', { name: 'The catalogue’s changes, newest first' });
    for (const what of ['Set a price', 'Added a photo', 'Reordered the photos'])
      await table
        .getByRole('row', { name: new RegExp(`@${editor.username} ${what}`) })
        .first()
        .waitFor();
    await expectAccessible(staff.page);
    expect(staff.errors).toEqual([]);
  });

  it('merges a duplicate listing into it: its review moves and its old address answers 301', async () => {
    const { model: dup } = await call<{ model: { id: number } }>(`${CATALOGUE_API}/models`, {
      token: editor.token,
      body: {
        category: 'C001',
        brand: 'Vireo',
        model: `${name} Dup`,
        release_date: thisMonth,
        variants: [{ variant: '8 GB + 128 GB', ram_gb: 8, storage_gb: 128 }],
      },
    });
    await call(`${PLATFORM_API}/product/${dup.id}/review`, {
      token: reviewer.token,
      body: {
        overall: 4,
        build_quality: 4,
        features: 4,
        look_and_feel: 4,
        performance: 4,
        summary: 'Solid battery, bright screen',
        description: 'Two days of battery with normal use, and the screen is easy to read outdoors.',
      },
    });

    const { page, errors } = await open(editor);
    await go(page, `/catalogue/models/${dup.id}`);
    await page.getByRole('heading', { name: 'Merge into another model' }).waitFor();
    const search = page.getByLabel('Find the model to keep');
    await search.fill(String(keptId));
    await search.press('Enter');
    await page.getByRole('button', { name: new RegExp(`^Keep this one: Vireo ${name} 5G`) }).click();
    await page.getByRole('heading', { name: /^Merge Vireo .* into Vireo/ }).waitFor();
    await page.getByText('1 reviews, 0 questions and 0 upvotes move', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Merge them' }).click();
    await page.waitForURL((u) => u.pathname === `/catalogue/models/${keptId}`);
    await page.getByText(/^Merged into/).waitFor();
    expect(errors).toEqual([]);

    const moved = await fetch(`${own.base}/product/${dup.id}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toMatch(new RegExp(`/product/${keptId}$`));
    await go(page, `/product/${keptId}`);
    await page.getByRole('heading', { name: 'Solid battery, bright screen' }).waitFor();
  });

  it('hides the listing (404 on the site) and restores it; fits 360 px', async () => {
    const { page, errors } = await open(editor, { width: 360, height: 800 });
    await go(page, `/catalogue/models/${keptId}`);
    await page.getByRole('heading', { name: 'Listing' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide the listing' }).click();
    await page.getByText('Choose why it is hidden: rumoured, wrong or duplicate.').waitFor();
    await page.getByRole('radio', { name: /^Wrong/ }).check();
    await page.getByRole('button', { name: 'Hide the listing' }).click();
    await page.getByText('The model is hidden.').waitFor();
    expect((await fetch(`${own.base}/product/${keptId}`)).status).toBe(404);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Restore the listing' }).click();
    await page.getByText('The model is listed again.').waitFor();
    expect((await fetch(`${own.base}/product/${keptId}`)).status).toBe(200);
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
