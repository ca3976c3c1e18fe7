/**
 * The editors' find (issue 19): the site's search (SearchService) with hidden models as hits too, models hidden
 * before their words reached the vocabulary by their name, and any model or variant by its id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { EditorHit } from '../../../shared/catalogue-editing.ts';
import { AppError } from '../../../shared/messages.ts';
import type { SearchService } from '../search/service.ts';
import { modelIdOfAny } from './store.ts';

const LIMIT = 20;

export async function findModels(
  db: Db,
  search: SearchService,
  q: string,
  includeHidden: boolean,
): Promise<EditorHit[]> {
  const text = q.trim().replace(/^#/, '');
  if (/^\d{1,9}$/.test(text)) {
    const id = Number(text);
    const modelId = await modelIdOfAny(db, id).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
    if (modelId == null) return [];
    const hits = await describe(db, [modelId]);
    return hits.map((h) => ({ ...h, variant_id: id === modelId ? null : id }));
  }
  const page = await search.search(text, 0, LIMIT, true, includeHidden);
  const ids = page.products.map((p) => p.id);
  let extra: number[] = [];
  if (includeHidden) {
    const like = `%${text.replace(/[%_\\]/g, '')}%`;
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT p.id FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE p.hidden AND (b.name || ' ' || p.model) ILIKE ${like} ORDER BY p.id LIMIT ${LIMIT}`,
    );
    extra = found.map((r) => r.id);
  }
  return describe(db, [...ids, ...extra]);
}

/** The hits in the order given (a search result's id may be a variant's: each model once). */
async function describe(db: Db, ids: number[]): Promise<EditorHit[]> {
  if (!ids.length) return [];
  const found = await rows<Omit<EditorHit, 'variant_id'> & { asked: number }>(
    db,
    sql`SELECT q.id AS asked, p.id, p.category_id AS category, b.name AS brand, p.model, p.variant_count,
        p.status, p.hidden, p.hidden_reason
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS q(id, n)
      LEFT JOIN product_variants v ON v.id = q.id::int
      JOIN products p ON p.id = coalesce(v.product_id, q.id::int) JOIN brands b ON b.id = p.brand_id
      ORDER BY q.n`,
  );
  const seen = new Set<number>();
  const hits: EditorHit[] = [];
  for (const { asked: _asked, ...h } of found) {
    if (seen.has(h.id)) continue;
    seen.add(h.id);
    hits.push({ ...h, variant_id: null });
  }
  return hits;
}
