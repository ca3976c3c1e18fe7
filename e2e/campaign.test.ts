/**
 * The pre-launch campaign in the browser (issue 7). On the shared server, where CP001 is inactive, /user-campaign
 * shows its page: the feedback form's validation (messages after leaving a field, Send disabled until valid),
 * the slider by keyboard, sending (the thanks card at once, the toast about 2 s later, the card again after a
 * reload) and axe. Then a server of this file's own, with CP001 switched on by the CLI around today's date in
 * India: every page is the campaign page, without the app's navigation, and its form works there.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CAMPAIGN_RATING_KEY } from '../src/shared/campaign.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { type RunningServer, newStore, serverEnv, startServer, type Store } from './global-setup.ts';
import { sawToast, toast, visit, waitForHydrationOf } from './helpers.ts';

const run = promisify(execFile);
const CAMPAIGN_TITLE = 'Verdict is coming: tell us what you think';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYY-MM-DD in India (Asia/Kolkata), `offset` days from today there. */
function indiaDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/** 2024-09-30 → '30 Sep 2024', as the campaign page writes its dates. */
function campaignDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

const form = (page: Page) => page.locator('form.campaign-form');
const slider = (page: Page) => page.getByRole('slider', { name: 'How helpful would Verdict be for you?' });
const sliderOutput = (page: Page) => page.locator('output.campaign-slider-value');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send feedback' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: false }).first();
const firstName = (page: Page) => form(page).getByRole('textbox', { name: /^First name/ });
const lastName = (page: Page) => form(page).getByRole('textbox', { name: /^Last name/ });
const email = (page: Page) => form(page).getByRole('textbox', { name: /^Email/ });
const errorsShown = (page: Page) => form(page).locator('.field-error').allTextContents();
const thanks = (page: Page) => page.getByRole('region', { name: 'Thank you!' });

/** Moves the slider with the keyboard to `value` (from wherever it is: End, then ArrowLeft in tenths). */
async function slideTo(page: Page, value: number): Promise<void> {
  await slider(page).focus();
  await page.keyboard.press('End');
  for (let v = 50; v > Math.round(value * 10); v--) await page.keyboard.press('ArrowLeft');
  expect(await slider(page).getAttribute('aria-valuetext')).toBe(`${value.toFixed(1)} out of 5`);
}

/** Fills the form with valid answers. */
async function fillValid(page: Page, who = 'Priya'): Promise<void> {
  await firstName(page).fill(who);
  await lastName(page).fill('Nair');
  await email(page).fill(`${who.toLowerCase()}.${Date.now()}@example.com`);
  await field(page, 'City').fill('Kochi');
  await field(page, 'Comment').fill('I would use it before every phone I buy.');
}

/**
 * Sends the filled form, and checks the thanks card replaces slider and form at once, while the toast comes
 * about 2 s later (times taken in the page, when each appears in the DOM).
 */
