/**
 * No English interface text on a Hindi page (issue 25: "a test fails on any untranslated key"). Catalogue parity
 * is checked by src/web/i18n/catalogues.test.ts; this catches what never reached a catalogue: a string written in
 * English in a component, or an English message made by the server. Every visitor page is opened under /hi in
 * Chromium, after hydration and with its lazy sections loaded, and its visible text, its accessible names
 * (aria-label, alt, title, placeholder, option texts) and its title are read. Any run of Latin letters left after
 * taking out what is rightly not Hindi fails the test, naming the page and the text.
 *
 * What is rightly not Hindi, structurally first:
 * - text inside an element whose `lang` is not Hindi: an article's body (lang="en"), the language switch's
 *   "English" (lang="en"), and text written by users (lang="": its language is unknown, as the HTML spec puts it);
 * - text inside translate="no": names of people (a member's name, a username), which are never translated;
 * - code (<code>), never prose;
 * then by data, from the API: brand, model, series and variant names, specification values, articles' titles and
 * authors, the campaign's code and country; then by form: email addresses, URLs and the site's paths, @handles,
 * and quotations (a visitor's search, an example to type); and last a short list of tokens, ALLOWED below, each
 * with its reason. It fails on a <p>Hello</p> added to any of these pages (checked by doing it once).
 * Staff screens (/catalogue*, /moderation*) are not visitor pages and are left out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_API } from '../src/shared/constants.ts';
import { budgetPath, versusPath } from '../src/shared/discovery.ts';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { api, type Card, homeData, productDetail, type ProductDetail, waitForHydration } from './helpers.ts';
import { type Member, newMember, postAs, signInAs } from './members.ts';

/**
 * Latin words that are Hindi pages' own, each for a reason. Units and specification tokens are written in Latin
 * letters in Hindi too (Amazon.in and Flipkart's Hindi pages do so); the site's own names are names.
 */
const ALLOWED = new Set([
  // The site's names (brand names, never translated).
  'Verdict',
  'ReviewPass',
  // Google, a brand: 'sign in with Google'.
  'Google',
  // A key's name, as printed on keyboards ('press Enter').
  'Enter',
  // Units of memory, battery, camera, screen and processor, written so in Hindi too.
  'GB',
  'TB',
  'MB',
  'mAh',
  'MP',
  'Hz',
  'GHz',
  'nm',
  'mm',
  'kg',
  'km',
  'kmpl',
  'cc',
  'bhp',
  'Nm',
  'ppi',
  'nits',
  // Technology and standard names, written so in Hindi too (as Amazon.in and Flipkart's Hindi pages do).
  'RAM',
  'CPU',
  'GPU',
  'GPS',
  'UPI',
  'CAPTCHA',
  'JPEG',
  'PNG',
  'WebP',
  // Operating systems, a filter's options: product names.
  'Android',
  'iOS',
  // Names of companies and data sets the help and legal pages credit: the catalogue's sources, the payment
  // provider, the sentiment word list, the password hash (argon2id).
  'Smartprix',
  'GSMArena',
  'MobileDokan',
  'GitHub',
  'Razorpay',
  'AFINN',
  'argon',
  'id',
  'AMOLED',
  'OLED',
  'LCD',
  'LTPO',
  'NFC',
  'USB',
  'eSIM',
  'SIM',
  'IP',
  'Wi',
  'Fi',
  // Abbreviations the Hindi texts use as such: thousands and lakhs in short prices (₹1.2K), the rupee sign's code.
  'INR',
]);

/** Where a text was found on the page, for the failure message. */
interface Found {
  text: string;
  where: string;
}

/** What the page shows: texts and accessible names not marked as rightly not Hindi, and the texts so marked. */
interface Collected {
  found: Found[];
  /**
   * The texts of marked elements (what members wrote, names, articles): the page's title and an accessible name
   * may quote them (a review's page is titled with its summary), so they are taken out of those too.
   */
  marked: string[];
}

