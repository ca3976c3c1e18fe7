import { useMemo } from 'react';
import type {
  AppealDecisionInput,
  Appeals,
  AuditLog,
  FlaggedListings,
  ModerationAction,
  ModerationActionInput,
  ProofDecisionInput,
  Proofs,
  Queue,
} from '../../../shared/moderation.ts';
import { ApiError } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';

/** The moderation API's base path (docs/api.md, "Moderation"). */
export const MODERATION_API = '/moderation/api/v1';

/** How many items a page of the queue, the listings and the audit log brings. */
export const MODERATION_PAGE_SIZE = 10;

export interface ActionResult {
  success: true;
  message: string;
}

/**
 * The moderation API from the browser, with the session's token (useCommunityApi: a 401 for it ends the
 * session). Failures throw AccountApiError (`message`, `status`, `code`, `fields`).
 */
export function useModerationApi() {
  const api = useCommunityApi();
  return useMemo(
    () => ({
      queue: (page: number, size = MODERATION_PAGE_SIZE) =>
        api.get<Queue>(`${MODERATION_API}/queue?page=${page}&size=${size}`),
      listings: (page: number, size = MODERATION_PAGE_SIZE) =>
        api.get<FlaggedListings>(`${MODERATION_API}/listings?page=${page}&size=${size}`),
      audit: (page: number, size = MODERATION_PAGE_SIZE) =>
        api.get<AuditLog>(`${MODERATION_API}/audit?page=${page}&size=${size}`),
      act: (input: ModerationActionInput) => api.post<ActionResult>(`${MODERATION_API}/actions`, input),
      appeals: (page: number, size = MODERATION_PAGE_SIZE) =>
        api.get<Appeals>(`${MODERATION_API}/appeals?page=${page}&size=${size}`),
      decideAppeal: (id: number, input: AppealDecisionInput) =>
        api.post<ActionResult>(`${MODERATION_API}/appeals/${id}`, input),
      proofs: (page: number, size = MODERATION_PAGE_SIZE) =>
        api.get<Proofs>(`${MODERATION_API}/proofs?page=${page}&size=${size}`),
      decideProof: (reviewId: number, input: ProofDecisionInput) =>
        api.post<ActionResult>(`${MODERATION_API}/proofs/${reviewId}`, input),
    }),
    [api],
  );
}

/** The server's answer to someone signed in without the role the page needs. */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/**
 * `size` items from `offset` of a list the API pages by page number. The queue and the listings lose items as
 * moderators act on them, so the next "Show more" starts where the list now ends rather than at the next page
 * number (which would skip as many items as were acted on): one page, or two when the offset falls inside one.
 */
export async function itemsFrom<T>(
  getPage: (page: number, size: number) => Promise<{ items: T[]; total: number }>,
  offset: number,
  size = MODERATION_PAGE_SIZE,
): Promise<{ items: T[]; total: number }> {
  const first = Math.floor(offset / size);
  const skip = offset - first * size;
  const a = await getPage(first, size);
  let items = a.items.slice(skip);
  let total = a.total;
  if (skip > 0 && a.items.length === size && (first + 1) * size < a.total) {
    const b = await getPage(first + 1, size);
    items = items.concat(b.items);
    total = b.total;
  }
  return { items: items.slice(0, size), total };
}

/** Which actions make sense for an item as it is now (ACTIONS_FOR narrowed by its state). */
export function sensibleActions(
  allowed: readonly ModerationAction[],
  state: { hidden: boolean; flagged: boolean; exists: boolean; hasAuthor: boolean },
): ModerationAction[] {
  return allowed.filter((a) => {
    switch (a) {
      case 'hide':
        return state.exists && !state.hidden;
      case 'restore':
        return state.exists && state.hidden;
      case 'label':
        return state.exists;
      case 'flag':
        return !state.flagged;
      case 'unflag':
        return state.flagged;
      case 'warn':
      case 'suspend':
        return state.hasAuthor;
      default:
        return true;
    }
  });
}
