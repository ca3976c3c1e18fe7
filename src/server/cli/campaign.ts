/**
 * `npm run campaign -- CP001 --active [--start 2026-11-01] [--end 2026-12-01]`, `--inactive`, or just the id
 * to show it. An active campaign whose dates include today (in India) replaces the whole web app; a running
 * server notices within 5 seconds. PGlite's files belong to one process: with PGlite, stop the server first.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDatabase } from '../../db/client.ts';
import { CampaignIdSchema } from '../../shared/campaign.ts';
import { databaseOptions, loadConfig } from '../config.ts';
import { CampaignService } from '../modules/campaign/service.ts';
import { systemClock } from '../lib/clock.ts';

const USAGE =
  'usage: npm run campaign -- <id> [--active | --inactive] [--start YYYY-MM-DD] [--end YYYY-MM-DD]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    active: { type: 'boolean' },
    inactive: { type: 'boolean' },
    start: { type: 'string' },
    end: { type: 'string' },
  },
});
const Args = z.object({
  id: CampaignIdSchema,
  start: z.iso.date().optional(),
  end: z.iso.date().optional(),
});
const args = Args.safeParse({ id: positionals[0], start: values.start, end: values.end });
if (!args.success || positionals.length !== 1 || (values.active && values.inactive)) {
  console.error(args.success ? USAGE : `${z.prettifyError(args.error)}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = await createDatabase(databaseOptions(config));
try {
  await database.migrate();
  const campaigns = new CampaignService(database.db, systemClock);
  const active = values.active ? true : values.inactive ? false : undefined;
  const { id, start, end } = args.data;
  const c = await campaigns.set(id, {
    ...(active === undefined ? {} : { active }),
    ...(start ? { startsOn: start } : {}),
    ...(end ? { endsOn: end } : {}),
  });
  console.log(
    `${c.id} (${c.country}): ${c.active ? 'active' : 'inactive'}, ${c.startsOn} to ${c.endsOn}; ` +
      (c.live ? 'it replaces the whole site now.' : 'the site runs as usual; /user-campaign shows it.'),
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
