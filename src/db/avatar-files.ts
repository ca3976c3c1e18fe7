import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { avatarFiles } from './schema.ts';
import { rows } from './sql.ts';

/** The names the server gives profile photos (randomToken() + '.webp'); nothing else is read from the folder. */
const AVATAR_NAME = /^[A-Za-z0-9_-]{20,100}\.webp$/;

/**
 * The one-time move of profile photos from the folder where earlier versions kept them ($DATA_DIR/uploads/
 * avatars) into avatar_files (decision 0021), at start: every photo a user has and the table lacks is read
 * from the folder, if it is there. Idempotent: once moved, nothing is missing and nothing is read. The folder
 * is left as it was (the operator removes it once the site shows the photos); a photo missing from it stays
 * missing, as it was before.
 */
export async function importAvatarFiles(db: Db, dir: string): Promise<{ moved: number; missing: number }> {
  const wanted = await rows<{ file: string }>(
    db,
    sql`SELECT DISTINCT image AS file FROM users
        WHERE image IS NOT NULL AND NOT EXISTS (SELECT 1 FROM avatar_files WHERE file = users.image)`,
  );
  let moved = 0;
  let missing = 0;
  for (const { file } of wanted) {
    const bytes = AVATAR_NAME.test(file) ? await readFile(join(dir, file)).catch(() => null) : null;
    if (!bytes) {
      missing += 1;
      continue;
    }
    await db.insert(avatarFiles).values({ file, bytes }).onConflictDoNothing();
    moved += 1;
  }
  return { moved, missing };
}
