import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { avatarFiles } from '../../../db/schema.ts';
import { type Executor, rows } from '../../../db/sql.ts';

/** Anything that runs Drizzle's query builder: the database or one of its transactions. */
type Writer = Pick<Db, 'insert' | 'delete'>;

/**
 * Where profile photos are kept, by their server-made file name (decision 0021). One small interface, so
 * the routes and the erasure do not care where the bytes live; the one implementation keeps them in the
 * database, which every node shares and one backup keeps.
 */
export interface AvatarStore {
  /** Stores a new photo, within the caller's transaction when one is given. */
  put(file: string, bytes: Buffer, db?: Writer): Promise<void>;
  /** The photo's bytes, or null when there is no such photo. */
  get(file: string): Promise<Buffer | null>;
  /** Deletes photos; names that are not stored are no error. */
  remove(files: string[], db?: Writer): Promise<void>;
}

export class DatabaseAvatarStore implements AvatarStore {
  constructor(private readonly db: Db) {}

  async put(file: string, bytes: Buffer, db: Writer = this.db): Promise<void> {
    await db.insert(avatarFiles).values({ file, bytes });
  }

  async get(file: string, db: Executor = this.db): Promise<Buffer | null> {
    const [row] = await rows<{ bytes: Buffer | Uint8Array }>(
      db,
      sql`SELECT bytes FROM avatar_files WHERE file = ${file}`,
    );
    if (!row) return null;
    const b = row.bytes;
    // node-postgres answers a Buffer, PGlite a Uint8Array (the same memory, no copy).
    return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  async remove(files: string[], db: Writer = this.db): Promise<void> {
    if (files.length) await db.delete(avatarFiles).where(inArray(avatarFiles.file, files));
  }
}
