/**
 * A model's derived columns after an editor's change (issue 19): computed from its variants by the same
 * buildModel + modelColumns as the import, so a model reads the same whichever wrote it. Also the search
 * vocabulary's counts for the words a change touched.
 */
import { sql } from 'drizzle-orm';
import type { AttributeValue } from '../../shared/attributes.ts';
import type { CategoryId } from '../../shared/constants.ts';
import { type Executor, rows } from '../sql.ts';
import { buildModel, type IdentifiedRow, modelColumns } from './models.ts';
import type { ListingConfidence } from './transform.ts';

type Attributes = Record<string, AttributeValue>;
export type ModelSources = {
  specs: string | null;
  price: string | null;
  specs_url?: string | null;
  specs_checked_on?: string | null;
};

interface VariantRow {
  id: number;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
  ram_gb: number | null;
  storage_gb: number | null;
  release_date: string | null;
  listing_confidence: ListingConfidence;
  attributes: Attributes;
  features: string[];
  facets: string[];
  spec_score: number | null;
  sources: { specs: string | null; price: string | null } | null;
}

interface ModelHead {
  category_id: CategoryId;
  model_key: string | null;
  sources: ModelSources | null;
  prime_1: number | null;
  prime_2: number | null;
  search_text: string;
}

const num = (a: AttributeValue | undefined): number | null =>
  a && typeof a.v === 'number' && Number.isFinite(a.v) ? a.v : null;

/**
 * A phone's browse facets from its variant's values, by the import's rules (ram_/storage_ for the listed sizes,
 * AMOLED/OLED, large or compact display, Android or iOS); other categories keep theirs.
 */
export function phoneFacets(
  attributes: Attributes,
  ramGb: number | null,
  storageGb: number | null,
): string[] {
  const facets: string[] = [];
  if (ramGb != null && [4, 6, 8, 12, 16].includes(ramGb)) facets.push(`ram_${ramGb}`);
  if (storageGb != null && [64, 128, 256, 512, 1024].includes(storageGb)) facets.push(`storage_${storageGb}`);
  const type = attributes.attribute_16?.v;
  if (typeof type === 'string' && /oled/i.test(type)) facets.push('display_amoled');
  const size = attributes.attribute_9?.v;
  const inches = typeof size === 'number' ? size : typeof size === 'string' ? parseFloat(size) : NaN;
  if (inches >= 6.7) facets.push('display_large');
  if (inches > 0 && inches < 6.2) facets.push('display_compact');
  const os = attributes.attribute_12?.v;
  const lower = typeof os === 'string' ? os.toLowerCase() : '';
  if (lower.startsWith('android')) facets.push('os_android');
  if (lower.startsWith('ios')) facets.push('os_ios');
  return facets.sort();
}

/** A phone's NFC feature follows its NFC attribute (attribute_22); every other feature stays as listed. */
export function phoneFeatures(attributes: Attributes, features: string[]): string[] {
  const nfc = attributes.attribute_22?.v;
  const out = new Set(features);
  // As the import: the feature exactly when the attribute says yes.
  if (nfc === true) out.add('nfc');
  else out.delete('nfc');
  return [...out].sort();
}

/**
 * Recomputes one model's derived columns from its variants (price, price_max, default variant, variant count,
 * attributes and their count, features, facets, search words, spec score, key specifications, release date,
 * confidence) and returns its search words before and after. A model without variants is left alone.
 */
