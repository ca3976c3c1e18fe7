/** Geometry and colour checks for the browser tests: text that overlaps, focus hidden under the sticky bars, ring contrast. */
import type { Locator, Page } from 'playwright-core';

/**
 * Pairs of text lines inside `scope` that overlap each other (by more than half a pixel each way), as
 * "'Ratings show…' × 'By aspect'". Each visible text node's line boxes come from Range.getClientRects; text
 * that is visually hidden (1 px clipped) or not rendered is left out.
 */
export function overlappingText(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const boxes: { text: string; node: Node; r: DOMRect }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || node.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) boxes.push({ text, node, r });
    }
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.node === b.node) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 0.5 && y > 0.5) overlaps.push(`'${a.text.slice(0, 30)}' × '${b.text.slice(0, 30)}'`);
      }
    return overlaps;
  });
}

/** Words inside `scope`'s elements matching `selector` that are broken across two lines ("Release|d"). */
export function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((s) => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll(s)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue;
        const data = node.textContent ?? '';
        for (const m of data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/** What the focused control looks like against the sticky top bar and the fixed compare tray. */
export interface FocusPlace {
  /** The control, for a failure message. */
  name: string;
  /** 'top bar' or 'compare tray' when it hides the control (at its centre, or the whole of it), else null. */
  coveredBy: string | null;
  /** Its centre is inside the window. */
  inView: boolean;
}

/** Where the focused control is, and whether the top bar or the compare tray is over it; null on <body>. */
export function focusPlace(page: Page): Promise<FocusPlace | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40)}'`;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    let coveredBy: string | null = null;
    for (const [selector, label] of [
      ['.top-bar', 'top bar'],
      ['.compare-tray', 'compare tray'],
    ] as const) {
      const layer = document.querySelector(selector);
      if (!layer || layer.contains(el)) continue;
      const l = layer.getBoundingClientRect();
      const within = r.top >= l.top && r.bottom <= l.bottom && r.left >= l.left && r.right <= l.right;
      // Hidden: the layer is what shows at the control's centre, or the control lies wholly inside the layer's
      // box without being what shows there (the skip link, drawn above the bar, is not hidden by it).
      if ((hit && layer.contains(hit)) || (within && !(hit && el.contains(hit)))) coveredBy = label;
    }
    return { name, coveredBy, inView: y >= 0 && y <= window.innerHeight && x >= 0 && x <= window.innerWidth };
  });
}

/** The focused control's ring: its colour, and the colour behind it (the nearest opaque background around it). */
export interface Ring {
  name: string;
  color: [number, number, number];
  behind: [number, number, number];
  style: string;
}

/** The focus ring now drawn (on the card, for a card's link: the card draws it), or null without focus. */
export function focusRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const owner = el.classList.contains('card-link') ? (el.closest('.card') as HTMLElement) : el;
    const style = getComputedStyle(owner);
    const rgb = (css: string) => {
      const [r, g, b, a] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { c: [r ?? 0, g ?? 0, b ?? 0] as [number, number, number], a: a ?? 1 };
    };
    // A ring drawn outside the box sits on the parent's background; one drawn inside, on the element's own.
    let from: HTMLElement | null =
      parseFloat(style.outlineOffset) < 0 ? owner : (owner.parentElement ?? document.documentElement);
    let behind: [number, number, number] = [255, 255, 255];
    for (; from; from = from.parentElement) {
      const bg = rgb(getComputedStyle(from).backgroundColor);
      if (bg.a > 0) {
        behind = bg.c;
        break;
      }
    }
    return {
      name: `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}'`,
      color: rgb(style.outlineColor).c,
      behind,
      style: style.outlineStyle,
    };
  });
}

/** WCAG contrast ratio of two sRGB colours (0-255). */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const lum = (c: readonly number[]) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The hue of an sRGB colour, 0-360 degrees; NaN for greys (white, black), which have none. */
export function hue([r, g, b]: readonly number[]): number {
  const [R, G, B] = [r! / 255, g! / 255, b! / 255];
  const max = Math.max(R, G, B);
  const d = max - Math.min(R, G, B);
  if (d < 0.1) return NaN;
  const h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Red to orange, where the site's error and warning colours are (#b42318, #a15c07): not for a focus ring. */
export const isErrorHue = (c: readonly number[]) => {
  const h = hue(c);
  return h >= 330 || h <= 50;
};
