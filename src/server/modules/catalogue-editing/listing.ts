/**
 * Hiding a listing and restoring it (issue 19). A hidden model answers 404 on the site and is out of every list,
 * search (and the search vocabulary's counts) and sitemap; its reviews, questions and counters stay.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql.ts';
import type { HideInput } from '../../../shared/catalogue-editing.ts';
import { AppError } from '../../../shared/messages.ts';
import { recordChange } from './history.ts';
import { finishChange, modelIdOfAny, type Tx } from './store.ts';

interface Listing {
  hidden: boolean;
  hidden_reason: string | null;
  status: string;
}

async function listing(tx: Tx, modelId: number): Promise<Listing> {
  const [row] = await rows<Listing>(
    tx,
    sql`SELECT hidden, hidden_reason, status FROM products WHERE id = ${modelId}`,
  );
  return row!;
}

export async function hideModel(
  tx: Tx,
  actorId: number | null,
  id: number,
  input: HideInput,
): Promise<number> {
  const modelId = await modelIdOfAny(tx, id, true);
  const was = await listing(tx, modelId);
  if (was.hidden) throw new AppError('ALREADY_HIDDEN');
  // Hidden as rumoured: its status says so too.
  const status = input.reason === 'rumoured' ? 'rumoured' : was.status;
  await tx.execute(sql`UPDATE products SET hidden = true, hidden_reason = ${input.reason}, status = ${status},
      updated_at = now() WHERE id = ${modelId}`);
  await finishChange(tx, [modelId]);
  await recordChange(tx, {
    actorId,
    action: 'hide',
    targetType: 'model',
    targetId: modelId,
    before: { hidden: false, hidden_reason: null, status: was.status },
    after: { hidden: true, hidden_reason: input.reason, status, note: input.note ?? null },
  });
  return modelId;
}

export async function restoreModel(tx: Tx, actorId: number | null, id: number): Promise<number> {
  const modelId = await modelIdOfAny(tx, id, true);
  const was = await listing(tx, modelId);
  if (!was.hidden) throw new AppError('NOT_HIDDEN');
  // A listed phone is not rumoured any more: it is announced (an editor may say more in its status).
  const status = was.status === 'rumoured' ? 'announced' : was.status;
  await tx.execute(sql`UPDATE products SET hidden = false, hidden_reason = NULL, status = ${status},
      updated_at = now() WHERE id = ${modelId}`);
  await finishChange(tx, [modelId]);
  await recordChange(tx, {
    actorId,
    action: 'restore',
    targetType: 'model',
    targetId: modelId,
    before: { hidden: true, hidden_reason: was.hidden_reason, status: was.status },
    after: { hidden: false, hidden_reason: null, status },
  });
  return modelId;
}