/** In the page: every visible text and accessible name, apart from what is marked as rightly not Hindi. */
function collect(): Collected {
  const found: Found[] = [];
  const isMarker = (e: Element): boolean => {
    if (e.getAttribute('translate') === 'no') return true;
    const lang = e.getAttribute('lang');
    return lang !== null && e !== document.documentElement && !lang.toLowerCase().startsWith('hi');
  };
  const marked = (el: Element | null): boolean => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      if (isMarker(e)) return true;
      // Code (a cookie's name in the privacy policy) is not prose in any language.
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'CODE'].includes(e.tagName)) return true;
    }
    return false;
  };
  const whereOf = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const cls = typeof e.className === 'string' ? e.className.trim().split(/\s+/)[0] : '';
      parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : cls ? `.${cls}` : ''));
    }
    return parts.join(' > ');
  };
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent?.trim();
    if (!el || !text || marked(el) || !visible(el)) continue;
    found.push({ text, where: whereOf(el) });
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (marked(el) || !visible(el)) continue;
    for (const name of ['aria-label', 'aria-description', 'aria-valuetext', 'alt', 'title', 'placeholder']) {
      const value = el.getAttribute(name)?.trim();
      if (value) found.push({ text: value, where: `${whereOf(el)} [${name}]` });
    }
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type) && el.value)
      found.push({ text: el.value, where: `${whereOf(el)} [value]` });
    if (el instanceof HTMLSelectElement)
      for (const option of el.options)
        if (!marked(option) && option.text.trim())
          found.push({ text: option.text.trim(), where: `${whereOf(el)} > option` });
  }
  found.push({ text: document.title, where: 'title' });
  const markedTexts = [...document.body.querySelectorAll('*')]
    .filter(isMarker)
    .flatMap((e) => [e.textContent?.trim() ?? '', e.getAttribute('alt')?.trim() ?? ''])
    .filter((t) => t.length > 0);
  return { found, marked: markedTexts };
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** A member's handle (@username), shown beside their name. */
const HANDLE = /@[\w.-]+/g;
const URL_TEXT = /\bhttps?:\/\/\S+|\b[\w-]+(\.[\w-]+)*\.(com|in|org|net)(\/\S*)?/g;

/**
 * Something quoted (“galaxy”, "but"): a visitor's own search, an example of what to type, or English words the
 * help pages mention (the review analysis looks for "but" and "however"): mentioned, not the page's words.
 */
const QUOTED = /“[^”]*”|"[^"]*"/g;
/** An address of the site written in a text (/compare?ids=12,34,56). */
const SITE_PATH = /(^|\s)\/[\w-]+(\?[\w=,&]+)?/g;

/** `text` without each whole-word occurrence of `name`, case aside (a search example writes 'galaxy s24'). */
function without(text: string, name: string): string {
  const lower = text.toLowerCase();
  const wanted = name.toLowerCase();
  let out = '';
  let from = 0;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    const before = lower[at - 1] ?? ' ';
    const after = lower[at + wanted.length] ?? ' ';
    if (/[a-z0-9]/.test(before) || /[a-z0-9]/.test(after) || at < from) continue;
    out += `${text.slice(from, at)} `;
    from = at + wanted.length;
  }
  return out + text.slice(from);
}

/** The English left in `text` once data names, emails, URLs and allowed tokens are out: empty when none. */
function englishIn(text: string, names: readonly string[]): string[] {
  const latin = (s: string) => (s.match(/[A-Za-z]+/g) ?? []).filter((w) => w.length > 1 && !ALLOWED.has(w));
  let s = text
    .replace(EMAIL, ' ')
    .replace(URL_TEXT, ' ')
    .replace(HANDLE, ' ')
    .replace(QUOTED, ' ')
    .replace(SITE_PATH, ' ');
  if (latin(s).length === 0) return [];
  let lower = s.toLowerCase();
  for (const name of names)
    if (lower.includes(name.toLowerCase())) {
      s = without(s, name);
      lower = s.toLowerCase();
    }
  return latin(s);
}

/** A Hindi catalogue's message (placeholders left as they are), to find a button by its Hindi name. */
function hindi(namespace: string, key: string): string {
  const file = join(import.meta.dirname, '../src/web/i18n/locales/hi', `${namespace}.json`);
  const message = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[key];
  if (message === undefined) throw new Error(`no message ${namespace}.${key}`);
  return message;
}

