import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '../db/sql.ts';
import type { PhotoList } from '../shared/photos.ts';
import type { TestContext } from './app.ts';
import type { Member } from './community.ts';
import { multipartBody } from './multipart.ts';

/** A plain photo of one colour, `width` x `height`, as a JPEG (or PNG). */
export const testPhoto = (width = 1200, height = 900, color = '#c33', format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

/** POST /catalogue/api/v1/models/{id}/photos with these files (field `photos`). */
export function uploadPhotos(
  t: TestContext,
  modelId: number,
  files: Buffer[],
  who?: Pick<Member, 'headers'>,
) {
  const { payload, headers } = multipartBody(files.map((data) => ({ data })));
  return t.app.inject({
    method: 'POST',
    url: `/catalogue/api/v1/models/${modelId}/photos`,
    payload,
    headers: { ...headers, ...(who?.headers ?? {}) },
  });
}

/** Adds photos through the API as `editor` and returns the model's photos; throws unless it worked. */
export async function addTestPhotos(
  t: TestContext,
  modelId: number,
  editor: Pick<Member, 'headers'>,
  files: Buffer[],
): Promise<PhotoList> {
  const res = await uploadPhotos(t, modelId, files, editor);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as PhotoList;
}

/** products.photo_id of a model. */
export async function modelPhotoId(t: TestContext, modelId: number): Promise<number | null> {
  const [row] = await rows<{ photo_id: number | null }>(
    t.database.db,
    sql`SELECT photo_id FROM products WHERE id = ${modelId}`,
  );
  return row!.photo_id;
}