export async function recomputeModel(
  tx: Executor,
  modelId: number,
): Promise<{ before: string[]; after: string[] }> {
  const [head] = await rows<ModelHead>(
    tx,
    sql`SELECT category_id, model_key, sources, prime_1, prime_2, search_text FROM products WHERE id = ${modelId}`,
  );
  const variants = await rows<VariantRow>(
    tx,
    sql`SELECT v.id, b.name AS brand, v.model, v.variant, v.price, v.ram_gb, v.storage_gb,
        v.release_date::text AS release_date, v.listing_confidence, v.attributes, v.features, v.facets,
        v.spec_score, v.sources
      FROM product_variants v JOIN brands b ON b.id = v.brand_id WHERE v.product_id = ${modelId}`,
  );
  if (!head || !variants.length) return { before: [], after: [] };
  const phone = head.category_id === 'C001';
  const identified: IdentifiedRow[] = variants.map((v) => ({
    id: v.id,
    categoryId: head.category_id,
    brand: v.brand,
    model: v.model,
    variant: v.variant,
    price: v.price,
    releaseDate: v.release_date,
    verified: v.listing_confidence === 'confirmed',
    attributes: v.attributes,
    // Phones: battery (stored in Ah) and main camera (MP); other categories keep the model's.
    prime1: phone
      ? num(v.attributes.attribute_7) == null
        ? null
        : num(v.attributes.attribute_7)! * 1000
      : head.prime_1,
    prime2: phone ? num(v.attributes.attribute_8) : head.prime_2,
    features: v.features,
    facets: v.facets,
    specScore: v.spec_score,
    modelKey: head.model_key ?? String(modelId),
    listingConfidence: v.listing_confidence,
    ramGb: v.ram_gb,
    storageGb: v.storage_gb,
    sources: v.sources ?? { specs: null, price: null },
  }));
  const built = modelColumns(buildModel(head.model_key ?? String(modelId), identified));
  // What an editor says of the specs' source stays the model's own.
  const sources: ModelSources = {
    ...built.sources,
    specs_url: head.sources?.specs_url ?? null,
    specs_checked_on: head.sources?.specs_checked_on ?? null,
  };
  await tx.execute(sql`UPDATE products SET model = ${built.model}, variant = ${built.variant},
      price = ${built.price}, price_max = ${built.priceMax}, default_variant_id = ${built.defaultVariantId},
      variant_count = ${built.variantCount}, release_date = ${built.releaseDate},
      listing_confidence = ${built.listingConfidence}, verified = ${built.verified},
      attributes = ${JSON.stringify(built.attributes)}::jsonb, known_attributes = ${built.knownAttributes},
      sources = ${JSON.stringify(sources)}::jsonb, prime_1 = ${built.prime1}, prime_2 = ${built.prime2},
      features = ${`{${built.features.join(',')}}`}::text[], facets = ${`{${built.facets.join(',')}}`}::text[],
      spec_score = ${built.specScore}, search_text = ${built.searchText}, updated_at = now()
    WHERE id = ${modelId}`);
  return { before: words(head.search_text), after: words(built.searchText) };
}

const words = (text: string) => text.split(' ').filter(Boolean);

/**
 * The search vocabulary's counts for `terms` (words a change added or removed): how many visible models have
 * each, a word no visible model has any more leaving the vocabulary (the same counts as refreshSearchTerms).
 */
export async function updateSearchTerms(tx: Executor, terms: string[]): Promise<void> {
  const unique = [...new Set(terms.filter(Boolean))];
  if (!unique.length) return;
  await tx.execute(sql`WITH t AS (SELECT DISTINCT x AS term FROM jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) x),
    counts AS (
      SELECT t.term, (SELECT count(*)::int FROM products p
        WHERE NOT p.hidden AND p.search_text LIKE '%' || t.term || '%'
          AND t.term = ANY (string_to_array(p.search_text, ' '))) AS products
      FROM t
    ), gone AS (
      DELETE FROM search_terms s USING counts c WHERE s.term = c.term AND c.products = 0
    )
    INSERT INTO search_terms (term, products) SELECT term, products FROM counts WHERE products > 0
    ON CONFLICT (term) DO UPDATE SET products = excluded.products`);
}

/** A hidden model's words leave the vocabulary's counts, a restored one's come back. */
export async function searchWordsOf(tx: Executor, modelIds: number[]): Promise<string[]> {
  if (!modelIds.length) return [];
  const found = await rows<{ search_text: string }>(
    tx,
    sql`SELECT search_text FROM products WHERE id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(modelIds)}::jsonb) x)`,
  );
  return found.flatMap((r) => words(r.search_text));
}
