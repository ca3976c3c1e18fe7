/** The compare list: pure rules shared by the tray (localStorage), the cards and the /compare page (URL). */
import { productName } from '../../../shared/format.ts';

/** Spec section 9: compare at most three products. */
export const MAX_COMPARE = 3;
export const COMPARE_STORAGE_KEY = 'verdict.compare';
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${MAX_COMPARE} products. Remove one to add another.`;

/** What the tray keeps of a product: enough to name it and to build the /compare link. */
export interface CompareItem {
  id: number;
  brand: string;
  model: string;
  variant: string;
}

export type AddResult = 'added' | 'present' | 'full';

/** Two entries with the same brand, model and variant count as one ("no duplicates by name"). */
export function nameKey(p: { brand: string; model: string; variant?: string | null }): string {
  return [p.brand, p.model, p.variant ?? '']
    .map((s) => s.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');
}

export const itemName = (p: CompareItem) => productName(p);

export function toItem(p: CompareItem): CompareItem {
  return { id: p.id, brand: p.brand, model: p.model, variant: p.variant };
}

/** The entry of `list` that is `item` (same id) or counts as it (same name). */
export function findSame(list: readonly CompareItem[], item: CompareItem): CompareItem | undefined {
  // Every card asks on every render, and the list is mostly empty (always on the server): no key to make then.
  if (!list.length) return undefined;
  const key = nameKey(item);
  return list.find((p) => p.id === item.id || nameKey(p) === key);
}

/** The phone an entry is a variant of: its brand and model, whatever the variant (issue 18). */
const phoneKey = (p: CompareItem) => nameKey({ brand: p.brand, model: p.model });

/**
 * Adds only if not present and there is room; otherwise the list is returned unchanged. Another variant of a
 * phone in the list takes that phone's place (one column per phone, as on /compare: see onePerModel).
 */
export function addItem(
  list: readonly CompareItem[],
  item: CompareItem,
): { list: CompareItem[]; result: AddResult } {
  if (findSame(list, item)) return { list: [...list], result: 'present' };
  const phone = phoneKey(item);
  const at = list.findIndex((p) => phoneKey(p) === phone);
  if (at >= 0) return { list: list.map((p, i) => (i === at ? toItem(item) : p)), result: 'added' };
  if (list.length >= MAX_COMPARE) return { list: [...list], result: 'full' };
  return { list: [...list, toItem(item)], result: 'added' };
}

/** Removes the entry with this id and any entry with the same name. */
export function removeItem(list: readonly CompareItem[], item: CompareItem): CompareItem[] {
  const key = nameKey(item);
  return list.filter((p) => p.id !== item.id && nameKey(p) !== key);
}

/**
 * Product ids from a URL's `ids` parameters ("12,34,56"; repeated parameters are joined): whole positive numbers
 * only, each once, in order, at most `limit` of them. Anything else in the list is skipped.
 */
export function parseIds(params: URLSearchParams, limit = MAX_COMPARE * 2): number[] {
  const ids: number[] = [];
  for (const part of params.getAll('ids').flatMap((v) => v.split(','))) {
    const s = part.trim();
    if (!/^\d{1,9}$/.test(s)) continue;
    const id = Number(s);
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** /compare?ids=12,34,56 (commas left unescaped so the address stays readable). */
export function compareHref(ids: readonly number[]): string {
  return `/compare?ids=${ids.join(',')}`;
}

/** The list as stored in localStorage; anything malformed is dropped, and the rules above hold afterwards. */
export function parseStored(raw: string | null): CompareItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let list: CompareItem[] = [];
  for (const d of data) {
    const p = d as Partial<CompareItem> | null;
    if (!p || typeof p !== 'object') continue;
    if (!Number.isInteger(p.id) || (p.id as number) <= 0) continue;
    if (typeof p.brand !== 'string' || typeof p.model !== 'string' || typeof p.variant !== 'string') continue;
    list = addItem(list, p as CompareItem).list;
  }
  return list;
}

/** Keeps the first of each name, then at most three: the loader's rule for the products named in the URL. */
export function dedupeByName<T extends CompareItem>(products: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const p of products) {
    const key = nameKey(p);
    if (seen.has(key) || out.some((o) => o.id === p.id)) continue;
    seen.add(key);
    out.push(p);
  }
  return out.slice(0, MAX_COMPARE);
}

/**
 * One column per phone (issue 18): two variants of one model do not take two slots. The column stays where the
 * model first appears and shows the variant chosen last (adding another variant of a compared phone switches
 * its column to that variant).
 */
export function onePerModel<T extends { model_id: number }>(products: readonly T[]): T[] {
  const out: T[] = [];
  for (const p of products) {
    const at = out.findIndex((o) => o.model_id === p.model_id);
    if (at >= 0) out[at] = p;
    else out.push(p);
  }
  return out;
}

export function sameItems(a: readonly CompareItem[], b: readonly CompareItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return p.id === q.id && p.brand === q.brand && p.model === q.model && p.variant === q.variant;
    })
  );
}
