/**
 * Groups the catalogue's variant rows into models (issue 18): one page, one set of reviews and one rating per
 * phone. Pure functions: the import gives each variant its id first, so the rules are unit-tested directly.
 */
import type { AttributeValue } from '../../shared/attributes.ts';
import { indexText } from '../../shared/search.ts';
import type { CatalogueRow, ListingConfidence } from './transform.ts';

/** A catalogue row with the id of its product_variants row (existing, or reserved from the sequence). */
export type IdentifiedRow = CatalogueRow & { id: number };

export interface ModelRow {
  modelKey: string;
  brand: string;
  /** The most common model name among its variants (tie: the longest, e.g. "Galaxy S24 FE 5G"). */
  model: string;
  defaultVariantId: number;
  /** The default variant's label and price (the model's "from" price). */
  variant: string;
  price: number | null;
  priceMax: number | null;
  variantCount: number;
  /** The earliest release of its variants. */
  releaseDate: string | null;
  listingConfidence: ListingConfidence;
  verified: boolean;
  attributes: Record<string, AttributeValue>;
  knownAttributes: number;
  features: string[];
  facets: string[];
  prime1: number | null;
  prime2: number | null;
  specScore: number | null;
  sources: { specs: string | null; price: string | null };
  searchText: string;
  variants: IdentifiedRow[];
}

/** The default variant first: the cheapest with a price (tie: the lowest id), then the unpriced by id. */
export function byDefaultOrder(
  a: { price: number | null; id: number },
  b: { price: number | null; id: number },
) {
  if (a.price != null && b.price != null && a.price !== b.price) return a.price - b.price;
  if ((a.price == null) !== (b.price == null)) return a.price == null ? 1 : -1;
  return a.id - b.id;
}

/**
 * A model's prices from its variants': its default variant (the first by byDefaultOrder), whose price is the
 * model's "from" price, and the highest price. The import and an editor's price change both use it.
 */
export function modelPrices<V extends { price: number | null; id: number }>(
  variants: readonly V[],
): { first: V | undefined; price: number | null; priceMax: number | null } {
  const first = [...variants].sort(byDefaultOrder)[0];
  const prices = variants.flatMap((v) => (v.price == null ? [] : [v.price]));
  return { first, price: first?.price ?? null, priceMax: prices.length ? Math.max(...prices) : null };
}

const RANK: Record<ListingConfidence, number> = { confirmed: 0, partial: 1, rumoured: 2 };

function mostCommonName(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].sort(
    ([a, x], [b, y]) => y - x || b.length - a.length || (a < b ? -1 : a > b ? 1 : 0),
  )[0]![0];
}

const firstKnown = <T>(variants: IdentifiedRow[], pick: (v: IdentifiedRow) => T | null): T | null => {
  for (const v of variants) {
    const x = pick(v);
    if (x != null) return x;
  }
  return null;
};

/** One model from its variants (at least one; rumoured ones are left out by the caller). */
export function buildModel(modelKey: string, rows: IdentifiedRow[]): ModelRow {
  const variants = [...rows].sort(byDefaultOrder);
  const first = variants[0]!;
  const attributes: Record<string, AttributeValue> = {};
  for (const v of variants) {
    for (const [k, value] of Object.entries(v.attributes)) if (!(k in attributes)) attributes[k] = value;
  }
  const ordered = Object.fromEntries(
    Object.entries(attributes).sort(([a], [b]) => Number(a.slice(10)) - Number(b.slice(10))),
  );
  const { priceMax } = modelPrices(variants);
  const dates = variants.flatMap((v) => (v.releaseDate ? [v.releaseDate] : [])).sort();
  const listingConfidence = variants.map((v) => v.listingConfidence).sort((a, b) => RANK[a] - RANK[b])[0]!;
  const names = [...new Set(variants.map((v) => v.model))];
  const labels = [...new Set(variants.map((v) => v.variant).filter(Boolean))];
  return {
    modelKey,
    brand: first.brand,
    model: mostCommonName(variants.map((v) => v.model)),
    defaultVariantId: first.id,
    variant: first.variant,
    price: first.price,
    priceMax,
    variantCount: variants.length,
    releaseDate: dates[0] ?? null,
    listingConfidence,
    verified: listingConfidence === 'confirmed',
    attributes: ordered,
    knownAttributes: Object.keys(ordered).length,
    features: [...new Set(variants.flatMap((v) => v.features))].sort(),
    facets: [...new Set(variants.flatMap((v) => v.facets))].sort(),
    prime1: firstKnown(variants, (v) => v.prime1),
    prime2: firstKnown(variants, (v) => v.prime2),
    specScore: firstKnown(variants, (v) => v.specScore),
    sources: {
      specs: firstKnown(variants, (v) => v.sources.specs),
      price: first.sources.price ?? firstKnown(variants, (v) => v.sources.price),
    },
    searchText: indexText(first.brand, names.join(' '), labels.join(' ')),
    variants,
  };
}

/** The models of one category's rows, in the order their keys first appear; rumoured rows are left out. */
export function groupModels(rows: IdentifiedRow[]): ModelRow[] {
  const groups = new Map<string, IdentifiedRow[]>();
  for (const r of rows) {
    if (r.listingConfidence === 'rumoured') continue;
    const g = groups.get(r.modelKey);
    if (g) g.push(r);
    else groups.set(r.modelKey, [r]);
  }
  return [...groups].map(([key, g]) => buildModel(key, g));
}

/**
 * The products columns a model's variants decide (its derived columns), as drizzle names them: written by the
 * import's upsert and by an editor's change (derive.ts), so both compute a model the same way.
 */
export function modelColumns(m: ModelRow) {
  return {
    model: m.model,
    variant: m.variant,
    price: m.price,
    priceMax: m.priceMax,
    defaultVariantId: m.defaultVariantId,
    variantCount: m.variantCount,
    releaseDate: m.releaseDate,
    listingConfidence: m.listingConfidence,
    verified: m.verified,
    attributes: m.attributes,
    knownAttributes: m.knownAttributes,
    sources: m.sources,
    prime1: m.prime1,
    prime2: m.prime2,
    features: m.features,
    facets: m.facets,
    specScore: m.specScore,
    searchText: m.searchText,
  };
}
