import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseURL = () => inject('baseURL');
export const browserAvailable = () => inject('browserAvailable');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * The site's service worker (decision 0040) is blocked unless a test asks for it: a worker that answers a page's
   * requests hides them from `page.route`, and its precache downloads would add requests a test did not make.
   * e2e/offline-app.test.ts tests the worker itself.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A Chromium profile of its own (removed on close) and one page. */
export async function openBrowser(
  viewport = { width: 1280, height: 900 },
  { serviceWorkers = 'block' }: BrowserOptions = {},
): Promise<BrowserSession> {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    viewport,
    baseURL: baseURL(),
    serviceWorkers,
  });
  await context.addInitScript(recordToasts);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Keeps every toast the page shows in `window.__toasts` (its text and class), so a test can check a toast that
 * has come and gone: a toast lasts 3 s, and on a loaded machine a test can look later than that.
 */
function recordToasts() {
  const seen: { text: string; className: string }[] = [];
  (window as unknown as { __toasts: typeof seen }).__toasts = seen;
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches('.toast') ? [node] : [...node.querySelectorAll('.toast')];
        for (const t of toasts) seen.push({ text: t.textContent ?? '', className: t.className });
      }
  }).observe(document, { childList: true, subtree: true });
}

/** No serious or critical axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
