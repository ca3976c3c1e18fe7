/**
 * GET /images/photos/{photoId}-{width}.{webp|avif}: the encoded files of product photos, from the database
 * (so every node serves the same ones). A URL names one file that never changes (photo ids are never reused),
 * so it is cached for a year; a removed photo's files are gone (404).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { parsePhotoFile } from '../../../shared/photos.ts';

const TYPES = { webp: 'image/webp', avif: 'image/avif' } as const;

/**
 * Recently served files, in this process: at most 32 MB, each for 10 minutes. A removed photo is dropped at
 * once (forgetPhoto), on every node when they share Redis (decision 0018); otherwise other nodes stop serving
 * it within that time.
 */
const recent = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (b) => Math.max(1, b.length),
  ttl: 10 * 60_000,
});

/** Drops a removed photo's files from this process' memory (every photo's when `photoId` is undefined). */
export function forgetPhoto(photoId: number | undefined): void {
  if (photoId === undefined) return recent.clear();
  for (const key of recent.keys()) if (key.startsWith(`${photoId}-`)) recent.delete(key);
}

async function load(db: Db, id: number, width: number, format: string): Promise<Buffer | null> {
  const [row] = await rows<{ bytes: Buffer | Uint8Array }>(
    db,
    sql`SELECT bytes FROM product_photo_files WHERE photo_id = ${id} AND width = ${width} AND format = ${format}`,
  );
  if (!row) return null;
  const b = row.bytes;
  // node-postgres answers a Buffer, PGlite a Uint8Array (the same memory, no copy).
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

export function photoFileRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { file: string } }>(
    '/images/photos/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const file = parsePhotoFile(req.params.file);
      if (!file) throw new AppError('NOT_FOUND');
      const key = `${file.id}-${file.width}.${file.format}`;
      let bytes = recent.get(key);
      if (!bytes) {
        bytes = (await load(db, file.id, file.width, file.format)) ?? undefined;
        if (!bytes) throw new AppError('NOT_FOUND');
        recent.set(key, bytes);
      }
      const etag = `"p${key}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.status(304).send();
      return reply.type(TYPES[file.format]).header('content-length', bytes.length).send(bytes);
    },
  );
}
