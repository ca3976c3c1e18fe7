/**
 * The strict Content-Security-Policy holds on pages whose forms load zod (issue 17, point 18): zod must not probe
 * `new Function`, which the policy reports as a `securitypolicyviolation` (and Lighthouse as a best-practices
 * failure) even though zod catches the error: an article page with its comment form, and the sign-in page.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowserSession, browserAvailable, openBrowser } from './browser.ts';
import { visit, waitForHydrationOf } from './helpers.ts';
import { newMember, signInAs } from './members.ts';

/** Records every CSP violation from the first script on, in each document the page loads. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? null);

describe.skipIf(!browserAvailable())('content security policy', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  const check = async (path: string, ready: (page: Page) => Promise<unknown>) => {
    const { page, errors } = session!;
    await recordViolations(page);
    await visit(page, path);
    // A form React has taken over: its module, and the schemas it imports, have run.
    await ready(page);
    // The violation event is dispatched as a task after the blocked call: let the page go idle first.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(await violations(page), path).toEqual([]);
    expect(
      errors.filter((e) => /Content Security Policy|unsafe-eval/i.test(e)),
      path,
    ).toEqual([]);
  };

  it('reports no violation on an article page with its comment form', async () => {
    session = await openBrowser();
    await signInAs(session.page, await newMember({ firstName: 'Kavya' }));
    await check('/articles/choosing-a-phone-on-a-budget-1', async (page) => {
      await page.locator('.article-community').scrollIntoViewIfNeeded();
      await page.getByRole('textbox', { name: 'Add a comment' }).waitFor();
      await waitForHydrationOf(page, '.article-community textarea');
    });
  });

  it('reports no violation on the sign-in and sign-up forms', async () => {
    session = await openBrowser();
    await check('/sign-in', (page) => waitForHydrationOf(page, 'form input'));
  });
});
