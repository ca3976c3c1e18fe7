import { sql } from 'drizzle-orm';
import { type ArticleRow, syncArticles } from './articles.ts';
import { importAvatarFiles } from './avatar-files.ts';
import { refreshTrendLabels } from './trend-labels.ts';
import { catalogueMetaValue, catalogueVersion, importCatalogue, readCatalogue } from './catalogue/import.ts';
import type { Database } from './client.ts';
import { seedDemo } from './demo/seed.ts';
import { rows } from './sql.ts';
import { refreshStalePoints } from './review-points.ts';

const count = (n: number) => n.toLocaleString('en-IN');

/** Reviews whose points start-up reads before the server answers; any more are read in the background. */
export const POINTS_AT_START = 20_000;

/**
 * Start-up: migrations, profile photos left in the folder by earlier versions (moved into the database), the
 * catalogue on an empty database or when its files changed, the bundled articles' rows, the demo community when
 * asked, trend labels. `progress` hears, in plain words, each step that can take a while (a first start takes
 * half a minute or more).
 */
export async function prepareDatabase(
  database: Database,
  options: {
    seedDemo: boolean;
    articles: ArticleRow[];
    progress?: (message: string) => void;
    /** Where earlier versions kept profile photos ($DATA_DIR/uploads/avatars): moved into the database. */
    avatarsDir?: string;
  },
) {
  // Nodes starting together take turns: the second finds the migrations applied and the catalogue imported.
  return database.exclusive(() => prepare(database, options));
}

async function prepare(database: Database, options: Parameters<typeof prepareDatabase>[1]) {
  const progress = options.progress ?? (() => {});
  progress(`applying database migrations (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
  await database.migrate();
  await syncArticles(database.db, options.articles);
  const avatars = options.avatarsDir ? await importAvatarFiles(database.db, options.avatarsDir) : null;
  if (avatars?.moved) {
    progress(
      `moved ${count(avatars.moved)} profile photos from ${options.avatarsDir} into the database (the folder is no longer read)`,
    );
  }
  // An empty database, or one whose catalogue predates the files (or their transform), gets the (idempotent)
  // import: an existing database upgrades in place at its next start (issue 18: variants regroup into models).
  const version = catalogueVersion();
  const imported_ = await catalogueMetaValue(database.db, 'version');
  let imported = null;
  if (imported_ !== version) {
    const catalogue = {
      C001: readCatalogue('C001'),
      C002: readCatalogue('C002'),
      C003: readCatalogue('C003'),
    };
    progress(
      `importing the catalogue: ${count(catalogue.C001.length)} phones, ${count(catalogue.C002.length)} cars and ${count(catalogue.C003.length)} motorbikes`,
    );
    imported = await importCatalogue(database.db, catalogue, { version });
  }
  let demo = null;
  if (options.seedDemo) {
    const written = await rows(database.db, sql`SELECT 1 FROM users WHERE is_demo LIMIT 1`);
    if (!written.length)
      progress('writing the demo community (members named demo_…, their reviews, votes and questions)');
    demo = await seedDemo(database.db);
  }
  // Reviews written before summaries with receipts, or read by an older version of the method (issue 22).
  // At most POINTS_AT_START here (the demo community's thousands take a few seconds); the rest after the server
  // is up (StalePoints).
  const points = await refreshStalePoints(database.db, POINTS_AT_START);
  if (points) progress(`read what ${count(points)} reviews praise and criticise`);
  await refreshTrendLabels(database.db);
  // Fresh rows: merge the GIN indexes' pending lists and gather statistics now (PGlite runs no autovacuum).
  if (imported || demo?.skipped === false) {
    progress('indexing the new rows and gathering statistics');
    await database.db.execute(sql`VACUUM ANALYZE`);
  }
  return { kind: database.kind, imported, demo, ...(avatars?.moved ? { avatars } : {}) };
}
