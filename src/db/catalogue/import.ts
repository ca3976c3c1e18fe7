import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { projectPath } from '../../project-files.ts';
import { CATEGORIES, type CategoryId } from '../../shared/constants.ts';
import type { Db } from '../client.ts';
import {
  brands,
  catalogueMeta,
  categories,
  priceHistory,
  products,
  productVariants,
  searchTerms,
} from '../schema.ts';
import { type Executor, rows as rows_ } from '../sql.ts';
import { type IdentifiedRow, groupModels, modelColumns } from './models.ts';
import { regroupCategory } from './regroup.ts';
import { type CatalogueRow, transformCar, transformMotorbike, transformPhone } from './transform.ts';
import { checkRows } from './validate.ts';

/** Where the catalogue's files are. */
export const CATALOGUE_DIR = projectPath('src', 'db', 'catalogue', 'data');

const SOURCES: Record<CategoryId, { file: string; transform: (r: Record<string, unknown>) => CatalogueRow }> =
  {
    C001: { file: 'phones.json', transform: transformPhone },
    C002: { file: 'cars.json', transform: transformCar },
    C003: { file: 'motorbikes.json', transform: transformMotorbike },
  };

/**
 * A category's rows from its file in `dir`, checked (validate.ts) and transformed. Any problem throws before
 * anything is written, naming the file (as a path from the working directory), and for rows the row and field.
 */
