/**
 * Articles in the browser (issue 7): the list and an article opened from its card (banner, title, byline, text,
 * the Articles nav highlight), the 301 from a wrong slug and the 404 of an unknown id, commenting (signed out: a
 * link to sign in; signed in: posted, listed with its toast, kept after a reload), six comments a page with
 * "Show more comments", Like kept after a reload, axe on the page and the keyboard path to the comment form.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_SUCCESS } from '../src/shared/community.ts';
import { baseURL, type BrowserSession, browserAvailable, expectAccessible, openBrowser } from './browser.ts';
import { api, focusInfo, tabUntil, sawToast, visit } from './helpers.ts';
import { type Member, newMember, postAs, signInAs } from './members.ts';

const PLATFORM_API = '/platform/api/v1';
const DOCUMENT_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  navTitle: string;
  author: string;
  bannerAlt: string;
  publishDate: string;
  readTime: number;
  href: string;
}
interface ArticleDetail extends ArticleSummary {
  content: string;
  likes: number;
  dislikes: number;
  comments: number;
  my_reaction: 'like' | 'dislike' | null;
}
interface ArticleComment {
  id: number;
  text: string;
}

/** 2024-10-15 → '15 October 2024', worked out here rather than with the app's formatter. */
function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

const article = (id: number) => api<{ article: ArticleDetail }>(`/get-article/${id}`).then((r) => r.article);
const commentsPage = (id: number, page: number) =>
  api<{ total: number; items: ArticleComment[] }>(`/articles/${id}/comments?page=${page}&size=6`);

const reactions = (page: Page) => page.getByRole('group', { name: 'Reactions to this article' });
const likeButton = (page: Page) => reactions(page).getByRole('button', { name: /^Like \d+$/ });
const commentList = (page: Page) => page.locator('.article-community ol.comment-list > li.comment');
const commentField = (page: Page) => page.getByRole('textbox', { name: 'Add a comment' });

