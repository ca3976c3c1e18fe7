import { useMemo } from 'react';
import type {
  CatalogueHistory,
  EditorModel,
  EditorSearch,
  HideInput,
  ModelCreate,
  ModelPatch,
  VariantInputSchema,
  VariantPatch,
} from '../../../shared/catalogue-editing.ts';
import type { CloseReportInput, CorrectionQueue } from '../../../shared/corrections.ts';
import type { z } from '../../../shared/zod.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuthFetch } from '../session/api.ts';

/** The editors' API's base path (docs/api.md, "Catalogue editing"). */
export const CATALOGUE_API = '/catalogue/api/v1';
export const HISTORY_PAGE_SIZE = 20;

type ModelReply = { success: true; model: EditorModel };
type Done = { success: true; message: string };

/**
 * The editors' API from the browser, with the session's token (a 401 ends the session). Failures throw
 * AccountApiError (`message`, `status`, `code`, `fields`), whose fields the forms show under their inputs.
 */
export function useEditorApi() {
  const authFetch = useAuthFetch();
  return useMemo(() => {
    const send = <T>(method: string, path: string, json?: unknown) =>
      authFetch<T>(`${CATALOGUE_API}${path}`, { base: '', method, ...(json === undefined ? {} : { json }) });
    return {
      find: (q: string) => send<EditorSearch>('GET', `/search?q=${encodeURIComponent(q)}`),
      model: (id: number) => send<ModelReply>('GET', `/models/${id}`),
      create: (input: ModelCreate) => send<ModelReply>('POST', '/models', input),
      update: (id: number, patch: ModelPatch) => send<ModelReply>('PATCH', `/models/${id}`, patch),
      addVariant: (id: number, input: z.input<typeof VariantInputSchema>) =>
        send<ModelReply>('POST', `/models/${id}/variants`, input),
      updateVariant: (id: number, patch: VariantPatch) => send<ModelReply>('PATCH', `/variants/${id}`, patch),
      hide: (id: number, input: HideInput) => send<ModelReply>('POST', `/models/${id}/hide`, input),
      restore: (id: number) => send<ModelReply>('POST', `/models/${id}/restore`, {}),
      merge: (id: number, into: number) => send<ModelReply>('POST', `/models/${id}/merge`, { into }),
      split: (variantId: number, model?: string) =>
        send<ModelReply>('POST', `/variants/${variantId}/split`, model ? { model } : {}),
      modelChanges: (id: number, page: number) =>
        send<CatalogueHistory>('GET', `/models/${id}/changes?page=${page}&size=${HISTORY_PAGE_SIZE}`),
      corrections: (page: number) => send<CorrectionQueue>('GET', `/corrections?page=${page}&size=20`),
      accept: (id: number) => send<Done>('POST', `/corrections/${id}/accept`, {}),
      decline: (id: number, reason: string) => send<Done>('POST', `/corrections/${id}/decline`, { reason }),
      closeReport: (id: number, input: CloseReportInput) =>
        send<Done>('POST', `/corrections/reports/${id}/close`, input),
      changes: (page: number) =>
        send<CatalogueHistory>('GET', `/changes?page=${page}&size=${HISTORY_PAGE_SIZE}`),
    };
  }, [authFetch]);
}

export type EditorApi = ReturnType<typeof useEditorApi>;

export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;
