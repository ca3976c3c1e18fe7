import { useMemo } from 'react';
import type { ErrorResponse } from '../../../shared/api-types.ts';
import type { PhotoList } from '../../../shared/photos.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import { isOffline } from '../../lib/api.ts';
import { AccountApiError, useAuthFetch } from '../session/api.ts';
import { currentToken, useSession } from '../session/session.tsx';

/** The editors' API's base path (docs/api.md, "Catalogue editing"). */
export const CATALOGUE_API = '/catalogue/api/v1';

/**
 * Uploads photos with the session's token as multipart `photos` files, reporting the share sent (0 to 1):
 * XMLHttpRequest, because fetch cannot tell how much of a body has gone. Failures throw AccountApiError.
 */
function upload(
  modelId: number,
  files: readonly File[],
  token: string | null,
  onProgress: (sent: number) => void,
): Promise<PhotoList> {
  if (isOffline())
    return Promise.reject(new AccountApiError(0, { code: 'OFFLINE', message: MESSAGES.offlineBlocked }));
  const form = new FormData();
  for (const f of files) form.append('photos', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${CATALOGUE_API}/models/${modelId}/photos`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      type Body = (Partial<ErrorResponse> & { success?: boolean }) | null;
      let body: Body;
      try {
        body = JSON.parse(xhr.responseText) as Body;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) resolve(body as unknown as PhotoList);
      else reject(new AccountApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new AccountApiError(0, { code: 'NETWORK', message: MESSAGES.generic }));
    xhr.send(form);
  });
}

/**
 * The photo endpoints from the browser with the session's token; a 401 for it ends the session (as
 * useAuthFetch does for the JSON calls).
 */
export function usePhotoApi() {
  const authFetch = useAuthFetch();
  const { expire } = useSession();
  return useMemo(
    () => ({
      list: (modelId: number) =>
        authFetch<PhotoList>(`${CATALOGUE_API}/models/${modelId}/photos`, { base: '' }),
      order: (modelId: number, photoIds: number[]) =>
        authFetch<PhotoList>(`${CATALOGUE_API}/models/${modelId}/photos/order`, {
          base: '',
          method: 'PUT',
          json: { photo_ids: photoIds },
        }),
      remove: (photoId: number) =>
        authFetch<{ success: true; message: string }>(`${CATALOGUE_API}/photos/${photoId}`, {
          base: '',
          method: 'DELETE',
        }),
      upload: async (modelId: number, files: readonly File[], onProgress: (sent: number) => void) => {
        const token = currentToken();
        try {
          return await upload(modelId, files, token, onProgress);
        } catch (err) {
          if (err instanceof AccountApiError && err.status === 401 && token && currentToken() === token)
            expire();
          throw err;
        }
      },
    }),
    [authFetch, expire],
  );
}
