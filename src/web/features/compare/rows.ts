/** The comparison table as data: rows of display values, which rows differ, and which value is best. */
import type { AttributeGroup, PrimeAttribute, ProductDetail } from '../../../shared/api-types.ts';
import { formatCount, formatPrice } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { isRatingShown, ratingTag } from '../../../shared/rating.ts';
import { compareTexts } from './texts.ts';
import { attributeWords, type AttributeWords } from '../products/attribute-texts.ts';

export const MISSING = '—';

export type Better = 'higher' | 'lower';

export type ComparedProduct = Pick<
  ProductDetail,
  | 'id'
  | 'category_id'
  | 'price'
  | 'value'
  | 'total_reviews'
  | 'prime_attribute_1'
  | 'prime_attribute_2'
  | 'attribute_groups'
>;

export interface CompareCell {
  /** What is shown, and what "identical" compares. */
  text: string;
  /** The number "best" compares, where this row has a clear better direction; otherwise null. */
  num: number | null;
}

export interface CompareRow {
  id: string;
  label: string;
  kind: 'price' | 'rating' | 'spec';
  cells: CompareCell[];
  differs: boolean;
  /** Columns holding the best value (ties share it); empty when nothing is clearly better. */
  best: number[];
}

export interface CompareGroup {
  id: string;
  name: string;
  rows: CompareRow[];
}

const PHONES = 'C001';

/**
 * Phone attributes where more (or less) is clearly better, with the quantity their raw value must be in:
 * net weight (17, kg), battery (3, Ah), RAM and storage (1, GB).
 */
const PHONE_RULES: Record<string, { better: Better; quantity: number }> = {
  attribute_5: { better: 'lower', quantity: 17 },
  attribute_7: { better: 'higher', quantity: 3 },
  attribute_10: { better: 'higher', quantity: 1 },
  attribute_11: { better: 'higher', quantity: 1 },
};

const GROUP_ORDER: {
  id: AttributeGroup['id'];
  name: 'groupAbout' | 'groupBasic' | 'groupAdvanced' | 'groupPremium';
}[] = [
  { id: 'about', name: 'groupAbout' },
  { id: 'basic', name: 'groupBasic' },
  { id: 'advanced', name: 'groupAdvanced' },
  { id: 'premium', name: 'groupPremium' },
];

/** True when the row's shown values are not all the same (a single product never differs). */
export function rowDiffers(cells: readonly Pick<CompareCell, 'text'>[]): boolean {
  return cells.length > 1 && cells.some((c) => c.text !== cells[0]!.text);
}

/**
 * The columns with the best number: the lowest or highest of those present. Nothing is best unless at least two
 * columns have a number and they are not all equal; columns that tie for best all count.
 */
export function bestIndexes(nums: readonly (number | null)[], better: Better): number[] {
  const present = nums.flatMap((n, i) => (n != null && Number.isFinite(n) ? [{ n, i }] : []));
  if (present.length < 2) return [];
  const values = present.map((p) => p.n);
  const top = better === 'higher' ? Math.max(...values) : Math.min(...values);
  if (values.every((v) => v === top)) return [];
  return present.filter((p) => p.n === top).map((p) => p.i);
}

function row(
  id: string,
  label: string,
  kind: CompareRow['kind'],
  cells: CompareCell[],
  better?: Better,
): CompareRow {
  return {
    id,
    label,
    kind,
    cells,
    differs: rowDiffers(cells),
    best: better
      ? bestIndexes(
          cells.map((c) => c.num),
          better,
        )
      : [],
  };
}

function primeCell(p: ComparedProduct, attr: PrimeAttribute): CompareCell {
  if (attr.value == null) return { text: MISSING, num: null };
  // Phones: prime 1 is the battery, prime 2 the main camera; more of either is better.
  return {
    text: `${formatCount(attr.value)} ${attr.unit}`,
    num: p.category_id === PHONES ? attr.value : null,
  };
}

