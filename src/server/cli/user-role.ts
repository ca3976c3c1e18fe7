/**
 * `npm run user:role -- <username> moderator|admin|user`: gives an account a role (issue 9). Roles are never
 * gained from the web; a running server reads the new role with the user's next request. PGlite's files belong
 * to one process: with PGlite, stop the server first.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createDatabase } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { ROLES } from '../../shared/moderation.ts';
import { USERNAME_PATTERN } from '../../shared/session-user.ts';
import { databaseOptions, loadConfig } from '../config.ts';

const USAGE = `usage: npm run user:role -- <username> ${ROLES.join('|')}`;

const Args = z.tuple([z.string().regex(USERNAME_PATTERN, 'not a username'), z.enum(ROLES)]);
const args = Args.safeParse(process.argv.slice(2));
if (!args.success) {
  console.error(`${z.prettifyError(args.error)}\n${USAGE}`);
  process.exit(2);
}
const [username, role] = args.data;

const config = loadConfig();
const database = await createDatabase(databaseOptions(config));
try {
  await database.migrate();
  const [user] = await rows<{ username: string; before: string }>(
    database.db,
    sql`UPDATE users u SET role = ${role} FROM users old
      WHERE old.id = u.id AND lower(u.username) = lower(${username}) AND u.erased_at IS NULL
      RETURNING u.username, old.role AS before`,
  );
  if (!user) {
    console.error(`No account is called ${username}.`);
    process.exitCode = 1;
  } else {
    console.log(`@${user.username}: ${user.before} → ${role}.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
