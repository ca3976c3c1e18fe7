/**
 * Corrections from the community in the browser (issue 19), on a server of this file's own (the editor's role is
 * given with the CLI). A verified member suggests a correction on a product page through the dialog; an editor
 * accepts it on /catalogue/corrections; the product page shows the new value and the model's history credits
 * the member. Another member's suggestion is declined, and its reason shows in their My account. Axe on the
 * dialog, the queue and My account; no sideways scroll at 360 px. Signed out, the button asks to sign in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_API } from '../src/shared/constants.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { overflowing, sawToast } from './helpers.ts';
import type { Member } from './members.ts';
import { ownServer } from './own-server.ts';

const CATALOGUE_API = '/catalogue/api/v1';

describe.skipIf(!browserAvailable())('corrections from the community', () => {
  const { call, newMember, giveRoles, open, go } = ownServer('corrections');

  let editor: Member;
  let member: Member;
  let other: Member;
  let modelId = 0;
  const stamp = Date.now().toString(36).replace(/\d/g, '');
  const name = `Corvid${stamp}`;

  beforeAll(async () => {
    [editor, member, other] = await Promise.all([newMember('Asha'), newMember('Ravi'), newMember('Meera')]);
    await giveRoles([[editor, 'editor']]);
    const { model } = await call<{ model: { id: number } }>(`${CATALOGUE_API}/models`, {
      token: editor.token,
      body: {
        category: 'C001',
        brand: 'Corvid',
        model: `${name} Pro`,
        release_date: '2025-01-01',
        attributes: { attribute_13: { v: 'Bluetooth 5.0' }, attribute_3: { v: ['Black'] } },
        variants: [
          { variant: '8 GB + 128 GB', ram_gb: 8, storage_gb: 128 },
          { variant: '12 GB + 256 GB', ram_gb: 12, storage_gb: 256 },
        ],
      },
    });
    modelId = model.id;
  }, 400_000);

  it('a member suggests a correction, an editor accepts it, the page shows it and the history credits the member', async () => {
    const { page, errors } = await open(member);
    await go(page, `/product/${modelId}`);
    await page.getByText('Bluetooth 5.0').first().waitFor();
    await page.getByRole('button', { name: 'Suggest a correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a correction' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    // Sending it empty says what is missing.
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await dialog.getByText('Choose what to correct: an attribute or the price.').waitFor();
    await dialog.getByLabel('What is wrong').selectOption({ label: 'Bluetooth' });
    await dialog.getByLabel('Correct value').fill('Bluetooth 5.3');
    await dialog.getByLabel('Source link').fill('http://maker.example.com/corvid');
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await dialog.getByText(/starting with https:\/\//).waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Source link').fill('https://maker.example.com/corvid');
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await sawToast(page, 'Thanks. An editor will check your correction.');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    const ed = await open(editor);
    await go(ed.page, '/catalogue');
    await ed.page.getByRole('link', { name: 'Corrections' }).click();
    await ed.page.waitForURL((u) => u.pathname === '/catalogue/corrections');
    expect(await ed.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const item = ed.page.locator('li.cat-correction', { hasText: `${name} Pro` });
    await item.waitFor();
    await item.getByText('Bluetooth 5.3').waitFor();
    await item.getByText('Bluetooth 5.0').waitFor();
    await item.getByText(`@${member.username}`).waitFor();
    await expectAccessible(ed.page);
    await item.getByRole('button', { name: /^Accept/ }).click();
    await sawToast(ed.page, 'Correction accepted and applied.');
    await item.waitFor({ state: 'detached' });
    expect(ed.errors).toEqual([]);

    await go(page, `/product/${modelId}`);
    await page.getByText('Bluetooth 5.3').first().waitFor();
    expect(await page.getByText('Bluetooth 5.0').count()).toBe(0);

    await go(ed.page, `/catalogue/models/${modelId}`);
    await ed.page.getByText('Accepted a correction').first().waitFor();
    await ed.page.getByText(`(suggested by @${member.username})`).first().waitFor();

    await go(page, '/my-account');
    const mine = page.locator('section', { has: page.getByRole('heading', { name: /^Your corrections/ }) });
    await mine.getByText('Accepted — thank you').waitFor();
  });

  it('a declined suggestion shows its reason in My account; the screens fit 360 px', async () => {
    const { correction } = await call<{ correction: { id: number } }>(
      `${PLATFORM_API}/product/${modelId}/corrections`,
      {
        token: other.token,
        body: { field: 'attribute_3', value: 'Purple', source_url: 'https://shop.example.com/corvid' },
      },
    );
    const reason = 'The maker lists no purple colour.';

    const ed = await open(editor, { width: 360, height: 800 });
    await go(ed.page, '/catalogue/corrections');
    const item = ed.page.locator('li.cat-correction', { hasText: 'Purple' });
    await item.waitFor();
    expect(await overflowing(ed.page)).toEqual([]);
    await item.getByRole('button', { name: /^Decline/ }).click();
    await item.getByText('Give a reason of 5 to 500 characters: the member will see it.').waitFor();
    await item.getByLabel('Reason to decline').fill(reason);
    await item.getByRole('button', { name: /^Decline/ }).click();
    await sawToast(ed.page, 'Correction declined. The member will see your reason.');
    await item.waitFor({ state: 'detached' });
    expect(ed.errors.filter((e) => !e.includes('400'))).toEqual([]);
    expect(correction.id).toBeGreaterThan(0);

    const { page, errors } = await open(other, { width: 360, height: 800 });
    await go(page, '/my-account');
    const mine = page.locator('section', { has: page.getByRole('heading', { name: /^Your corrections/ }) });
    await mine.getByText(`Reason: ${reason}`).waitFor();
    await mine.getByText('Declined').waitFor();
    await expectAccessible(page);
    expect(await overflowing(page)).toEqual([]);

    await go(page, `/product/${modelId}`);
    await page.getByRole('button', { name: 'Suggest a correction' }).click();
    await page.getByRole('dialog', { name: 'Suggest a correction' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks a visitor to sign in instead of opening the dialog', async () => {
    const s = await open();
    await go(s.page, `/product/${modelId}`);
    await s.page.getByRole('button', { name: 'Suggest a correction' }).click();
    await sawToast(s.page, 'Please sign in to suggest a correction.');
    expect(await s.page.getByRole('dialog').count()).toBe(0);
  });
});