/** Scrolls through the page, so each lazy section (an island loaded near the viewport) renders. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = () => new Promise((done) => setTimeout(done, 150));
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, document.body.scrollHeight);
    await pause();
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
}

interface Context {
  phone: ProductDetail;
  compared: ProductDetail[];
  reviewPath: string;
  reviewer: string;
  article: string;
  helpPage: string;
}

interface SweptPage {
  name: string;
  path: (c: Context) => string;
  status?: number;
  /** Opened by a signed-in member. */
  member?: boolean;
  /** What to do on the page before reading it (open a form or dialog); waits for what it opened. */
  act?: (page: Page) => Promise<void>;
  /** The page has no top bar to wait for (hydration is then waited for on this). */
  ready?: string;
}

/** A phone's sections: the reviews and questions sections are islands, loaded as they come into view. */
const onProduct = (then: (page: Page) => Promise<void>) => async (page: Page) => {
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await then(page);
};

/** Every visitor page, in Hindi: add a page here and the sweep reads it. */
const PAGES: SweptPage[] = [
  { name: 'landing', path: () => '/' },
  { name: 'about', path: () => '/about' },
  { name: 'home', path: () => '/home' },
  {
    name: 'browse with filters open',
    path: () => '/browse?features=5g&attributes=ram_8&budgetMax=40000',
    act: async (page) => {
      const open = page.locator('.filters-toggle, button[aria-controls="filters"]').first();
      if (await open.isVisible()) await open.click();
    },
  },
  { name: 'product (reviews, questions, photos, price history)', path: (c) => `/product/${c.phone.id}` },
  { name: 'review', path: (c) => c.reviewPath },
  { name: 'profile', path: (c) => `/profile/${c.reviewer}` },
  { name: 'search', path: () => '/search' },
  { name: 'search results', path: () => '/search/galaxy' },
  { name: 'compare', path: (c) => `/compare?ids=${c.compared.map((p) => p.id).join(',')}` },
  { name: 'versus', path: (c) => versusPath(c.compared.slice(0, 2)) },
  { name: 'brand', path: () => '/brand/samsung' },
  { name: 'budget list', path: () => budgetPath(20_000) },
  { name: 'most viewed', path: () => '/most-viewed-products' },
  { name: 'most reviewed', path: () => '/most-reviewed-products' },
  { name: 'most upvoted', path: () => '/most-upvoted-products' },
  {
    name: 'recommendations',
    path: () => '/product-recommendation',
    member: true,
    act: async (page) => {
      await page.locator('.recommendation-list, .recommendations .empty').first().waitFor();
    },
  },
  { name: 'articles', path: () => '/articles' },
  { name: 'an article', path: (c) => c.article },
  { name: 'help center', path: () => '/help-center' },
  { name: 'a help page', path: (c) => c.helpPage },
  ...['corporate', 'terms-of-service', 'privacy-policy', 'community-guidelines', 'how-reviews-work'].map(
    (p) => ({ name: p, path: () => `/${p}` }),
  ),
  { name: 'transparency', path: () => '/transparency' },
  { name: 'review-pass', path: () => '/review-pass' },
  { name: 'user-campaign', path: () => '/user-campaign' },
  { name: 'sign-in', path: () => '/sign-in' },
  { name: 'sign-up', path: () => '/sign-in?mode=sign-up' },
  { name: 'forgot password', path: () => '/initiate-forgot-password' },
  { name: 'create-new-password', path: () => '/create-new-password/not-a-real-token' },
  { name: 'email-verification', path: () => '/email-verification' },
  { name: 'page-not-found', path: () => '/page-not-found', status: 404 },
  { name: 'internal-server-error', path: () => '/internal-server-error', status: 500 },
  // Signed in.
  { name: 'my-account', path: () => '/my-account', member: true },
  { name: 'user-profile', path: () => '/user-profile', member: true },
  { name: 'notifications', path: () => '/notifications', member: true },
  { name: 'delete-my-account', path: () => '/delete-my-account', member: true },
  {
    name: 'review form',
    path: (c) => `/product/${c.phone.id}`,
    member: true,
    act: onProduct(async (page) => {
      await page
        .locator('#reviews')
        .getByRole('button', { name: hindi('reviews', 'writeReview') })
        .click({ timeout: 15_000 });
      await page.locator('#reviews form.review-form').waitFor();
    }),
  },
  {
    name: 'question form',
    path: (c) => `/product/${c.phone.id}`,
    member: true,
    act: async (page) => {
      await page.evaluate(() => document.getElementById('questions-heading')?.scrollIntoView());
      await page
        .getByRole('textbox', { name: hindi('questions', 'askQuestion') })
        .waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'report dialog',
    path: (c) => `/product/${c.phone.id}`,
    member: true,
    act: async (page) => {
      await page.getByRole('button', { name: hindi('product', 'reportListing') }).click({ timeout: 15_000 });
      await page.getByRole('dialog').waitFor();
    },
  },
];

describe.skipIf(!browserAvailable())('no English interface text on a Hindi page', () => {
  let anonymous: BrowserSession;
  let signedIn: BrowserSession;
  let member: Member;
  let context: Context;
  /** Brand, model and variant names and specification values from the catalogue, longest first. */
  let names: string[];

  beforeAll(async () => {
    const home = await homeData();
    const phone = await productDetail(home.most_reviewed_products[0]!.id);
    const compared = await Promise.all(
      home.most_viewed_products
        .filter((p) => p.id !== phone.id)
        .slice(0, 2)
        .map((p) => productDetail(p.id)),
    );
    const { items } = await api<{ items: { id: number; author: { username: string } }[] }>(
      `/product/${phone.id}/reviews?page=0&size=1`,
    );
    const { articles } = await api<{
      articles: { href: string; author: string; title: string; navTitle: string }[];
    }>('/articles');
    const data = new Set<string>();
    for (const category of ['C001', 'C002', 'C003'])
      for (let page = 0; page < 80; page++) {
        const { products } = await api<{ products: Card[] }>(
          `/browse/category/${category}?size=50&page=${page}`,
        );
        for (const p of products) {
          // A model's series too ('Galaxy', 'Samsung Galaxy'): the search hints name one.
          const series = p.model.split(' ')[0]!;
          data.add(p.brand).add(p.model).add(`${p.brand} ${p.model}`).add(p.variant);
          data.add(series).add(`${p.brand} ${series}`);
        }
        if (products.length < 50) break;
      }
    // The campaign's own data: its code and the country it is about.
    const { campaign } = await api<{ campaign: { id?: string; country?: string } | null }>('/campaign');
    for (const v of [campaign?.id, campaign?.country]) if (v) data.add(v);
    // Official names the legal pages give in full: the company's registered name, and the statutory body's
    // (after its Hindi name, in brackets).
    data.add('Verdict Reviews Private Limited').add('Data Protection Board of India');
    for (const p of [phone, ...compared]) {
      for (const v of p.variants) data.add(v.variant);
      for (const group of p.attribute_groups) for (const a of group.attributes) data.add(a.display);
    }
    // Articles' authors (a name, quoted in a Hindi sentence: 'by {author}').
    // Articles' titles are English (the site's articles are): the breadcrumbs quote them.
    for (const a of articles) data.add(a.author).add(a.title).add(a.navTitle);
    data.delete('');
    names = [...data].sort((a, b) => b.length - a.length);
    context = {
      phone,
      compared: [phone, ...compared],
      reviewPath: `/product/${phone.id}/review/${items[0]!.id}`,
      reviewer: items[0]!.author.username,
      article: articles[0]!.href,
      helpPage: '/help-center/comparison-tool',
    };
    member = await newMember();
    await postAs(member, `${USER_API}/user/preference`, {
      category_id: 'C001',
      budget_min: 15_000,
      budget_max: 40_000,
      focus_area: 1,
      released_within: 36,
    });
    [anonymous, signedIn] = await Promise.all([openBrowser(), openBrowser()]);
    await signInAs(signedIn.page, member);
  }, 120_000);
  afterAll(async () => {
    await anonymous?.close();
    await signedIn?.close();
  });

  for (const p of PAGES)
    it(`${p.name} is all Hindi`, { timeout: 60_000 }, async () => {
      const { page } = p.member ? signedIn : anonymous;
      const path = `/hi${p.path(context) === '/' ? '' : p.path(context)}`;
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(p.status ?? 200);
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'lang')).toBe('hi');
      await scrollThrough(page);
      if (p.act) await p.act(page);
      const { found, marked } = await page.evaluate(collect);
      const known = [...marked, ...names].sort((a, b) => b.length - a.length);
      const english = found
        .map((f) => ({ ...f, english: englishIn(f.text, known) }))
        .filter((f) => f.english.length > 0)
        .map((f) => `${f.where}: "${f.text}" (${f.english.join(', ')})`);
      expect([...new Set(english)], `English on ${path}`).toEqual([]);
    });
});
