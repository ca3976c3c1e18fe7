/**
 * Pages made to be found (issue 24): versus pages (`/compare/{a}-vs-{b}`), brand pages (`/brand/{slug}`) and
 * the "best phones under ₹…" lists; their addresses and the rules they state.
 */
import type { ProductCard } from './api-types.ts';
import type { CategoryId } from './constants.ts';
import { productSlug, slugify } from './product-url.ts';

const VS = '-vs-';

/**
 * A versus page's address: the models' slugs in alphabetical order, so A-vs-B and B-vs-A are one page. (A model
 * whose own slug holds '-vs-' cannot have one; no model in the catalogue does.)
 */
export function versusPath(models: readonly { brand: string; model: string }[]): string {
  return `/compare/${models.map(productSlug).sort().join(VS)}`;
}

/** The slugs of a versus address's segment: two or three different ones, else null. */
export function versusSlugs(segment: string): string[] | null {
  const slugs = segment.toLowerCase().split(VS);
  if (slugs.length < 2 || slugs.length > 3 || slugs.some((s) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)))
    return null;
  return new Set(slugs).size === slugs.length ? slugs : null;
}

export const brandSlug = (name: string): string => slugify(name) || 'brand';
export const brandPath = (name: string): string => `/brand/${brandSlug(name)}`;

/** The ways a brand page can be sorted (`?sort=`); the first is its default. */
export const BRAND_SORTS = [
  { id: 'popular', label: 'Most popular' },
  { id: 'newest', label: 'Newest' },
  { id: 'price-asc', label: 'Price: low to high' },
  { id: 'price-desc', label: 'Price: high to low' },
  { id: 'rating', label: 'Highest rated' },
] as const;
export type BrandSort = (typeof BRAND_SORTS)[number]['id'];
export const isBrandSort = (v: string): v is BrandSort => BRAND_SORTS.some((s) => s.id === v);

export const BRAND_PAGE_SIZE = 24;

export interface BrandQuery {
  category: CategoryId | null;
  sort: BrandSort;
  page: number;
}

export interface BrandPage {
  /** The brand in the category shown (brands are per category). */
  id: number;
  name: string;
  slug: string;
  /** The categories the brand has listed models in, with how many; the page shows one at a time. */
  categories: { id: CategoryId; name: string; total: number }[];
  category: CategoryId;
  products: ProductCard[];
  page: number;
  size: number;
  total: number;
  /** The newest change to any of its models (the sitemap's lastmod). */
  updated: string | null;
}

/** The "best phones under ₹…" lists, in rupees. */
export const BUDGETS = [10_000, 15_000, 20_000, 30_000, 50_000] as const;
export type Budget = (typeof BUDGETS)[number];
export const budgetPath = (limit: Budget): string => `/best-phones-under-${limit}`;
/**
 * The lowest price a budget list considers: 60 % of the budget, so "under ₹20,000" is the phones from ₹12,000 to
 * ₹20,000 (the best phone for that budget, not a ₹1,600 feature phone with good reviews); cheaper phones are on
 * the lists for smaller budgets.
 */
export const budgetFloor = (limit: Budget): number => Math.round(limit * 0.6);
/** How many phones a budget list names. */
export const BUDGET_LIST_SIZE = 20;

export interface BudgetPage {
  limit: Budget;
  products: (ProductCard & { spec_score: number | null })[];
  /** Phones the rule considered (listed, on sale, priced at or under the limit). */
  considered: number;
}

/** A model another one is often compared with, and the versus page of the two. */
export interface ComparedWith {
  id: number;
  brand: string;
  model: string;
  price_from: number | null;
  /** From people's comparisons, or a similar phone when too few have compared it yet. */
  source: 'compared' | 'similar';
}
