/**
 * A model's photos in the database (issue 19): add, remove, reorder and list them. Every change is one
 * transaction that also keeps products.photo_id equal to the first photo (lowest position) and writes the
 * history. Encoding happens before, outside the transaction (photo-image.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { productPhotoFiles } from '../../../db/schema.ts';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { type Photo, PHOTO_TEXTS, PHOTOS_PER_MODEL, photoUrl } from '../../../shared/photos.ts';
import { recordChange } from './history.ts';
import type { EncodedPhoto } from './photo-image.ts';

interface PhotoRow {
  id: number;
  product_id: number;
  position: number;
  width: number;
  height: number;
  alt: string;
  created_at: Date | string;
}

const toPhoto = (r: PhotoRow): Photo => ({
  id: r.id,
  position: r.position,
  width: r.width,
  height: r.height,
  alt: r.alt,
  url: photoUrl(r.id, r.width),
  created_at: iso(r.created_at)!,
});

const photosOf = (db: Executor, modelId: number) =>
  rows<PhotoRow>(
    db,
    sql`SELECT id, product_id, position, width, height, alt, created_at FROM product_photos
      WHERE product_id = ${modelId} ORDER BY position, id`,
  );

/** Locks the model's row for the change, so concurrent changes to its photos take turns. */
async function lockModel(tx: Executor, modelId: number): Promise<void> {
  const [row] = await rows<{ id: number }>(tx, sql`SELECT id FROM products WHERE id = ${modelId} FOR UPDATE`);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
}

/** Numbers the photos 0, 1, 2 ... in `ids`' order and makes the first one the model's image. */
async function renumber(tx: Executor, modelId: number, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.execute(
      sql`UPDATE product_photos SET position = ${position} WHERE id = ${id} AND position <> ${position}`,
    );
  }
  await tx.execute(sql`UPDATE products SET photo_id = ${ids[0] ?? null} WHERE id = ${modelId}`);
}

export async function listPhotos(db: Db, modelId: number): Promise<Photo[]> {
  return (await photosOf(db, modelId)).map(toPhoto);
}

/** Adds encoded photos after the model's others, in the order given; one history line each. */
export async function addPhotos(
  db: Db,
  modelId: number,
  actorId: number,
  photos: EncodedPhoto[],
): Promise<Photo[]> {
  return db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const existing = await photosOf(tx, modelId);
    if (existing.length + photos.length > PHOTOS_PER_MODEL)
      throw new AppError('VALIDATION', { field: 'photos' }, PHOTO_TEXTS.modelFull);
    const ids = existing.map((p) => p.id);
    let position = existing.length;
    for (const photo of photos) {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO product_photos (product_id, position, width, height, created_by)
          VALUES (${modelId}, ${position}, ${photo.width}, ${photo.height}, ${actorId}) RETURNING id`,
      );
      const id = row!.id;
      await tx.insert(productPhotoFiles).values(
        photo.files.map((f) => ({
          photoId: id,
          format: f.format,
          width: f.width,
          height: f.height,
          bytes: f.bytes,
        })),
      );
      await recordChange(tx, {
        actorId,
        action: 'add_photo',
        targetType: 'photo',
        targetId: id,
        after: { product_id: modelId, position, width: photo.width, height: photo.height },
      });
      ids.push(id);
      position += 1;
    }
    await renumber(tx, modelId, ids);
    return (await photosOf(tx, modelId)).map(toPhoto);
  });
}

/** Removes a photo (its files go with it); the next one becomes the model's image. Returns the model id. */
export async function removePhoto(db: Db, photoId: number, actorId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [found] = await rows<{ product_id: number }>(
      tx,
      sql`SELECT product_id FROM product_photos WHERE id = ${photoId}`,
    );
    if (!found) throw new AppError('NOT_FOUND', {}, PHOTO_TEXTS.notFound);
    const modelId = found.product_id;
    await lockModel(tx, modelId);
    const photos = await photosOf(tx, modelId);
    const photo = photos.find((p) => p.id === photoId);
    // Removed by someone else between the two reads.
    if (!photo) throw new AppError('NOT_FOUND', {}, PHOTO_TEXTS.notFound);
    await tx.execute(sql`DELETE FROM product_photos WHERE id = ${photoId}`);
    await recordChange(tx, {
      actorId,
      action: 'remove_photo',
      targetType: 'photo',
      targetId: photoId,
      before: { product_id: modelId, position: photo.position, width: photo.width, height: photo.height },
    });
    await renumber(
      tx,
      modelId,
      photos.filter((p) => p.id !== photoId).map((p) => p.id),
    );
    return modelId;
  });
}

/** Puts the model's photos in the order of `photoIds`, which must list each of them exactly once. */
export async function orderPhotos(
  db: Db,
  modelId: number,
  actorId: number,
  photoIds: number[],
): Promise<Photo[]> {
  return db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const before = (await photosOf(tx, modelId)).map((p) => p.id);
    const mine = new Set(before);
    if (photoIds.length !== before.length || photoIds.some((id) => !mine.has(id)))
      throw new AppError('VALIDATION', { field: 'photo_ids' }, PHOTO_TEXTS.order);
    if (photoIds.some((id, i) => before[i] !== id)) {
      await renumber(tx, modelId, photoIds);
      await recordChange(tx, {
        actorId,
        action: 'order_photos',
        targetType: 'model',
        targetId: modelId,
        before: { photo_ids: before },
        after: { photo_ids: photoIds },
      });
    }
    return (await photosOf(tx, modelId)).map(toPhoto);
  });
}