export function readCatalogue(category: CategoryId, dir = CATALOGUE_DIR): CatalogueRow[] {
  const { file: name, transform } = SOURCES[category];
  const path = `${dir.replace(/\/$/, '')}/${name}`;
  const inside = relative(process.cwd(), path);
  const file = inside && !inside.startsWith('..') ? inside : path;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    // A truncated or hand-edited file: JSON.parse names the position, not the file.
    throw new Error(`${file}: not readable JSON (${(err as Error).message}); nothing was imported`);
  }
  const raw = checkRows(file, category, data);
  const seen = new Set<string>();
  const rows: CatalogueRow[] = [];
  for (const r of raw.map(transform)) {
    const key = `${r.brand.toLowerCase()}|${r.model.toLowerCase()}|${r.variant.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(r);
  }
  return rows;
}

export interface ImportResult {
  categories: number;
  brands: number;
  /** Models (products rows) written. */
  products: number;
  /** Variants (product_variants rows) written. */
  variants: number;
  /** Old products merged into their model (an existing database's upgrade: regroup.ts). */
  merged: number;
  /** Old products hidden because their rows are rumoured now. */
  hidden: number;
}

/**
 * Bump when the transform or grouping changes what the catalogue's rows become: the version changes, and every
 * database re-imports (and regroups) at its next start.
 */
export const TRANSFORM_VERSION = 'issue-18.4';

/**
 * How old the catalogue's prices are: the newest day a price source of the catalogue states, the Smartprix scrape
 * of 2025-10-13 (SOURCES.md, source F: price_source "smartprix_2025-10_mynkpdr"). Source A (price_source
 * "smartprix_2025") says only "late 2025" (its rows list phones released up to 2025-11-12, so it is a few weeks
 * newer, but no day is stated); the 2023 phone listings, the cars (about 2020) and the motorbikes (early 2023)
 * are older. The stated day is the honest one: "Catalogue prices as of 13 October 2025" never claims more.
 */
export const PRICES_AS_OF = '2025-10-13';

/** The version of the catalogue files in `dir` and of their transform: a re-import is due when it changes. */
export function catalogueVersion(dir = CATALOGUE_DIR): string {
  const hash = createHash('sha256').update(TRANSFORM_VERSION);
  for (const { file } of Object.values(SOURCES)) {
    hash.update(`\0${file}\0`).update(readFileSync(`${dir.replace(/\/$/, '')}/${file}`));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The advisory lock the import holds for its transaction (any fixed number; "verdict" + 18). */
export const IMPORT_LOCK = 7_118_018;

const natural = (brandId: number, model: string, variant: string) =>
  `${brandId}\u0000${model}\u0000${variant}`;

/** `n` fresh ids from the products' sequence (shared by product_variants), ascending. */
export async function reserveIds(tx: Executor, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const got = await rows_<{ id: number }>(
    tx,
    sql`SELECT nextval('products_id_seq')::int AS id FROM generate_series(1, ${n}::int)`,
  );
  return got.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Idempotent: categories and brands are upserted on their names, variants on brand + model + variant, models
 * (products) on category + model_key; rumoured rows are not imported. Counters (reviews, views, upvotes) are
 * never touched by a re-import, and a row's updated_at moves only when its listing changed. `version` (the
 * files' catalogueVersion) is recorded in catalogue_meta when given.
 */
export async function importCatalogue(
  db: Db,
  rowsByCategory: Partial<Record<CategoryId, CatalogueRow[]>> = {
    C001: readCatalogue('C001'),
    C002: readCatalogue('C002'),
    C003: readCatalogue('C003'),
  },
  options: { version?: string } = {},
): Promise<ImportResult> {
  const result: ImportResult = { categories: 0, brands: 0, products: 0, variants: 0, merged: 0, hidden: 0 };
  await db
    .transaction(async (tx) => {
      // Nodes starting together import one after the other (the second finds nothing to regroup).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      for (const c of Object.values(CATEGORIES)) {
        await tx
          .insert(categories)
          .values({ id: c.id, name: c.name })
          .onConflictDoUpdate({ target: categories.id, set: { name: c.name } });
        result.categories++;
      }
      for (const [categoryId, rows] of Object.entries(rowsByCategory) as [CategoryId, CatalogueRow[]][]) {
        if (!rows.length) continue;
        const written = await importCategory(tx, categoryId, rows);
        result.brands += written.brands;
        result.products += written.products;
        result.variants += written.variants;
        result.merged += written.merged;
        result.hidden += written.hidden;
      }
      await writeMeta(tx, options.version);
      await refreshSearchTerms(tx);
    })
    .catch((err: unknown) => {
      // Drizzle's message holds the whole statement (hundreds of kilobytes for a chunk of products): say what
      // the database said, and keep its error (not the statement) as the cause.
      const cause = (err as { cause?: unknown }).cause ?? err;
      const said = cause instanceof Error ? cause.message : String(cause);
      throw new Error(`importing the catalogue failed, nothing was imported: ${said}`, { cause });
    });
  return result;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function importCategory(tx: Tx, categoryId: CategoryId, rows: CatalogueRow[]) {
  const brandNames = [...new Set(rows.map((r) => r.brand))];
  const brandRows = await tx
    .insert(brands)
    .values(brandNames.map((name) => ({ categoryId, name })))
    .onConflictDoUpdate({ target: [brands.categoryId, brands.name], set: { name: sql`excluded.name` } })
    .returning({ id: brands.id, name: brands.name });
  const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
  const ids = brandRows.map((b) => b.id);
  // An existing database's products join their models first (every old id stays a variant id).
  const regrouped = await regroupCategory(tx, categoryId, rows);

  // Every listed variant keeps its id; new ones get theirs from the sequence, in file order.
  const existing = await rows_<{
    id: number;
    brand_id: number;
    model: string;
    variant: string;
    price: number | null;
  }>(
    tx,
    sql`SELECT id, brand_id, model, variant, price FROM ${productVariants}
      WHERE brand_id = ANY(${sql.raw(`ARRAY[${ids.join(',') || 'NULL'}]::int[]`)})`,
  );
  const known = new Map(existing.map((v) => [natural(v.brand_id, v.model, v.variant), v.id]));
  const priceBefore = new Map(existing.map((v) => [v.id, v.price]));
  // Decision 0016: a model with a line in the catalogue's history (an editor's change or a bulk import) is the
  // editors' now: the bundled file no longer writes over it (its values, prices, listing or variants).
  const edited = new Set(
    (
      await rows_<{ model_key: string }>(
        tx,
        sql`SELECT p.model_key FROM ${products} p WHERE p.category_id = ${categoryId} AND p.model_key IS NOT NULL
          AND EXISTS (SELECT 1 FROM catalogue_changes c WHERE (c.target_type = 'model' AND c.target_id = p.id)
            OR (c.target_type = 'variant' AND c.target_id IN (SELECT v.id FROM ${productVariants} v WHERE v.product_id = p.id)))`,
      )
    ).map((p) => p.model_key),
  );
  const listed = rows.filter((r) => r.listingConfidence !== 'rumoured' && !edited.has(r.modelKey));
  const fresh = listed.filter((r) => !known.has(natural(brandId.get(r.brand)!, r.model, r.variant)));
  const reserved = await reserveIds(tx, fresh.length);
  fresh.forEach((r, i) => known.set(natural(brandId.get(r.brand)!, r.model, r.variant), reserved[i]!));
  const identified: IdentifiedRow[] = listed.map((r) => ({
    ...r,
    id: known.get(natural(brandId.get(r.brand)!, r.model, r.variant))!,
  }));
  const models = groupModels(identified);

  // A model keeps its id; a new one takes its default variant's id when that variant is new too (its first
  // address is its canonical one), else a fresh id.
  const modelIds = new Map(
    (
      await rows_<{ id: number; model_key: string }>(
        tx,
        sql`SELECT id, model_key FROM ${products} WHERE category_id = ${categoryId} AND model_key IS NOT NULL`,
      )
    ).map((p) => [p.model_key, p.id]),
  );
  const freshIds = new Set(reserved);
  const needIds = models.filter((m) => !modelIds.has(m.modelKey) && !freshIds.has(m.defaultVariantId));
  const extra = await reserveIds(tx, needIds.length);
  needIds.forEach((m, i) => modelIds.set(m.modelKey, extra[i]!));
  for (const m of models) if (!modelIds.has(m.modelKey)) modelIds.set(m.modelKey, m.defaultVariantId);

  for (let i = 0; i < models.length; i += 300) {
    const chunk = models.slice(i, i + 300).map((m) => ({
      id: modelIds.get(m.modelKey)!,
      categoryId,
      brandId: brandId.get(m.brand)!,
      modelKey: m.modelKey,
      hidden: false,
      ...modelColumns(m),
    }));
    await tx
      .insert(products)
      .values(chunk)
      .onConflictDoUpdate({
        target: [products.categoryId, products.modelKey],
        // The page changed only if the listing did (the sitemap's lastmod).
        set: upsertSet(products, [
          'brandId',
          'model',
          'variant',
          'price',
          'priceMax',
          'defaultVariantId',
          'variantCount',
          'releaseDate',
          'listingConfidence',
          'verified',
          'hidden',
          'attributes',
          'knownAttributes',
          'sources',
          'prime1',
          'prime2',
          'features',
          'facets',
          'specScore',
          'searchText',
        ]),
      });
  }

  const variants = models.flatMap((m) => m.variants.map((v) => ({ model: m, v })));
  for (let i = 0; i < variants.length; i += 300) {
    const chunk = variants.slice(i, i + 300).map(({ model, v }) => ({
      id: v.id,
      productId: modelIds.get(model.modelKey)!,
      brandId: brandId.get(v.brand)!,
      model: v.model,
      variant: v.variant,
      price: v.price,
      ramGb: v.ramGb,
      storageGb: v.storageGb,
      releaseDate: v.releaseDate,
      listingConfidence: v.listingConfidence,
      attributes: v.attributes,
      features: v.features,
      facets: v.facets,
      specScore: v.specScore,
      sources: v.sources,
    }));
    await tx
      .insert(productVariants)
      .values(chunk)
      .onConflictDoUpdate({
        target: [productVariants.brandId, productVariants.model, productVariants.variant],
        set: upsertSet(productVariants, [
          'productId',
          'price',
          'ramGb',
          'storageGb',
          'releaseDate',
          'listingConfidence',
          'attributes',
          'features',
          'facets',
          'specScore',
          'sources',
        ]),
      });
  }
  await recordPrices(
    tx,
    variants.map(({ v }) => v),
    priceBefore,
  );
  return { brands: brandRows.length, products: models.length, variants: variants.length, ...regrouped };
}

/** Where the catalogue file's prices are said to come from in the price history. */
export const CATALOGUE_PRICE_SOURCE = 'Catalogue file';

/**
 * The price history of an import (issue 19): one observation (the catalogue file's, seen on PRICES_AS_OF) for
 * every new variant with a price and every variant whose price the file changes. A re-run of the same file
 * changes no price, so it adds nothing.
 */
async function recordPrices(
  tx: Tx,
  variants: { id: number; price: number | null }[],
  before: Map<number, number | null>,
) {
  const changed = variants.filter(
    (v) => v.price != null && v.price > 0 && (!before.has(v.id) || before.get(v.id) !== v.price),
  );
  for (let i = 0; i < changed.length; i += 1000) {
    await tx.insert(priceHistory).values(
      changed.slice(i, i + 1000).map((v) => ({
        variantId: v.id,
        price: v.price!,
        source: CATALOGUE_PRICE_SOURCE,
        observedAt: PRICES_AS_OF,
      })),
    );
  }
}

/**
 * An upsert's SET: `keys` from the row offered (excluded.*), and updated_at moved to now() only when one of them
 * changed, so updated_at says when the listing last changed.
 */
function upsertSet<T extends typeof products | typeof productVariants>(
  table: T,
  keys: (keyof T['$inferInsert'] & keyof T['_']['columns'])[],
): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string) => columns[key]!;
  const excluded = (key: string) => sql.raw(`excluded.${column(key).name}`);
  const mine = sql.join(
    keys.map((k) => sql`${column(k as string)}`),
    sql`, `,
  );
  const offered = sql.join(
    keys.map((k) => excluded(k as string)),
    sql`, `,
  );
  return {
    ...Object.fromEntries(keys.map((k) => [k, excluded(k as string)])),
    updatedAt: sql`CASE WHEN (${mine}) IS DISTINCT FROM (${offered}) THEN now() ELSE ${column('updatedAt')} END`,
  };
}

/** catalogue_meta: the files' version (when given), how old the prices are, the newest release listed. */
async function writeMeta(tx: Executor, version: string | undefined) {
  const [newest] = await rows_<{ d: string | null }>(
    tx,
    sql`SELECT max(release_date)::text AS d FROM ${products} WHERE NOT hidden`,
  );
  const entries: [string, string | null | undefined][] = [
    ['version', version],
    ['prices_as_of', PRICES_AS_OF],
    ['newest_release', newest?.d],
  ];
  for (const [key, value] of entries) {
    if (value == null) continue;
    await tx.execute(sql`INSERT INTO ${catalogueMeta} (key, value) VALUES (${key}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value,
        updated_at = CASE WHEN ${catalogueMeta.value} = excluded.value THEN ${catalogueMeta.updatedAt} ELSE now() END`);
  }
}

/** A catalogue_meta value, or null. */
export async function catalogueMetaValue(db: Executor, key: string): Promise<string | null> {
  const [row] = await rows_<{ value: string }>(
    db,
    sql`SELECT value FROM ${catalogueMeta} WHERE key = ${key}`,
  );
  return row?.value ?? null;
}

/** The search vocabulary: every distinct word the catalogue indexes, with how many (visible) models have it. */
export async function refreshSearchTerms(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`WITH counts AS (
      SELECT w AS term, count(*)::int AS products
      FROM products, unnest(string_to_array(search_text, ' ')) AS w WHERE w <> '' AND NOT hidden GROUP BY w
    ), gone AS (
      DELETE FROM ${searchTerms} s WHERE NOT EXISTS (SELECT 1 FROM counts c WHERE c.term = s.term)
    )
    INSERT INTO ${searchTerms} (term, products) SELECT term, products FROM counts
    ON CONFLICT (term) DO UPDATE SET products = excluded.products`);
}
