/**
 * The bulk import (issue 19, decision 0016): check every row, plan, and (unless a dry run) apply the plan in one
 * transaction through the editors' own changes (createModel, updateModel, addVariant, updateVariant,
 * recordVariantPrice, hideModel), so derived columns, search words, price history and history lines are what an
 * editor's change makes. The caller forgets the server's memoized reads afterwards.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { IMPORT_LOCK } from '../../../db/catalogue/import.ts';
import type { ImportPlan } from '../../../shared/catalogue-import.ts';
import { hideModel } from '../catalogue-editing/listing.ts';
import { addVariant, createModel, updateModel, updateVariant } from '../catalogue-editing/models.ts';
import { recordVariantPrice } from '../catalogue-editing/price-service.ts';
import { readModel, type Tx } from '../catalogue-editing/store.ts';
import { type ModelOp, planImport } from './plan.ts';
import { type ImportFile, readImportFile } from './rows.ts';

export interface ImportOptions {
  dryRun: boolean;
  /** The editor who uploaded the file; null for the command line. */
  actorId: number | null;
}

async function applyOps(tx: Tx, actorId: number | null, ops: ModelOp[], file: string) {
  for (const op of ops) {
    let modelId = op.modelId;
    if (modelId === null) modelId = await createModel(tx, actorId, op.create!);
    else if (Object.keys(op.patch).length) await updateModel(tx, actorId, modelId, op.patch);
    let created: Map<string, number> | null = null;
    for (const v of op.variants) {
      let variantId = v.variantId;
      if (variantId === null && v.add) variantId = await addVariant(tx, actorId, modelId, v.add);
      if (variantId === null) {
        created ??= new Map(
          (await readModel(tx, modelId)).variants.map((x) => [x.variant.toLowerCase(), x.id]),
        );
        variantId = created.get(v.label.toLowerCase())!;
      }
      if (v.patch) await updateVariant(tx, actorId, variantId, v.patch);
      if (v.price) await recordVariantPrice(tx, actorId, variantId, v.price);
    }
    if (op.hide)
      await hideModel(tx, actorId, modelId, {
        reason: op.hide,
        note: `Bulk import of ${file}`.slice(0, 500),
      });
  }
}

/**
 * Checks the file and answers its plan; applies it unless `dryRun`. Throws ImportRefused (every
 * `file:row:field: reason`) when any row is wrong, having written nothing.
 */
export async function importCatalogueFile(
  db: Db,
  file: ImportFile,
  options: ImportOptions,
): Promise<ImportPlan> {
  const fileRows = readImportFile(file);
  if (options.dryRun) return (await planImport(db, file.name, fileRows)).plan;
  return db.transaction(async (tx) => {
    // One import at a time (the bundled catalogue's too), planned on what this transaction sees.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const { plan, ops } = await planImport(tx, file.name, fileRows);
    await applyOps(tx, options.actorId, ops, file.name);
    return plan;
  });
}
