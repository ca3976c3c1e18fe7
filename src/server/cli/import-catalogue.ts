/**
 * `npm run catalogue:import`: migrate and (re-)import the bundled catalogue into the configured database
 * (models an editor changed are left as they are: decision 0016).
 *
 * `npm run catalogue:import -- <file.json|file.csv> [--dry-run]`: the bulk import (issue 19). Every row is
 * checked first; any error refuses the file with `file:row:field: reason` lines. `--dry-run` prints what would be
 * added, changed and hidden and changes nothing; applying twice changes nothing the second time. With PGlite, the
 * server must be stopped (its files belong to one process: the command says so); with PostgreSQL it works while
 * the site runs.
 */
import { readFileSync } from 'node:fs';
import { catalogueVersion, importCatalogue } from '../../db/catalogue/import.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { DatabaseInUse } from '../../db/pglite-lock.ts';
import { refreshTrendLabels } from '../../db/trend-labels.ts';
import { describePlan, isEmptyPlan, summarizePlan, IMPORT_TEXTS } from '../../shared/catalogue-import.ts';
import { AppError } from '../../shared/messages.ts';
import { databaseOptions, loadConfig } from '../config.ts';
import { ImportRefused } from '../modules/catalogue-import/rows.ts';
import { importCatalogueFile } from '../modules/catalogue-import/service.ts';

const USAGE = 'usage: npm run catalogue:import [-- <file.json|file.csv> [--dry-run]]';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const files = args.filter((a) => a !== '--dry-run');
if (files.length > 1 || files.some((f) => f.startsWith('--')) || (dryRun && !files.length)) {
  console.error(USAGE);
  process.exit(2);
}
const path = files[0];

let text = '';
if (path !== undefined) {
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    console.error(`${path}: cannot be read (${(err as Error).message}).`);
    process.exit(1);
  }
}

const config = loadConfig();
let database: Database;
try {
  database = await createDatabase(databaseOptions(config));
} catch (err) {
  console.error(err instanceof DatabaseInUse ? err.message : `The database cannot be opened: ${String(err)}`);
  process.exit(1);
}

try {
  await database.migrate();
  if (path === undefined) {
    const result = await importCatalogue(database.db, undefined, { version: catalogueVersion() });
    await refreshTrendLabels(database.db);
    console.log(
      `Imported ${result.products} models (${result.variants} variants) in ${result.brands} brands (${database.kind}).`,
    );
  } else {
    const plan = await importCatalogueFile(database.db, { name: path, text }, { dryRun, actorId: null });
    console.log(
      dryRun
        ? `Dry run of ${path} (${plan.rows} rows): nothing was changed.`
        : `Imported ${path} (${plan.rows} rows, ${database.kind}).`,
    );
    console.log(summarizePlan(plan));
    for (const line of describePlan(plan)) console.log(`  ${line}`);
    if (!dryRun && !isEmptyPlan(plan) && database.kind === 'postgres')
      console.log('A running server shows the changes within a minute (its memoized reads expire).');
  }
} catch (err) {
  if (err instanceof ImportRefused) {
    for (const line of err.errors) console.error(line);
    console.error(IMPORT_TEXTS.refused);
  } else {
    console.error(err instanceof AppError || err instanceof Error ? err.message : String(err));
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