describe.skipIf(!browserAvailable())('articles', () => {
  let session: BrowserSession | undefined;
  let articles: ArticleSummary[] = [];
  let shared: Member | undefined;
  /** One member for the tests that only need to be signed in (made in a test: waiting for its email polls). */
  const member = async () => (shared ??= await newMember({ firstName: 'Ananya' }));

  beforeAll(async () => {
    ({ articles } = await api<{ articles: ArticleSummary[] }>('/articles'));
  });
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  const open = async (as?: Member) => {
    session = await openBrowser();
    if (as) await signInAs(session.page, as);
    return session;
  };

  it('lists both articles as cards and opens one from its card: banner, title, byline, text and reactions', async () => {
    expect(articles.map((a) => a.href).sort()).toEqual([
      '/articles/battery-and-charging-explained-2',
      '/articles/choosing-a-phone-on-a-budget-1',
    ]);
    const { page, errors } = await open();
    await visit(page, '/articles');
    const cards = page.locator('li.article-card');
    expect(await cards.count()).toBe(2);
    for (const a of articles) {
      const card = cards.filter({ has: page.getByRole('link', { name: a.title, exact: true }) });
      expect(await card.getByRole('link').getAttribute('href')).toBe(a.href);
      expect(await card.textContent()).toContain(`${a.readTime} min read`);
    }

    const chosen = articles.find((a) => a.id === 1)!;
    const detail = await article(chosen.id);
    await cards.getByRole('link', { name: chosen.title, exact: true }).click();
    await page.waitForURL((u) => u.pathname === chosen.href);
    // The URL changes before the router has rendered the new page: wait for its heading.
    await page.getByRole('heading', { level: 1, name: chosen.title, exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toBe(`${chosen.title} · Verdict`);
    const banner = page.locator('img.article-banner');
    expect(await banner.getAttribute('alt')).toBe(chosen.bannerAlt);
    expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const byline = (await page.locator('.article-byline').innerText()).replace(/\s+/g, ' ');
    expect(byline).toContain(`By ${chosen.author}`);
    expect(byline).toContain(`Published ${longDate(chosen.publishDate)}`);
    expect(byline).toContain(`${chosen.readTime} min read`);
    // The text is the article's own, as the API gives it.
    const expectedText = await page.evaluate((html) => {
      const div = document.createElement('div');
      div.innerHTML = html;
      return div.textContent?.replace(/\s+/g, ' ').trim();
    }, detail.content);
    const shownText = (await page.locator('article .rich-text').textContent())?.replace(/\s+/g, ' ').trim();
    expect(expectedText!.length).toBeGreaterThan(500);
    expect(shownText).toBe(expectedText);
    // The breadcrumb, and the Articles link of the nav highlighted.
    expect(
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['Home', 'Articles', chosen.navTitle]);
    const current = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[aria-current="page"]')
      .allTextContents();
    expect(current).toEqual(['Articles']);

    // Reactions and comments, signed out: the buttons, and a link to sign in instead of the form.
    await page.getByText('Was this article useful?').waitFor();
    expect(await likeButton(page).textContent()).toBe(`Like ${detail.likes}`);
    expect(
      await reactions(page)
        .getByRole('button', { name: /^Dislike \d+$/ })
        .textContent(),
    ).toBe(`Dislike ${detail.dislikes}`);
    await page.getByRole('heading', { level: 2, name: 'Comments' }).waitFor();
    const signIn = page.getByRole('link', { name: 'Sign in to comment' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe('/sign-in');
    expect(await commentField(page).count()).toBe(0);
    // Pressing Like signed out asks to sign in, and counts nothing.
    await likeButton(page).click();
    await sawToast(page, 'Please sign in to react.');
    expect(await likeButton(page).getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('redirects a wrong slug to the article address (301) and shows the not-found page for an unknown id', async () => {
    const res = await fetch(`${baseURL()}/articles/some-old-title-2`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/articles/battery-and-charging-explained-2');
    // Another spelling of the id, and the query string kept.
    const padded = await fetch(`${baseURL()}/articles/battery-and-charging-explained-02?utm_source=x`, {
      redirect: 'manual',
    });
    expect(padded.status).toBe(301);
    expect(padded.headers.get('location')).toBe('/articles/battery-and-charging-explained-2?utm_source=x');

    const { page, errors } = await open();
    const response = await page.goto('/articles/choosing-a-phone-1');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/articles/choosing-a-phone-on-a-budget-1');
    await page
      .getByRole('heading', { level: 1, name: 'How to choose a phone for your budget in India' })
      .waitFor();

    for (const path of ['/articles/choosing-a-phone-on-a-budget-999', '/articles/no-id-here']) {
      await visit(page, path, 404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    }
    expect(errors.filter((e) => e !== DOCUMENT_404)).toEqual([]);
  });

  it('signed in, posts a comment: it is listed with the success toast and is still there after a reload', async () => {
    const { id, href, comments: before } = await article(1);
    const text = `Bought the 8 GB variant after reading this, thanks! ${Date.now()}`;
    const { page, errors } = await open(await member());
    // Every comment the page posts, to tell that the empty one was never sent.
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/add-comment')) posted.push(r.url());
    });
    await visit(page, href);
    const field = commentField(page);
    await field.waitFor();
    expect(await page.getByRole('link', { name: 'Sign in to comment' }).count()).toBe(0);
    // An empty comment is refused under the field, and nothing is sent.
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.locator('.comments .field-error').waitFor();
    expect(posted).toEqual([]);
    expect((await commentsPage(id, 0)).total).toBe(before);

    await field.fill(text);
    await page.getByRole('button', { name: 'Post comment' }).click();
    await sawToast(page, COMMUNITY_SUCCESS.commentPosted);
    // The real one was sent, once (so the recording above would have seen the empty one).
    expect(posted).toEqual([`${baseURL()}${PLATFORM_API}/articles/${id}/add-comment`]);
    const mine = commentList(page).filter({ hasText: text });
    await mine.waitFor();
    expect(await mine.locator('.user-text').textContent()).toBe(text);
    expect(await mine.textContent()).toContain('Ananya');
    expect(await field.inputValue()).toBe('');
    await expect
      .poll(() => page.locator('.article-reactions').textContent())
      .toContain(`${before + 1} comments`);

    await page.reload();
    await commentList(page).filter({ hasText: text }).waitFor();
    expect(await page.locator('.article-reactions').textContent()).toContain(`${before + 1} comments`);
    const stored = await commentsPage(id, 0);
    expect(stored.total).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it('Like is pressed and counted at once, kept by the server, and still pressed after a reload', async () => {
    const liker = await newMember({ firstName: 'Vikram' });
    const { id, href, likes } = await article(2);
    const { page, errors } = await open(liker);
    await visit(page, href);
    const like = likeButton(page);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toBe(`Like ${likes + 1}`);
    await expect.poll(() => reactions(page).getAttribute('aria-busy')).toBeNull();
    expect((await article(id)).likes).toBe(likes + 1);

    await page.reload();
    // The server renders the counts; the viewer's own Like comes with their token after hydration.
    await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
    expect(await likeButton(page).textContent()).toBe(`Like ${likes + 1}`);
    expect(
      await reactions(page)
        .getByRole('button', { name: /^Dislike/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    const res = await fetch(`${baseURL()}${PLATFORM_API}/get-article/${id}`, {
      headers: { authorization: `Bearer ${liker.token}` },
    });
    expect(((await res.json()) as { article: ArticleDetail }).article.my_reaction).toBe('like');
    expect(errors).toEqual([]);
  });

  it('shows six comments a page, oldest first, and "Show more comments" loads the next ones', async () => {
    const { id, href } = await article(2);
    const { total } = await commentsPage(id, 0);
    for (let i = total; i < 8; i++)
      await postAs(await member(), `${PLATFORM_API}/articles/${id}/add-comment`, {
        text: `Paging comment ${i + 1}`,
      });
    const [first, second] = await Promise.all([commentsPage(id, 0), commentsPage(id, 1)]);
    expect(first.total).toBeGreaterThanOrEqual(8);
    // Oldest first, as the API says.
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(
      [...first.items, ...second.items].map((c) => c.id).sort((a, b) => a - b),
    );

    const { page, errors } = await open();
    await visit(page, href);
    const texts = () => commentList(page).locator('.user-text').allTextContents();
    expect(await texts()).toEqual(first.items.map((c) => c.text));
    const more = page.getByRole('button', { name: 'Show more comments' });
    await more.click();
    await expect.poll(texts).toEqual([...first.items, ...second.items].map((c) => c.text));
    // The last page came: the button goes, and focus moves to the first new comment. (Two pages at most: only
    // this test adds comments to this article, and the demo data has none on it.)
    expect(first.total, 'comments on the article: two pages at most').toBeLessThanOrEqual(12);
    expect(await more.count()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('li.comment')?.querySelector('.user-text')?.textContent,
        ),
      )
      .toBe(second.items[0]!.text);
    expect(errors).toEqual([]);
  });

  it('has no serious or critical axe violations, signed out and signed in with comments', async () => {
    const { page } = await open();
    await visit(page, '/articles/battery-and-charging-explained-2');
    // The comments load as the reader comes near them (an island).
    await page.locator('.article-community').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    await expectAccessible(page);
    await session!.close();

    const signedIn = await open(await member());
    await visit(signedIn.page, '/articles/battery-and-charging-explained-2');
    await commentField(signedIn.page).waitFor();
    await expectAccessible(signedIn.page);
  });

  it('by keyboard, Tab from the top of the page reaches the comment form and posts with Enter on the button', async () => {
    const { page } = await open(await member());
    await visit(page, '/articles/choosing-a-phone-on-a-budget-1');
    await commentField(page).waitFor();
    await tabUntil(page, 'form.community-form textarea', 150);
    expect((await focusInfo(page))?.tag).toBe('TEXTAREA');
    const text = `Typed with the keyboard only ${Date.now()}`;
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    expect((await focusInfo(page))?.text).toBe('Post comment');
    await page.keyboard.press('Enter');
    await sawToast(page, COMMUNITY_SUCCESS.commentPosted);
    await commentList(page).filter({ hasText: text }).waitFor();
  });
});
