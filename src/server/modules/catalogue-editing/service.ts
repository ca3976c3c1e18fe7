/**
 * The editors' changes (issue 19): each one transaction (the rows, the derived columns, the search words, one
 * history line), after which the site's memoized reads are forgotten, so the change shows at once in search,
 * browse and the product page.
 */
import type { Db } from '../../../db/client.ts';
import type {
  EditorHit,
  EditorModel,
  HideInput,
  ModelCreate,
  ModelPatch,
  VariantInput,
  VariantPatch,
} from '../../../shared/catalogue-editing.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { SearchService } from '../search/service.ts';
import { findModels } from './find.ts';
import { hideModel, restoreModel } from './listing.ts';
import { mergeModels, splitVariant } from './merge.ts';
import { addVariant, createModel, updateModel, updateVariant } from './models.ts';
import { modelIdOfAny, readModel, type Tx } from './store.ts';

export class CatalogueEditing {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueService,
    private readonly search: SearchService,
  ) {}

  find(q: string, includeHidden: boolean): Promise<EditorHit[]> {
    return findModels(this.db, this.search, q, includeHidden);
  }

  async model(id: number): Promise<EditorModel> {
    return readModel(this.db, await modelIdOfAny(this.db, id));
  }

  /** Runs one change in one transaction, then forgets the memoized reads; answers the model as it is now. */
  private async change(run: (tx: Tx) => Promise<number>): Promise<EditorModel> {
    const modelId = await this.db.transaction(run);
    await Promise.all([this.catalogue.forget(), this.search.forget()]);
    return readModel(this.db, modelId);
  }

  create = (actor: number, input: ModelCreate) => this.change((tx) => createModel(tx, actor, input));
  update = (actor: number, id: number, patch: ModelPatch) =>
    this.change((tx) => updateModel(tx, actor, id, patch));
  addVariant = (actor: number, id: number, input: VariantInput) =>
    this.change(async (tx) => {
      await addVariant(tx, actor, id, input);
      return modelIdOfAny(tx, id);
    });
  updateVariant = (actor: number, id: number, patch: VariantPatch) =>
    this.change((tx) => updateVariant(tx, actor, id, patch));
  hide = (actor: number, id: number, input: HideInput) =>
    this.change((tx) => hideModel(tx, actor, id, input));
  restore = (actor: number, id: number) => this.change((tx) => restoreModel(tx, actor, id));
  merge = (actor: number, id: number, into: number) => this.change((tx) => mergeModels(tx, actor, id, into));
  split = (actor: number, variantId: number, model?: string) =>
    this.change((tx) => splitVariant(tx, actor, variantId, model));
}
