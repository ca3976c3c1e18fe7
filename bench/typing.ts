import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS } from './lighthouse.ts';

/** 3-letter prefixes typed into the top-bar box, one trial each; 'gal' first, as an unmeasured warm-up. */
export const PREFIXES = [
  'sam',
  'iph',
  'red',
  'one',
  'viv',
  'opp',
  'rea',
  'poc',
  'mot',
  'goo',
  'nok',
  'inf',
  'lav',
  'tec',
  'hon',
];
const WARM_UP = 'gal';
export const VIEWPORT = { width: 1280, height: 800 };

/** The box's debounce as the source states it (SUGGEST_DEBOUNCE_MS under src/web), or null if not found. */
export function debounceMs(root: string): number | null {
  const dir = join(root, 'src/web');
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const m = /SUGGEST_DEBOUNCE_MS\s*=\s*(\d+)/.exec(readFileSync(join(dir, file), 'utf8'));
    if (m) return Number(m[1]);
  }
  return null;
}

// In the page, as plain JavaScript (functions compiled by tsx would carry helpers the page does not have).
// t0: keydown of the 3rd character; seen: the first option visible (MutationObserver); painted: the next
// animation frame; fetchStart/responseEnd: the suggestion request (Resource Timing); empty: the no-match text.
const PROBE = `(() => {
  const s = { t0: 0, seen: 0, painted: 0, fetchStart: 0, responseEnd: 0, empty: 0 };
  let list = null;
  window.__sb = s;
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement && t.getAttribute('role') === 'combobox' && e.key.length === 1 && t.value.length === 2) {
      list = document.getElementById(t.getAttribute('aria-controls') || '');
      Object.assign(s, { t0: performance.now(), seen: 0, painted: 0, fetchStart: 0, responseEnd: 0, empty: 0 });
    }
  }, true);
  const check = () => {
    if (!s.t0 || s.seen || s.empty || !list) return;
    const opt = list.querySelector('[role=option]');
    const none = list.parentElement && list.parentElement.querySelector('.suggestions-empty');
    if (opt && opt.checkVisibility()) {
      s.seen = performance.now();
      requestAnimationFrame(() => { s.painted = performance.now(); });
    } else if (none && none.checkVisibility()) s.empty = performance.now();
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.includes('/search?searchQuery=') && s.t0 && e.startTime >= s.t0) { s.fetchStart = e.startTime; s.responseEnd = e.responseEnd; }
  }).observe({ type: 'resource' });
})()`;

interface Probe {
  t0: number;
  seen: number;
  painted: number;
  fetchStart: number;
  responseEnd: number;
  empty: number;
}

export interface TypingTrial {
  prefix: string;
  /** 'options': suggestions shown; 'empty': the no-match message instead; 'timeout': neither within 5 s. */
  outcome: 'options' | 'empty' | 'timeout';
  /** Keydown of the 3rd character → first option on screen (ms); null unless outcome is 'options'. */
  totalMs: number | null;
  /** Keydown → request sent (the debounce and React), request, response → on screen. */
  toFetchMs: number | null;
  fetchMs: number | null;
  renderMs: number | null;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const part = (a: number, b: number) => (a && b ? r1(b - a) : null);

export async function measureTyping(baseUrl: string): Promise<TypingTrial[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS });
  const trials: TypingTrial[] = [];
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
    await page.evaluate(PROBE);
    const input = page.locator('[role=combobox]:visible').first();
    await input.click();
    for (const prefix of [WARM_UP, ...PREFIXES]) {
      await input.fill('');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[role=option]')].every((o) => !o.checkVisibility()),
      );
      await page.waitForTimeout(300);
      await input.pressSequentially(prefix, { delay: 50 });
      // A function, not a string: the page's CSP forbids eval.
      const p = await page
        .waitForFunction(
          () => {
            const s = (window as unknown as { __sb: Probe }).__sb;
            return s.painted || s.empty ? s : null;
          },
          undefined,
          { timeout: 5_000 },
        )
        .then((h) => h.jsonValue())
        .catch(() => null);
      if (prefix === WARM_UP) continue;
      const outcome = !p ? 'timeout' : p.painted ? 'options' : 'empty';
      trials.push({
        prefix,
        outcome,
        totalMs: p && outcome === 'options' ? r1(p.painted - p.t0) : null,
        toFetchMs: p ? part(p.t0, p.fetchStart) : null,
        fetchMs: p ? part(p.fetchStart, p.responseEnd) : null,
        renderMs: p && outcome === 'options' ? part(p.responseEnd, p.painted) : null,
      });
      process.stdout.write(
        `  ${prefix}: ${outcome === 'options' ? `${trials.at(-1)!.totalMs} ms` : outcome}\n`,
      );
    }
  } finally {
    await browser.close();
  }
  return trials;
}

export const median = (xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : r1((v[m - 1]! + v[m]!) / 2);
};
