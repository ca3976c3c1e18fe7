/**
 * Price alerts, muted threads, notification settings and the one-click unsubscribe (issue 23), in the browser,
 * on a server of this file's own. Its database is prepared first (the migrations and the catalogue, as the
 * server's first start does) with an editor and a session made straight in it, so an editor can record prices
 * through the API; members sign up through the API as everywhere else.
 *
 * A member sets a price alert on a phone's page; the editor records a lower price; the member's bell counts it
 * without a reload, /notifications says "Price drop: now ₹…" and My account shows the alert dropped. Signed out,
 * "Set alert" goes to sign in. A member mutes a review's thread from /notifications and hears nothing of the
 * next comment. A kind turned off in the settings stays off over a reload and makes no notice. The daily digest
 * is made to run (the server restarted with the job due; on PostgreSQL its next tick): its signed link
 * unsubscribes in one click as a mail program does (RFC 8058), and from the /unsubscribe page only when its
 * button is pressed; a wrong signature changes nothing. No serious axe violation on /notifications (with its
 * settings) and /unsubscribe.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { rows } from '../src/db/sql.ts';
import { databaseOptions, loadConfig } from '../src/server/config.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { SessionService } from '../src/server/modules/account/sessions.ts';
import { loadContent } from '../src/server/modules/content/bundle.ts';
import { todayInIndia } from '../src/shared/format.ts';
import { KIND_LABELS } from '../src/shared/notification-constants.ts';
import { lastMailTo } from '../src/test/account.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { type RunningServer, newStore, serverEnv, startServer, type Store } from './global-setup.ts';
import { indianRupees, sawToast, waitForHydration } from './helpers.ts';
import { type Member, newMember, signInAs } from './members.ts';

const PLATFORM = '/platform/api/v1';
const NOTIFICATIONS = '/user/api/v1/notifications';
const ALERTS = '/user/api/v1/user/alerts';
const REVIEW = {
  overall: 4,
  build_quality: 4,
  features: 4,
  look_and_feel: 4,
  performance: 4,
  summary: 'Solid phone for the price',
  description: 'Three months in, the battery still lasts a day and the display is bright outdoors.',
};
/** The bell polls every 30 s: a count may take that long, and more on a loaded machine. */
const BELL_MS = 60_000;

type Channel = 'app' | 'email' | 'off';
type Settings = Record<string, Channel>;

