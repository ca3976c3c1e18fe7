/**
 * `npm run user:role -- <username> moderator|admin|user`: gives an account a role (issue 9). Roles are never
 * gained from the web. Running servers read the new role with the user's next request when REDIS_URL is set (this
 * tells them through Redis), else within SESSION_CACHE_MS (decision 0032). PGlite's files belong to one process:
 * with PGlite, stop the server first.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createDatabase } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { ROLES } from '../../shared/moderation.ts';
import { USERNAME_PATTERN } from '../../shared/session-user.ts';
import { databaseOptions, loadConfig } from '../config.ts';
import { CacheBus } from '../lib/cache-bus.ts';
import { connectRedis } from '../lib/redis.ts';
import { SESSION_TOPIC } from '../modules/account/session-cache.ts';

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
    if (config.redisUrl) await tellServers(config.redisUrl, config.redisPrefix);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}

/** Every running server forgets the sessions it remembers, so the role applies at its next request. */
async function tellServers(url: string, prefix: string): Promise<void> {
  const link = connectRedis(url, prefix, { onDown: () => {}, onUp: () => {} });
  try {
    if (!(await link.ready())) {
      console.error('Redis did not answer: running servers see the new role within 10 seconds.');
      return;
    }
    await new CacheBus(link).invalidate(SESSION_TOPIC);
  } finally {
    await link.close();
  }
}