/** Rows that line up the same-named attribute of every product (products without it show '—'). */
function primeRows(
  products: readonly ComparedProduct[],
  which: 'prime_attribute_1' | 'prime_attribute_2',
  words: AttributeWords,
): CompareRow[] {
  const names = [...new Set(products.map((p) => p[which].name))];
  // Named in the page's language, by the category of the first product that has it.
  const label = (name: string) => {
    const p = products.find((x) => x[which].name === name)!;
    return words.prime(p.category_id, which === 'prime_attribute_1' ? 1 : 2, name);
  };
  return names.map((name) =>
    row(
      `${which}:${name}`,
      label(name),
      'spec',
      products.map((p) => (p[which].name === name ? primeCell(p, p[which]) : { text: MISSING, num: null })),
      'higher',
    ),
  );
}

function specCell(
  p: ComparedProduct,
  a: AttributeGroup['attributes'][number] | undefined,
  words: AttributeWords,
): CompareCell {
  // An attribute not known yet (issue 18) is a gap, like one the category does not list.
  const text = (a?.known !== false && a && words.display(a).trim()) || MISSING;
  if (!a || text === MISSING) return { text: MISSING, num: null };
  const rule = p.category_id === PHONES ? PHONE_RULES[a.key] : undefined;
  const num = rule && a.quantity_id === rule.quantity && typeof a.value === 'number' ? a.value : null;
  return { text, num };
}

function ruleFor(products: readonly ComparedProduct[], groupId: string, name: string): Better | undefined {
  for (const p of products) {
    if (p.category_id !== PHONES) continue;
    const a = p.attribute_groups.find((g) => g.id === groupId)?.attributes.find((x) => x.name === name);
    const rule = a && PHONE_RULES[a.key];
    if (rule) return rule.better;
  }
  return undefined;
}

/**
 * Key facts (price, rating, the two prime attributes), then About, Basic, Advanced and Premium. The group names,
 * "Price" and "Rating" are in the page's language (the other rows are named by the catalogue).
 */
export function buildGroups(products: readonly ComparedProduct[], locale: Locale = 'en'): CompareGroup[] {
  const t = compareTexts.t(locale);
  const words = attributeWords(locale);
  const key: CompareGroup = {
    id: 'key',
    name: t('groupKey'),
    rows: [
      row(
        'price',
        t('rowPrice'),
        'price',
        products.map((p) => ({ text: formatPrice(p.price, locale), num: p.price })),
        'lower',
      ),
      row(
        'rating',
        t('rowRating'),
        'rating',
        // Only a shown rating (10 or more reviews) counts towards "best".
        products.map((p) => ({
          text: ratingTag(p.value, p.total_reviews).text,
          num: isRatingShown(p.value, p.total_reviews) ? p.value : null,
        })),
        'higher',
      ),
      ...primeRows(products, 'prime_attribute_1', words),
      ...primeRows(products, 'prime_attribute_2', words),
    ],
  };
  const groups = GROUP_ORDER.map(({ id, name: key }) => {
    const source = products.map((p) => p.attribute_groups.find((g) => g.id === id));
    // The catalogue names the groups in English: a Hindi page names the four it knows itself.
    const given = source.find(Boolean)?.name;
    const name = locale === 'en' && given !== undefined ? given : t(key);
    // Rows in the order the products list them, one per attribute name.
    const names = [...new Set(source.flatMap((g) => g?.attributes.map((a) => a.name) ?? []))];
    // An attribute's name in the page's language, by its key in the first product's category that lists it.
    const label = (n: string) => {
      const i = source.findIndex((g) => g?.attributes.some((a) => a.name === n));
      const a = source[i]!.attributes.find((x) => x.name === n)!;
      return words.attribute(products[i]!.category_id, a.key, n);
    };
    const rows = names.map((n) =>
      row(
        `${id}:${n}`,
        label(n),
        'spec',
        products.map((p, i) =>
          specCell(
            p,
            source[i]?.attributes.find((a) => a.name === n),
            words,
          ),
        ),
        ruleFor(products, id, n),
      ),
    );
    return { id, name, rows };
  });
  return [key, ...groups].filter((g) => g.rows.length > 0);
}
