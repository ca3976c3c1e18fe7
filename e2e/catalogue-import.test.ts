/**
 * The bulk import in the browser (issue 19), on a server of this file's own (the role is given with the CLI,
 * and with PGlite the CLI needs the server stopped). An editor opens "Import a file" from /catalogue, uploads a
 * CSV, sees what it would change, applies it, and the new phone is on its page and in search; a bad file is
 * refused with its file:row:field lines. axe finds nothing serious; the screen fits 360 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_API } from '../src/shared/constants.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { overflowing } from './helpers.ts';
import type { Member } from './members.ts';
import { ownServer } from './own-server.ts';

const FILE_LABEL = 'File (JSON or CSV, at most 2 MB)';

describe.skipIf(!browserAvailable())('catalogue bulk import', () => {
  const own = ownServer('import');
  const { newMember, giveRoles, open, go } = own;
  let editor: Member;
  const stamp = Date.now().toString(36).replace(/\d/g, '');
  const name = `Quorra${stamp}`;

  const upload = (page: Page, fileName: string, text: string) =>
    page
      .getByLabel(FILE_LABEL)
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text) });

  const csv = [
    'category,brand,model,variant,ram_gb,storage_gb,release_date,status,price,price_source,price_observed_on,attribute_12',
    `C001,Quorra,${name} 5G,8 GB + 128 GB,8,128,2026-11-01,available,21999,Quorra store,2026-11-01,Android 16`,
    `C001,Quorra,${name} 5G,12 GB + 256 GB,12,256,,,25999,Quorra store,2026-11-01,Android 16`,
  ].join('\n');

  beforeAll(async () => {
    editor = await newMember('Meera');
    await giveRoles([[editor, 'editor']]);
  }, 400_000);

  it('an editor uploads a CSV, checks it, applies it; the phone is on its page and in search', async () => {
    const { page, errors } = await open(editor);
    await go(page, '/catalogue');
    await page.getByRole('link', { name: 'Import a file' }).click();
    await page.waitForURL((u) => u.pathname === '/catalogue/import');
    await page.getByLabel(FILE_LABEL).waitFor();
    await expectAccessible(page);

    // Checking with no file says so, under the field.
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Choose a JSON or CSV file to import.').waitFor();

    await upload(page, 'phones.csv', csv);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'What phones.csv would change' }).waitFor();
    await page.getByText(`add model C001 Quorra ${name} 5G ("8 GB + 128 GB", "12 GB + 256 GB")`).waitFor();
    await page.getByText('1 model added, 0 variants added, 0 fields changed, 2 prices recorded').waitFor();
    await expectAccessible(page);
    // Nothing changed yet.
    const before = await fetch(
      `${own.base}${PLATFORM_API}/search?searchQuery=${encodeURIComponent(name)}&page=0`,
    );
    expect(((await before.json()) as { products: unknown[] }).products).toEqual([]);

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'Imported phones.csv' }).waitFor();
    await expectAccessible(page);

    // Checking the same file again: nothing left to change.
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Nothing to change: the catalogue already says what the file says.').waitFor();
    expect(errors).toEqual([]);

    const found = await fetch(
      `${own.base}${PLATFORM_API}/search?searchQuery=${encodeURIComponent(name)}&page=0`,
    );
    const products = ((await found.json()) as { products: { id: number }[] }).products;
    expect(products.length).toBe(1);
    await go(page, `/product/${products[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
  });

  it('a bad file is refused with file:row:field lines; the screen fits 360 px', async () => {
    const { page } = await open(editor, { width: 360, height: 800 });
    await go(page, '/catalogue/import');
    await page.getByLabel(FILE_LABEL).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await upload(
      page,
      'bad.csv',
      'category,brand,model,ram_gb\nC001,Quorra,Broken phone with a long name,lots',
    );
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'The file was not imported' }).waitFor();
    await page.getByText('bad.csv:2:ram_gb: RAM must be a number of GB.').waitFor();
    await expectAccessible(page);
    expect(await overflowing(page)).toEqual([]);

    await upload(page, 'phones.csv', csv.replace(/21999/, '20999'));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'What phones.csv would change' }).waitFor();
    await page.getByText(/^price Quorra .* 8 GB \+ 128 GB: ₹21999 → ₹20999/).waitFor();
    expect(await overflowing(page)).toEqual([]);
  });
});
