/**
 * The staff screens in Hindi (issue 25), on a server of this file's own (the role is given with the CLI, and
 * with PGlite the CLI needs the server stopped). An admin opens /hi/moderation: the page is in Hindi and
 * axe-clean, and they dismiss a report from the queue with a Hindi reason field, button and toast. They open
 * /hi/catalogue: they find a phone by its id, open it in the editor (Hindi, axe-clean) and save an edit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../src/shared/community-constants.ts';
import { PLATFORM_API } from '../src/shared/constants.ts';
import { browserAvailable, expectAccessible } from './browser.ts';
import { type Card, sawToast } from './helpers.ts';
import type { Member } from './members.ts';
import { ownServer } from './own-server.ts';

const spamming = Number(Object.entries(REPORT_REASONS.review).find(([, l]) => l === 'Spamming')![0]);

describe.skipIf(!browserAvailable())('the staff screens in Hindi', () => {
  const own = ownServer('staff_hindi');
  const { call, newMember, giveRoles, open, go } = own;

  let admin: Member;
  let product: Card;
  const summary = `Call me for the cheapest price ${Date.now()}`;

  beforeAll(async () => {
    const [staff, author, reporter] = await Promise.all([
      newMember('Kavya'),
      newMember('Dev'),
      newMember('Riya'),
    ]);
    admin = staff;
    const { products } = await call<{ products: Card[] }>(
      `${PLATFORM_API}/browse/category/C001?page=2&size=6`,
    );
    product = products[0]!;
    const { review } = await call<{ review: { id: number } }>(
      `${PLATFORM_API}/product/${product.id}/review`,
      {
        token: author.token,
        body: {
          overall: 3,
          build_quality: 3,
          features: 3,
          look_and_feel: 3,
          performance: 3,
          summary,
          description: 'Message me on WhatsApp for a discount on this phone today, best deal anywhere.',
        },
      },
    );
    await call(`${PLATFORM_API}/product/review/report`, {
      token: reporter.token,
      body: { review_id: review.id, reason_id: spamming },
    });
    await giveRoles([[admin, 'admin']]);
  }, 400_000);

  it('moderates in Hindi: dismisses a report from the queue', async () => {
    const { page, errors } = await open(admin);
    await go(page, '/hi/moderation');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('मॉडरेशन');
    expect(await page.title()).toBe('मॉडरेशन · Verdict');
    const card = page.locator('article.mod-item', { hasText: summary });
    await card.waitFor();
    await page.getByRole('heading', { level: 2, name: /^देखने लायक रिपोर्ट/ }).waitFor();
    await card.getByText('स्पैम').waitFor();
    await card.getByRole('heading', { name: 'कार्रवाई करें' }).waitFor();
    await page.getByRole('link', { name: 'ऑडिट लॉग' }).waitFor();
    await expectAccessible(page);

    await card.getByRole('radio', { name: /^रिपोर्ट खारिज करें/ }).check();
    await card.getByLabel('वजह (लेखक इसे देखेगा)').fill('इसमें कुछ गलत नहीं है, यह एक असली रिव्यू है।');
    await card.getByRole('button', { name: 'रिपोर्ट खारिज करें' }).click();
    await sawToast(page, 'रिपोर्ट खारिज कर दी गईं।');
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/Reports to review|Take action|Appeals/);
    expect(errors).toEqual([]);
  });

  it('edits the catalogue in Hindi: finds a phone and saves a change', async () => {
    const { page, errors } = await open(admin);
    await go(page, '/hi/catalogue');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('कैटलॉग');
    await page.getByRole('navigation', { name: 'कैटलॉग' }).getByRole('link', { name: 'मॉडल जोड़ें' }).waitFor();
    await page.getByLabel('मॉडल या वैरिएंट ढूँढें').fill(String(product.id));
    await page.getByRole('button', { name: 'ढूँढें' }).click();
    await page.getByText(/मॉडल मिला।|मॉडल मिले।/).waitFor();
    await expectAccessible(page);
    await page
      .getByRole('link', { name: /^एडिट करें/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/hi/catalogue/models/'));
    await page.getByRole('heading', { level: 2, name: 'जानकारी और स्पेसिफ़िकेशन' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('मॉडल एडिट करें');
    await page.getByRole('heading', { level: 2, name: 'इतिहास' }).waitFor();
    await page.getByRole('table', { name: /के वैरिएंट$/ }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('स्पेसिफ़िकेशन कब जाँचे गए').fill('2026-11-30');
    await page.getByRole('button', { name: 'बदलाव सेव करें' }).click();
    await page.getByText('बदलाव सेव हो गए।').waitFor();
    await page.getByRole('cell', { name: 'मॉडल एडिट किया' }).first().waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(
      /Details and attributes|Save changes|Variants/,
    );
    expect(errors).toEqual([]);
  });
});
