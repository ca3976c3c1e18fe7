import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { CATEGORIES, type CategoryId } from '../../shared/constants.ts';
import { indexText } from '../../shared/search.ts';
import type { Db } from '../client.ts';
import { brands, categories, products, searchTerms } from '../schema.ts';
import { type CatalogueRow, transformCar, transformMotorbike, transformPhone } from './transform.ts';
import { checkRows } from './validate.ts';

/** Where the catalogue's files are. */
export const CATALOGUE_DIR = fileURLToPath(new URL('./data/', import.meta.url));

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
  products: number;
}

/**
 * Idempotent: categories and brands are upserted on their names, products on brand + model + variant.
 * Counters (reviews, views, upvotes) are never touched by a re-import.
 */
export async function importCatalogue(
  db: Db,
  rowsByCategory: Partial<Record<CategoryId, CatalogueRow[]>> = {
    C001: readCatalogue('C001'),
    C002: readCatalogue('C002'),
    C003: readCatalogue('C003'),
  },
): Promise<ImportResult> {
  const result: ImportResult = { categories: 0, brands: 0, products: 0 };
  await db
    .transaction(async (tx) => {
      for (const c of Object.values(CATEGORIES)) {
        await tx
          .insert(categories)
          .values({ id: c.id, name: c.name })
          .onConflictDoUpdate({ target: categories.id, set: { name: c.name } });
        result.categories++;
      }
      for (const [categoryId, rows] of Object.entries(rowsByCategory) as [CategoryId, CatalogueRow[]][]) {
        const brandNames = [...new Set(rows.map((r) => r.brand))];
        const brandRows = await tx
          .insert(brands)
          .values(brandNames.map((name) => ({ categoryId, name })))
          .onConflictDoUpdate({ target: [brands.categoryId, brands.name], set: { name: sql`excluded.name` } })
          .returning({ id: brands.id, name: brands.name });
        result.brands += brandRows.length;
        const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
        for (let i = 0; i < rows.length; i += 400) {
          const chunk = rows.slice(i, i + 400).map((r) => ({
            categoryId,
            brandId: brandId.get(r.brand)!,
            model: r.model,
            variant: r.variant,
            price: r.price,
            releaseDate: r.releaseDate,
            verified: r.verified,
            attributes: r.attributes,
            prime1: r.prime1,
            prime2: r.prime2,
            features: r.features,
            facets: r.facets,
            specScore: r.specScore,
            searchText: indexText(r.brand, r.model, r.variant),
          }));
          await tx
            .insert(products)
            .values(chunk)
            .onConflictDoUpdate({
              target: [products.brandId, products.model, products.variant],
              set: {
                price: sql`excluded.price`,
                releaseDate: sql`excluded.release_date`,
                verified: sql`excluded.verified`,
                attributes: sql`excluded.attributes`,
                prime1: sql`excluded.prime_1`,
                prime2: sql`excluded.prime_2`,
                features: sql`excluded.features`,
                facets: sql`excluded.facets`,
                specScore: sql`excluded.spec_score`,
                searchText: sql`excluded.search_text`,
                // The page changed only if the listing did (the sitemap's lastmod).
                updatedAt: sql`CASE WHEN (${products.price}, ${products.releaseDate}, ${products.verified},
                    ${products.attributes}, ${products.prime1}, ${products.prime2}, ${products.features},
                    ${products.facets}, ${products.specScore})
                  IS DISTINCT FROM (excluded.price, excluded.release_date, excluded.verified, excluded.attributes,
                    excluded.prime_1, excluded.prime_2, excluded.features, excluded.facets, excluded.spec_score)
                  THEN now() ELSE ${products.updatedAt} END`,
              },
            });
          result.products += chunk.length;
        }
      }
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

/** The search vocabulary: every distinct word the catalogue indexes, with how many products have it. */
export async function refreshSearchTerms(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`WITH counts AS (
      SELECT w AS term, count(*)::int AS products
      FROM products, unnest(string_to_array(search_text, ' ')) AS w WHERE w <> '' GROUP BY w
    ), gone AS (
      DELETE FROM ${searchTerms} s WHERE NOT EXISTS (SELECT 1 FROM counts c WHERE c.term = s.term)
    )
    INSERT INTO ${searchTerms} (term, products) SELECT term, products FROM counts
    ON CONFLICT (term) DO UPDATE SET products = excluded.products`);
}
