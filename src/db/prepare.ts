import { sql } from 'drizzle-orm';
import { type ArticleRow, syncArticles } from './articles.ts';
import { refreshTrendLabels } from './trend-labels.ts';
import { importCatalogue } from './catalogue/import.ts';
import type { Database } from './client.ts';
import { seedDemo } from './demo/seed.ts';
import { rows } from './sql.ts';

/**
 * Start-up: migrations, the catalogue on an empty database, the bundled articles' rows, the demo community when
 * asked, trend labels.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; articles: ArticleRow[] },
) {
  await database.migrate();
  await syncArticles(database.db, options.articles);
  const [products] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
  // An empty database, or one whose products predate the search index, gets the (idempotent) import.
  const unindexed = await rows(database.db, sql`SELECT 1 FROM products WHERE search_text = '' LIMIT 1`);
  const imported = products?.n && !unindexed.length ? null : await importCatalogue(database.db);
  const demo = options.seedDemo ? await seedDemo(database.db) : null;
  await refreshTrendLabels(database.db);
  // Fresh rows: merge the GIN indexes' pending lists and gather statistics now (PGlite runs no autovacuum).
  if (imported || demo?.skipped === false) await database.db.execute(sql`VACUUM ANALYZE`);
  return { kind: database.kind, imported, demo };
}