async function sendAndThank(page: Page, rating: number): Promise<void> {
  await page.evaluate((message) => {
    const times: { thanks?: number; toast?: number } = {};
    (window as unknown as { campaignTimes: typeof times }).campaignTimes = times;
    new MutationObserver(() => {
      const now = performance.now();
      if (times.thanks === undefined && document.querySelector('.campaign-thanks')) times.thanks = now;
      if (
        times.toast === undefined &&
        Array.from(document.querySelectorAll('.toast')).some((t) => t.textContent?.includes(message))
      )
        times.toast = now;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, CAMPAIGN_MESSAGES.submitted);
  const sent = page.waitForResponse((r) => r.url().endsWith('/platform/api/v1/submit-campaign'));
  await sendButton(page).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ rating, campaignId: 'CP001' });

  await thanks(page).waitFor();
  // Right after sending: the card, and no toast yet.
  expect(await toast(page, CAMPAIGN_MESSAGES.submitted).count()).toBe(0);
  expect(await thanks(page).locator('p').first().textContent()).toBe(
    `You rated Verdict ${rating.toFixed(1)} out of 5.`,
  );
  expect(await form(page).count()).toBe(0);
  expect(await slider(page).count()).toBe(0);
  // The card's heading takes focus.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Thank you!');

  await sawToast(page, CAMPAIGN_MESSAGES.submitted, 6_000);
  const times = await page.evaluate(
    () => (window as unknown as { campaignTimes: { thanks: number; toast: number } }).campaignTimes,
  );
  const delay = times.toast - times.thanks;
  expect(delay, `toast ${Math.round(delay)} ms after the thanks card`).toBeGreaterThanOrEqual(1_800);
  expect(delay).toBeLessThan(3_500);
  const stored = await page.evaluate((key) => localStorage.getItem(key), CAMPAIGN_RATING_KEY);
  expect(JSON.parse(stored!)).toEqual({ campaignId: 'CP001', rating });
}

describe.skipIf(!browserAvailable())('campaign', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });
  const open = async () => (session = await openBrowser());

  describe('/user-campaign on the shared server (CP001 inactive)', () => {
    it('keeps Send disabled until valid, with each message shown once its field is left', async () => {
      const { page, errors } = await open();
      await visit(page, '/user-campaign');
      // An inactive campaign does not replace the app: the page sits under the usual top bar.
      expect(await page.locator('.top-bar').count()).toBe(1);
      expect(await page.title()).toBe(`${CAMPAIGN_TITLE} · Verdict`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Verdict is coming to India');
      expect((await page.locator('.campaign-dates').innerText()).replace(/\s+/g, ' ')).toBe(
        'Campaign CP001 · 30 Sep 2024 to 1 Nov 2024',
      );
      expect(await field(page, 'Country').inputValue()).toBe('India');
      expect(await sendButton(page).isDisabled()).toBe(true);
      expect(await errorsShown(page)).toEqual([]);

      // Leaving each required field empty shows its message, in turn.
      await firstName(page).focus();
      await page.keyboard.press('Tab');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.firstName]);
      await page.keyboard.press('Tab');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.firstName, CAMPAIGN_MESSAGES.lastName]);
      expect(await email(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await errorsShown(page)).toEqual([
        CAMPAIGN_MESSAGES.firstName,
        CAMPAIGN_MESSAGES.lastName,
        CAMPAIGN_MESSAGES.emailRequired,
      ]);
      expect(await firstName(page).getAttribute('aria-invalid')).toBe('true');
      expect(await sendButton(page).isDisabled()).toBe(true);

      // Some fields valid: still disabled.
      await firstName(page).fill('Priya');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.lastName, CAMPAIGN_MESSAGES.emailRequired]);
      await lastName(page).fill('Nair');
      expect(await sendButton(page).isDisabled()).toBe(true);
      await email(page).fill('priya.nair@');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.emailInvalid]);
      expect(await sendButton(page).isDisabled()).toBe(true);
      await email(page).fill('priya.nair@example');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.emailInvalid]);
      expect(await sendButton(page).isDisabled()).toBe(true);

      // All valid (the optional fields left as they are): enabled.
      await email(page).fill('priya.nair@example.com');
      expect(await errorsShown(page)).toEqual([]);
      expect(await sendButton(page).isEnabled()).toBe(true);
      // Spaces alone are not a name.
      await lastName(page).fill('   ');
      expect(await errorsShown(page)).toEqual([CAMPAIGN_MESSAGES.lastName]);
      expect(await sendButton(page).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    });

    it('moves the slider with the keyboard, in tenths from 0 to 5, and shows the value', async () => {
      const { page } = await open();
      await visit(page, '/user-campaign');
      const s = slider(page);
      expect(await s.inputValue()).toBe('2.5');
      expect(await sliderOutput(page).textContent()).toBe('2.5 / 5');
      expect(await s.getAttribute('aria-valuetext')).toBe('2.5 out of 5');
      expect([
        await s.getAttribute('min'),
        await s.getAttribute('max'),
        await s.getAttribute('step'),
      ]).toEqual(['0', '5', '0.1']);

      await s.focus();
      const check = async (key: string, times: number, value: string) => {
        for (let i = 0; i < times; i++) await page.keyboard.press(key);
        expect(await s.inputValue(), `after ${key}×${times}`).toBe(value);
        expect(await sliderOutput(page).textContent()).toBe(`${Number(value).toFixed(1)} / 5`);
        expect(await s.getAttribute('aria-valuetext')).toBe(`${Number(value).toFixed(1)} out of 5`);
      };
      await check('ArrowRight', 1, '2.6');
      await check('ArrowUp', 4, '3');
      await check('ArrowLeft', 3, '2.7');
      await check('End', 1, '5');
      await check('ArrowRight', 1, '5');
      await check('Home', 1, '0');
      await check('ArrowLeft', 1, '0');
      await check('ArrowRight', 3, '0.3');
    });

    it('sends the feedback: the thanks card at once, the toast about 2 s later, and the card after a reload', async () => {
      const { page, errors } = await open();
      await visit(page, '/user-campaign');
      await fillValid(page);
      await slideTo(page, 4.2);
      await sendAndThank(page, 4.2);

      await page.reload();
      await waitForHydrationOf(page, '.top-bar a.logo');
      await thanks(page).waitFor();
      expect(await thanks(page).textContent()).toContain('You rated Verdict 4.2 out of 5.');
      expect(await form(page).count()).toBe(0);
      // A returning visitor's card does not take focus.
      expect(await page.evaluate(() => document.activeElement?.textContent)).not.toBe('Thank you!');
      expect(errors).toEqual([]);
    });

    it('has no serious or critical axe violations, also with the messages shown', async () => {
      const { page } = await open();
      await visit(page, '/user-campaign');
      await expectAccessible(page);
      await firstName(page).focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      await email(page).fill('nope');
      await email(page).blur();
      expect((await errorsShown(page)).length).toBe(3);
      await expectAccessible(page);
    });
  });

  describe('with CP001 switched on (a server of its own)', () => {
    let store: Store | undefined;
    let server: RunningServer | undefined;
    let env: Record<string, string>;
    const start = indiaDay(-1);
    const end = indiaDay(1);
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli/campaign.ts', 'CP001', ...args], { env });

    beforeAll(async () => {
      store = await newStore(`verdict_e2e_campaign_${process.pid}`);
      env = serverEnv(inject('webBuildDir'), store);
      // Before the server starts: with PGlite, one process at a time owns the data directory.
      const { stdout } = await cli('--active', '--start', start, '--end', end);
      expect(stdout.trim()).toBe(
        `CP001 (India): active, ${start} to ${end}; it replaces the whole site now.`,
      );
      server = await startServer(env, { timeoutMs: 150_000 });
    }, 200_000);
    afterAll(async () => {
      await server?.stop();
      await store?.remove();
    });

    it('shows the campaign page instead of every page, without the navigation, and takes feedback there', async () => {
      const base = server!.baseURL;
      const { page, errors } = await open();
      for (const path of ['/home', '/browse', '/product/1', '/articles']) {
        const response = await page.goto(base + path);
        expect(response?.status(), path).toBe(200);
        await waitForHydrationOf(page, 'form.campaign-form');
        expect(await page.title(), path).toBe(CAMPAIGN_TITLE);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
          'Verdict is coming to India',
        );
        expect((await page.locator('.campaign-dates').innerText()).replace(/\s+/g, ' ')).toBe(
          `Campaign CP001 · ${campaignDate(start)} to ${campaignDate(end)}`,
        );
        expect(await page.locator('.top-bar').count(), path).toBe(0);
        expect(await page.getByRole('navigation').count(), path).toBe(0);
        expect(await page.locator('footer').count(), path).toBe(0);
        expect(await page.locator('#product-name').count()).toBe(0);
      }
      // Not for search engines, from the first HTML on; the JSON API keeps working (the form posts to it).
      const html = await (await fetch(`${base}/home`)).text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('rel="canonical"');
      expect((await fetch(`${base}/platform/api/v1/product/1`)).status).toBe(200);

      // The form works on the page that replaced /product/1.
      await page.goto(`${base}/product/1`);
      await waitForHydrationOf(page, 'form.campaign-form');
      expect(await sendButton(page).isDisabled()).toBe(true);
      await fillValid(page, 'Arjun');
      await slideTo(page, 3.7);
      await sendAndThank(page, 3.7);
      // Another page of the app, after a reload: the same campaign page, with the card.
      await page.goto(`${base}/browse`);
      await waitForHydrationOf(page, '.campaign');
      await thanks(page).waitFor();
      expect(await thanks(page).textContent()).toContain('You rated Verdict 3.7 out of 5.');
      expect(errors).toEqual([]);
    });

    // On PostgreSQL the CLI can switch a running server's campaign (PGlite's files belong to the server).
    it.skipIf(!process.env.DATABASE_URL)(
      'switched off while the server runs, the app is back within about 5 seconds',
      async () => {
        const base = server!.baseURL;
        const { stdout } = await cli('--inactive');
        expect(stdout).toContain('CP001 (India): inactive');
        const switched = Date.now();
        await expect
          .poll(async () => (await (await fetch(`${base}/home`)).text()).includes('class="top-bar"'), {
            timeout: 10_000,
            interval: 250,
          })
          .toBe(true);
        expect(Date.now() - switched).toBeLessThan(7_000);
      },
    );
  });
});
