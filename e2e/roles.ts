/**
 * Roles for the browser tests, given as an operator does: with the CLI (`npm run user:role`). With PGlite the
 * server's files are its own while it runs, so a test file that gives roles runs a server of its own: on PGlite
 * the server is stopped for the CLI and started again on the same port.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Role } from '../src/shared/moderation-constants.ts';
import { type RunningServer, startServer } from './global-setup.ts';

const run = promisify(execFile);

/** Gives `username` the role; answers the server to use from now on (the same one on PostgreSQL). */
export const giveRole = (server: RunningServer, env: Record<string, string>, username: string, role: Role) =>
  giveRoles(server, env, [[username, role]]);

/** Gives each username its role, stopping a PGlite server once for all of them. */
export async function giveRoles(
  server: RunningServer,
  env: Record<string, string>,
  grants: [username: string, role: Role][],
): Promise<RunningServer> {
  const cli = async () => {
    for (const [username, role] of grants)
      await run(process.execPath, ['--import', 'tsx', 'src/server/cli/user-role.ts', username, role], {
        env,
      });
  };
  if (env.DATABASE_URL) {
    await cli();
    return server;
  }
  const port = Number(new URL(server.baseURL).port);
  await server.stop();
  await cli();
  return startServer(env, { port, timeoutMs: 150_000 });
}
