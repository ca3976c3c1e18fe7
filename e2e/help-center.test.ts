/**
 * The help center and the legal and company pages in the browser (issue 7): every one of the 14 help pages
 * opened from its link (title, breadcrumb, text, "Help topics"), the search, the bug report (signed out) and
 * feature request (signed in) forms with their validation and acknowledgement, axe on the center and a help
 * page, and the dates and sections of /privacy-policy, /terms-of-service, /corporate, /community-guidelines and
 * /about, reached from the footer.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_MESSAGES } from '../src/shared/help.ts';
import { type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { homeData, overflowing, visit } from './helpers.ts';
import { newMember, signInAs } from './members.ts';

const topics = (page: Page) => page.locator('section[aria-labelledby="help-all"] ul.help-list > li');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const breadcrumb = (page: Page) =>
  page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts();
const activeElementId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

describe.skipIf(!browserAvailable())('help center', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });
  const open = async () => (session = await openBrowser());

  it('lists the 14 help pages with summaries, and each link opens its page: title, breadcrumb, text and topics', async () => {
    const { page, errors } = await open();
    await visit(page, '/help-center');
    expect(await h1(page).textContent()).toBe('Help center');
    expect(await topics(page).count()).toBe(14);
    const links = await topics(page)
      .locator('h3 a')
      .evaluateAll((as) =>
        as.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
      );
    expect(new Set(links.map((l) => l.href)).size).toBe(14);
    for (const l of links) expect(l.href).toMatch(/^\/help-center\/[a-z0-9-]+$/);
    const summaries = await topics(page).locator('p').allTextContents();
    expect(summaries).toHaveLength(14);
    for (const s of summaries) expect(s.length).toBeGreaterThan(40);

    for (const [i, link] of links.entries()) {
      await topics(page).nth(i).getByRole('link', { name: link.text, exact: true }).click();
      await page.waitForURL((u) => u.pathname === link.href);
      // The URL changes before the router renders the new page: wait for its title.
      await page.getByRole('heading', { level: 1, name: link.text, exact: true }).waitFor();
      expect(await h1(page).count(), link.href).toBe(1);
      expect(await page.title()).toBe(`${link.text}: help center · Verdict`);
      expect(await breadcrumb(page)).toEqual(['Home', 'Help center', link.text]);
      const text = await page.locator('article.content-page').innerText();
      expect(text.length, `text of ${link.href}`).toBeGreaterThan(300);
      const nav = page.getByRole('navigation', { name: 'Help topics' });
      expect(await nav.getByRole('heading', { name: 'Help topics' }).count()).toBe(1);
      expect(await nav.getByRole('link').count()).toBe(14);
      expect(await nav.locator('a[aria-current="page"]').allTextContents()).toEqual([link.text]);

      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/help-center');
      await page.getByRole('heading', { level: 1, name: 'Help center' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('searches the help pages: "compare" finds the comparison tool, and a word found nowhere says so', async () => {
    const { page, errors } = await open();
    await visit(page, '/help-center');
    const search = page.getByRole('search', { name: 'Search the help center' });
    await search.getByLabel('Search the help center').fill('compare');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/help-center' && u.searchParams.get('q') === 'compare');
    const heading = page.locator('#help-results');
    await heading.waitFor();
    expect(await heading.textContent()).toMatch(/^\d+ pages? match(es)? “compare”$/);
    const results = page.locator('section[aria-labelledby="help-results"] ul.help-list > li');
    const found = results.getByRole('link', { name: 'Comparison tool', exact: true });
    expect(await found.getAttribute('href')).toBe('/help-center/comparison-tool');
    expect(Number(/^\d+/.exec((await heading.textContent()) ?? '')?.[0])).toBe(await results.count());
    // The field keeps the words, and the full list still follows under "All help pages".
    expect(await search.getByLabel('Search the help center').inputValue()).toBe('compare');
    await page.getByRole('heading', { level: 2, name: 'All help pages' }).waitFor();
    expect(await topics(page).count()).toBe(14);
    await found.click();
    await page.getByRole('heading', { level: 1, name: 'Comparison tool' }).waitFor();

    await visit(page, '/help-center?q=zzqxv');
    expect(await page.locator('#help-results').textContent()).toBe('No help pages match “zzqxv”');
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL((u) => u.pathname === '/help-center' && u.search === '');
    await page.getByRole('heading', { level: 2, name: 'Topics' }).waitFor();
    expect(await page.locator('#help-results').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reports a bug signed out: an empty submit shows the errors and focuses the first field, then it is acknowledged', async () => {
    const { page, errors } = await open();
    await visit(page, '/help-center/report-bug');
    const form = page.getByRole('region', { name: 'Report a bug' });
    expect(await form.getByRole('heading', { level: 2 }).textContent()).toBe('Report a bug');
    const title = form.getByLabel('What went wrong, in a few words');
    const description = form.getByLabel('What happened, step by step, and what you expected');
    const pageUrl = form.getByLabel('Address of the page where it happened (optional)');
    const email = form.getByLabel('Email to reply to (optional)');
    const send = form.getByRole('button', { name: 'Send report' });

    await send.click();
    await form.getByText(HELP_MESSAGES.title).waitFor();
    await form.getByText(HELP_MESSAGES.description).waitFor();
    expect(await form.locator('.field-error').count()).toBe(2);
    expect(await activeElementId(page)).toBe(await title.getAttribute('id'));
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await title.getAttribute('aria-describedby')).toContain(`${await title.getAttribute('id')}-error`);
    // The optional fields, when filled, are checked too.
    await title.fill('Compare tray hides the footer');
    await description.fill(
      'Added two phones to compare on a small screen; the tray covers the footer links.',
    );
    await pageUrl.fill('not a link');
    await email.fill('someone@');
    await send.click();
    await form.getByText(HELP_MESSAGES.pageUrl).waitFor();
    await form.getByText(HELP_MESSAGES.email).waitFor();
    expect(await activeElementId(page)).toBe(await pageUrl.getAttribute('id'));
    expect(await form.getByText(HELP_MESSAGES.title).count()).toBe(0);

    await pageUrl.fill('https://verdict.example/compare');
    await email.fill('reporter@example.com');
    await send.click();
    const thanks = form.getByRole('status');
    await thanks.waitFor();
    expect(await thanks.textContent()).toBe(HELP_MESSAGES.received.bug);
    // Focus moves to the acknowledgement, so a screen reader reads it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(await title.count()).toBe(0);
    // "Send another" brings back an empty form.
    await form.getByRole('button', { name: 'Send another' }).click();
    expect(await title.inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('requests a feature signed in: sent with the session token (linked to the account), and acknowledged', async () => {
    const member = await newMember({ firstName: 'Farah' });
    const { page, errors } = await open();
    await signInAs(page, member);
    await visit(page, '/help-center/new-feature-request');
    const form = page.getByRole('region', { name: 'Request a feature' });
    await form.getByText('You are signed in: we will link this to your account.').waitFor();
    // A feature request has no page address.
    expect(await form.getByLabel(/Address of the page/).count()).toBe(0);
    const title = form.getByLabel('Your idea, in a few words');
    await form.getByRole('button', { name: 'Send idea' }).click();
    await form.getByText(HELP_MESSAGES.title).waitFor();
    expect(await activeElementId(page)).toBe(await title.getAttribute('id'));

    await title.fill('Price drop alerts');
    await form
      .getByLabel('What you would like and why')
      .fill('Tell me by email when a phone on my compare list gets cheaper, so I can buy at the right time.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/platform/api/v1/help-requests'));
    await form.getByRole('button', { name: 'Send idea' }).click();
    const request = await sent;
    expect(request.headers().authorization).toBe(`Bearer ${member.token}`);
    expect(request.postDataJSON()).toMatchObject({ kind: 'feature', title: 'Price drop alerts' });
    await form.getByRole('status').filter({ hasText: HELP_MESSAGES.received.feature }).waitFor();
    expect(errors).toEqual([]);
  });

  it('has no serious or critical axe violations on the help center with results and on a help page with its form errors', async () => {
    const { page } = await open();
    await visit(page, '/help-center?q=review');
    await page.locator('#help-results').waitFor();
    await expectAccessible(page);
    await visit(page, '/help-center/report-bug');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.locator('.help-form .field-error').first().waitFor();
    await expectAccessible(page);
  });

  it('the footer leads to the legal and company pages, with their dates, and /about adds its section to the landing page', async () => {
    const { page, errors } = await open();
    await visit(page, '/home');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const pages = [
      {
        link: 'Privacy policy',
        path: '/privacy-policy',
        title: 'Privacy policy',
        date: 'Last updated on 6 September 2024',
        iso: '2024-09-06',
      },
      {
        link: 'Terms of service',
        path: '/terms-of-service',
        title: 'Terms of service',
        date: 'Effective from 1 October 2022',
        iso: '2022-10-01',
      },
      { link: 'Corporate', path: '/corporate', title: 'Corporate' },
      { link: 'Community guidelines', path: '/community-guidelines', title: 'Community guidelines' },
      { link: 'How reviews work', path: '/how-reviews-work', title: 'How reviews and ratings work' },
    ];
    for (const p of pages) {
      await footer.getByRole('link', { name: p.link, exact: true }).click();
      await page.waitForURL((u) => u.pathname === p.path);
      await page.getByRole('heading', { level: 1, name: p.title, exact: true }).waitFor();
      const article = page.locator('article.content-page');
      expect((await article.innerText()).length, p.path).toBeGreaterThan(1000);
      const dateLine = article.locator('p.muted', { has: page.locator('time') });
      if (p.date) {
        expect((await dateLine.innerText()).trim()).toBe(p.date);
        expect(await dateLine.locator('time').getAttribute('datetime')).toBe(p.iso);
      } else {
        expect(await dateLine.count()).toBe(0);
      }
    }

    await footer.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/about');
    const about = page.getByRole('heading', { level: 2, name: 'About Verdict' });
    await about.waitFor();
    // The landing page, with its own h1, then the About text as a section of it.
    expect(await h1(page).textContent()).toBe('Know what you are buying before you pay for it');
    expect(await page.locator('article.content-page').innerText()).toContain(
      'Verdict is a community website for people in India',
    );
    expect(await page.title()).toBe('About Verdict · Verdict');
    // The landing page itself has no such section.
    await visit(page, '/');
    expect(await page.getByRole('heading', { name: 'About Verdict' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the transparency report shows live figures, links to the rules, and fits 360 px with no serious axe violations (issue 22)', async () => {
    const { page, errors } = await open();
    await visit(page, '/home');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Transparency report' })
      .click();
    await page.waitForURL((u) => u.pathname === '/transparency');
    await page.getByRole('heading', { level: 1, name: 'Transparency report' }).waitFor();
    for (const heading of ['Reviews', 'Moderation', 'Appeals'])
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    // The demo community's reviews are published: the figure is a number above zero.
    const published = page.locator('.transparency-figures div', { hasText: 'Published' }).locator('dd');
    expect(Number((await published.innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    // The verified owners' and the incentivised shares of them.
    for (const label of ['By verified owners', 'Incentivised'])
      expect(
        await page.locator('.transparency-figures div', { hasText: label }).locator('dd').innerText(),
      ).toMatch(/^[\d,]+ \([\d.]+ %\)$/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await overflowing(page)).toEqual([]);
    await page.getByRole('link', { name: 'How reviews and ratings work' }).first().click();
    await page.waitForURL((u) => u.pathname === '/how-reviews-work');
    await page.getByRole('heading', { level: 2, name: 'Appeals' }).waitFor();
    await expectAccessible(page);
    // Every rating summary links to the rules.
    await visit(page, `/product/${(await homeData()).most_reviewed_products[0]!.id}`);
    const rules = page.locator('#reviews').getByRole('link', { name: 'How reviews and ratings work' });
    expect(await rules.getAttribute('href')).toBe('/how-reviews-work');
    expect(errors).toEqual([]);
  });
});
