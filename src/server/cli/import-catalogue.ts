/** `npm run catalogue:import`: migrate and (re-)import the bundled catalogue into the configured database. */
import { databaseOptions, loadConfig } from '../config.ts';
import { catalogueVersion, importCatalogue } from '../../db/catalogue/import.ts';
import { createDatabase } from '../../db/client.ts';
import { refreshTrendLabels } from '../../db/trend-labels.ts';

const config = loadConfig();
const database = await createDatabase(databaseOptions(config));
try {
  await database.migrate();
  const result = await importCatalogue(database.db, undefined, { version: catalogueVersion() });
  await refreshTrendLabels(database.db);
  console.log(
    `Imported ${result.products} models (${result.variants} variants) in ${result.brands} brands (${database.kind}).`,
  );
} finally {
  await database.close();
}