describe.skipIf(!browserAvailable())('notification settings, mutes, price alerts and unsubscribe', () => {
  let store: Store | undefined;
  let env: Record<string, string> = {};
  let server: RunningServer | undefined;
  let base = '';
  let editorToken = '';
  /** A phone model with a price, and one of its variants (whose price the editor lowers). */
  let target: { modelId: number; modelPrice: number; variantId: number };
  /** A phone the members review. */
  let reviewed: number;
  const sessions: BrowserSession[] = [];

  /** Runs `fn` on the server's database: on PGlite the server has its files, so it is stopped meanwhile. */
  async function onDatabase<T>(fn: (database: Database) => Promise<T>, restart = true): Promise<T> {
    const stopped = !env.DATABASE_URL && server !== undefined && restart;
    const port = stopped ? Number(new URL(base).port) : 0;
    if (stopped) {
      await server!.stop();
      server = undefined;
    }
    const database = await createDatabase(databaseOptions(loadConfig(env)));
    try {
      return await fn(database);
    } finally {
      await database.close();
      if (stopped) {
        server = await startServer(env, { port, timeoutMs: 300_000 });
        base = server.baseURL;
      }
    }
  }

  beforeAll(async () => {
    store = await newStore(`verdict_e2e_notify_${process.pid}`);
    env = { ...serverEnv(inject('webBuildDir'), store), SEED_DEMO: '0' };
    await onDatabase(async (database) => {
      const { db } = database;
      await prepareDatabase(database, { seedDemo: false, articles: loadContent().articles });
      const [editor] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO users (username, first_name, last_name, email, email_verified_at, role)
          VALUES ('alerteditor', 'Esha', 'Iyer', 'alerteditor@example.com', now(), 'editor') RETURNING id`,
      );
      editorToken = await new SessionService(db, systemClock).create(editor!.id);
      const [phone] = await rows<{ model_id: number; model_price: number; variant_id: number }>(
        db,
        sql`SELECT p.id AS model_id, p.price AS model_price, v.id AS variant_id FROM products p
          JOIN product_variants v ON v.product_id = p.id AND v.price IS NOT NULL
          WHERE p.category_id = 'C001' AND NOT p.hidden AND p.price > 10000
          ORDER BY p.id, v.id LIMIT 1`,
      );
      target = { modelId: phone!.model_id, modelPrice: phone!.model_price, variantId: phone!.variant_id };
      const [other] = await rows<{ id: number }>(
        db,
        sql`SELECT id FROM products WHERE category_id = 'C001' AND NOT hidden AND id <> ${target.modelId}
          ORDER BY id DESC LIMIT 1`,
      );
      reviewed = other!.id;
    }, false);
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

  /** A call to the server: its status and its JSON answer. */
  async function request<T>(
    path: string,
    init: { method?: string; body?: unknown; token?: string; form?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined && init.form === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.form !== undefined ? { body: init.form } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A call that must succeed: its JSON answer. */
  async function call<T>(path: string, init: Parameters<typeof request>[1] = {}): Promise<T> {
    const { status, body } = await request<T>(path, init);
    if (status !== 200 && status !== 201)
      throw new Error(`${init.method ?? 'call'} ${path} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  const member = (firstName: string) => newMember({ firstName, server: { base, dataDir: store!.dataDir } });

  const settingsOf = async (m: Member) =>
    (await call<{ settings: Settings }>(`${NOTIFICATIONS}/settings`, { token: m.token })).settings;

  const unreadOf = async (m: Member) =>
    (await call<{ unread: number }>(`${NOTIFICATIONS}/unread-count`, { token: m.token })).unread;

  /** `author` reviews the phone, `commenter` comments on it: the review's id. */
  async function reviewWithComment(author: Member, commenter: Member, text: string): Promise<number> {
    const { review } = await call<{ review: { id: number } }>(`${PLATFORM}/product/${reviewed}/review`, {
      body: REVIEW,
      token: author.token,
    });
    await comment(commenter, review.id, text);
    return review.id;
  }

  const comment = (who: Member, reviewId: number, text: string) =>
    call(`${PLATFORM}/product/review/${reviewId}/comment`, { body: { text }, token: who.token });

  async function open(m?: Member): Promise<BrowserSession> {
    const s = await openBrowser();
    sessions.push(s);
    if (m) await signInAs(s.page, m);
    return s;
  }

  async function go(page: Page, path: string): Promise<void> {
    const response = await page.goto(base + path);
    expect(response?.status(), `status of ${path}`).toBe(200);
    await waitForHydration(page);
  }

  /**
   * The price alert box of a product page, scrolled to and its code loaded. It is an island that wakes as it
   * comes near the viewport and then replaces the server's HTML, so the scroll is repeated until the live form
   * is there (an element found before the swap is gone after it).
   */
  async function alertBox(page: Page) {
    await page.waitForFunction(
      () => {
        const form = document.querySelector('.price-alert-form');
        form?.closest('.price-alert')?.scrollIntoView({ block: 'center' });
        return !!form && Object.keys(form).some((k) => k.startsWith('__reactProps'));
      },
      undefined,
      { polling: 250 },
    );
    const box = page.getByRole('region', { name: 'Price alert', exact: true });
    await box.getByRole('heading', { name: 'Price alert', exact: true }).scrollIntoViewIfNeeded();
    return box;
  }

  const bell = (page: Page) => page.locator('.top-bar a.bell');
  const bellSays = (page: Page, label: string, timeout = BELL_MS) =>
    page.waitForFunction(
      (want) => document.querySelector('.top-bar a.bell')?.getAttribute('aria-label') === want,
      label,
      { timeout },
    );

  it('a member sets a price alert; an editor records a lower price; the bell, /notifications and My account show it', async () => {
    const asha = await member('Asha');
    // Below today's lowest price, in whole hundreds; the editor's price goes below that.
    const below = Math.floor((target.modelPrice * 0.9) / 100) * 100;
    const lowered = below - 500;
    const { page, errors } = await open(asha);
    await go(page, `/product/${target.modelId}`);
    await bellSays(page, 'Notifications');

    const box = await alertBox(page);
    await box.getByLabel('Tell me when it drops below (₹)').fill(String(below));
    await box.getByRole('button', { name: 'Set alert' }).click();
    await box.getByText(`You will hear when it drops below ${indianRupees(below)}.`).waitFor();
    await sawToast(page, `drops below ${indianRupees(below)}.`);
    await box.getByRole('button', { name: 'Change alert' }).waitFor();
    const { alerts } = await call<{
      alerts: { product_id: number; below: number; fired_at: string | null }[];
    }>(ALERTS, { token: asha.token });
    expect(alerts).toEqual([expect.objectContaining({ product_id: target.modelId, below, fired_at: null })]);

    // An editor records a lower price for one of its variants.
    const put = await request<{ variant: { price: number } }>(
      `/catalogue/api/v1/variants/${target.variantId}/price`,
      {
        method: 'PUT',
        body: { price: lowered, source: 'Amazon.in', observed_at: todayInIndia() },
        token: editorToken,
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.variant.price).toBe(lowered);

    // The bell counts it on this page, without a reload.
    await bellSays(page, 'Notifications, 1 unread');
    expect(await bell(page).locator('.bell-count').textContent()).toBe('1');

    await bell(page).click();
    await page.waitForURL(/\/notifications$/);
    const item = page.locator('.notification').first();
    await item.waitFor();
    const link = item.getByRole('link');
    const title = (await link.textContent()) ?? '';
    expect(title.startsWith('Price drop: now ₹'), title).toBe(true);
    expect(title).toBe(`Price drop: now ${indianRupees(lowered)}`);
    expect(await link.getAttribute('href')).toBe(`/product/${target.modelId}`);
    expect(await item.locator('blockquote').textContent()).toBe(
      `Below your alert of ${indianRupees(below)}.`,
    );
    // A price has no thread to mute.
    expect(await item.getByRole('button', { name: /Mute this thread/ }).count()).toBe(0);

    // My account lists the alert, dropped today.
    await go(page, '/my-account');
    const mine = page.getByRole('region', { name: /^Price alerts/ });
    const row = mine.locator('li').first();
    await row.waitFor();
    expect(await mine.locator('li').count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`below ${indianRupees(below)}`);
    expect(text).toContain(`today ${indianRupees(lowered)}`);
    expect(text).toMatch(/dropped on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/product/${target.modelId}`);
    expect(errors).toEqual([]);
  }, 300_000);

  it('signed out, Set alert goes to sign in, to come back to the phone', async () => {
    const { page } = await open();
    await go(page, `/product/${target.modelId}`);
    const box = await alertBox(page);
    await box.getByLabel('Tell me when it drops below (₹)').fill('1000');
    await box.getByRole('button', { name: 'Set alert' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/product/${target.modelId}`);
    await sawToast(page, 'Please sign in to set a price alert.');
  }, 120_000);

  it('mutes a review thread from /notifications: the next comment makes no notice', async () => {
    const [asha, bala] = [await member('Asha'), await member('Bala')];
    const reviewId = await reviewWithComment(asha, bala, 'Which charger do you use?');
    expect(await unreadOf(asha)).toBe(1);

    const { page, errors } = await open(asha);
    await go(page, '/notifications');
    const item = page.locator('.notification', { hasText: 'Bala Sharma commented on your review' });
    await item.waitFor();
    const mute = item.getByRole('button', { name: 'Mute this thread' });
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await mute.click();
    await sawToast(page, 'Muted. You will not hear about this thread again.');
    await item.locator('button[aria-pressed="true"]', { hasText: 'Mute this thread' }).waitFor();

    // Bala comments again: Asha hears nothing of it.
    await comment(bala, reviewId, 'And does it charge fast?');
    expect(await unreadOf(asha)).toBe(1);
    const list = await call<{ unread: number; items: { title: string; muted: boolean }[] }>(NOTIFICATIONS, {
      token: asha.token,
    });
    expect(list.unread).toBe(1);
    expect(list.items.map((n) => [n.title, n.muted])).toEqual([
      ['Bala Sharma commented on your review', true],
    ]);

    // The mute holds over a reload, and the page (its list and its settings) has no serious axe violation.
    await go(page, '/notifications');
    await page.getByRole('heading', { name: /^1 unread/ }).waitFor();
    await item.locator('button[aria-pressed="true"]', { hasText: 'Mute this thread' }).waitFor();
    await page.getByRole('region', { name: 'Notification settings' }).getByRole('combobox').first().waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  }, 300_000);

  it('turns a kind off in the settings: saved, kept over a reload, and no notice of it comes', async () => {
    const [chitra, dev] = [await member('Chitra'), await member('Dev')];
    const { page, errors } = await open(chitra);
    await go(page, '/notifications');
    const settings = page.getByRole('region', { name: 'Notification settings' });
    const selects = settings.getByRole('combobox');
    await selects.first().waitFor();
    // One select per kind, named by its label alone (not its options).
    const select = (label: string) => settings.getByRole('combobox', { name: label, exact: true });
    expect(await selects.count()).toBe(Object.keys(KIND_LABELS).length);
    for (const label of Object.values(KIND_LABELS)) expect(await select(label).count(), label).toBe(1);
    const comments = select('Comments on my reviews');
    expect(await comments.inputValue()).toBe('app');
    expect(
      await comments.locator('option').evaluateAll((options) => options.map((o) => o.textContent)),
    ).toEqual(['In the app', 'In the app and by email (a daily digest)', 'Off']);

    await comments.selectOption({ label: 'Off' });
    await sawToast(page, 'Your notification settings are saved.');
    const saved = await settingsOf(chitra);
    expect(saved.comment).toBe('off');
    expect(Object.entries(saved).filter(([, c]) => c !== 'app')).toEqual([['comment', 'off']]);

    await page.reload();
    await waitForHydration(page);
    await settings.getByRole('combobox').first().waitFor();
    expect(await comments.inputValue()).toBe('off');
    await expectAccessible(page);

    // Off means off: a comment on her review makes no notice.
    await reviewWithComment(chitra, dev, 'Great summary, thanks.');
    expect(await unreadOf(chitra)).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);

  it('the daily digest’s signed link unsubscribes in one click, and from its page only when asked', async () => {
    const [esha, farhan] = [await member('Esha'), await member('Farhan')];
    expect(
      (
        await call<{ settings: Settings }>(`${NOTIFICATIONS}/settings`, {
          method: 'PUT',
          body: { comment: 'email' },
          token: esha.token,
        })
      ).settings.comment,
    ).toBe('email');
    await reviewWithComment(esha, farhan, 'How is the camera at night?');
    expect(await unreadOf(esha)).toBe(1);

    // A made-up signature is refused (and the server has its signing secret from now on).
    const forged = await request<{ code: string }>(`${NOTIFICATIONS}/unsubscribe?u=1&s=${'A'.repeat(43)}`, {
      form: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('BAD_UNSUBSCRIBE');

    // The digest runs (hourly) as if an hour had passed: its job is made due.
    const { userId, secret } = await onDatabase(async ({ db }) => {
      await db.execute(sql`UPDATE scheduled_jobs SET next_run_at = now() WHERE name = 'notification-digest'`);
      const [user] = await rows<{ id: number }>(
        db,
        sql`SELECT id FROM users WHERE username = ${esha.username}`,
      );
      const [key] = await rows<{ value: string }>(
        db,
        sql`SELECT value FROM app_secrets WHERE name = 'unsubscribe-hmac'`,
      );
      return { userId: user!.id, secret: key?.value };
    });
    expect(secret, 'the unsubscribe secret, made on first use').toBeTruthy();
    const mail = await digestTo(esha.email);
    expect(mail.text).toContain('Farhan Sharma commented on your review');
    const signature = createHmac('sha256', secret!).update(`unsubscribe:${userId}`).digest('base64url');
    const query = `u=${userId}&s=${signature}`;
    // The page a person opens from the mail, and the one-click URL a mail program POSTs to.
    expect(mail.text).toContain(`Unsubscribe from these emails in one click: ${base}/unsubscribe?${query}`);
    expect(mail.headers['list-unsubscribe']).toBe(`<${base}${NOTIFICATIONS}/unsubscribe?${query}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // (a) A mail program's one-click POST, without signing in.
    const oneClick = await request<{ success: boolean }>(`${NOTIFICATIONS}/unsubscribe?${query}`, {
      form: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body.success).toBe(true);
    expect((await settingsOf(esha)).comment).toBe('app');

    // (b) The page from the mail, signed out: opening it changes nothing, its button unsubscribes.
    const setEmail = () =>
      call(`${NOTIFICATIONS}/settings`, { method: 'PUT', body: { comment: 'email' }, token: esha.token });
    await setEmail();
    const { page, errors } = await open();
    await go(page, `/unsubscribe?${query}`);
    await page.getByRole('heading', { name: 'Unsubscribe', exact: true }).waitFor();
    const button = page.getByRole('button', { name: 'Unsubscribe from emails' });
    await button.waitFor();
    expect((await settingsOf(esha)).comment).toBe('email');
    await expectAccessible(page);
    await button.click();
    await page.getByText('You are unsubscribed. We will not email you notifications any more.').waitFor();
    expect((await settingsOf(esha)).comment).toBe('app');
    await expectAccessible(page);

    // (c) A wrong signature: the page says so, and nothing changes.
    await setEmail();
    const wrong = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    await go(page, `/unsubscribe?u=${userId}&s=${wrong}`);
    await page.getByRole('button', { name: 'Unsubscribe from emails' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'This unsubscribe link is not valid. Sign in to change your notification settings.',
      })
      .waitFor();
    expect(await page.getByText('You are unsubscribed.').count()).toBe(0);
    expect((await settingsOf(esha)).comment).toBe('email');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  }, 600_000);

  /**
   * The digest mailed to `to` (its text, and its headers by lower-case name), waited for: on PGlite the server
   * has just restarted with the job due, on PostgreSQL the job waits for the scheduler's next tick (15 s).
   */
  async function digestTo(to: string): Promise<{ text: string; headers: Record<string, string> }> {
    const dir = join(store!.dataDir, 'outbox');
    for (let waited = 0; waited <= 90_000; waited += 250) {
      const last = lastMailTo(store!.dataDir, to);
      if (last && /Verdict notification/.test(last.subject)) {
        const raw = readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .filter((m) => m.includes(to) && /^List-Unsubscribe:/im.test(m))
          .at(-1);
        if (!raw) throw new Error(`the digest to ${to} has no List-Unsubscribe header`);
        const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const headers = Object.fromEntries(
          head.split(/\r?\n/).map((line) => {
            const at = line.indexOf(':');
            return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
          }),
        );
        return { text: last.text, headers };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no digest mailed to ${to}`);
  }
});
