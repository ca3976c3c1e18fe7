/**
 * `npm run user:role` as a person runs it: a child process against a database of its own (a fresh PGlite
 * data directory, or a fresh PostgreSQL database when the tests run on PostgreSQL), migrated and given two
 * accounts before the first run.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSandbox, cliSandbox } from '../../test/cli.ts';
import { rows } from '../../db/sql.ts';

const USAGE = 'usage: npm run user:role -- <username> user|moderator|editor|admin';

let cli: CliSandbox;
const open = () => cli.open();
async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
  const database = await open();
  try {
    return await rows<T>(database.db, text);
  } finally {
    await database.close();
  }
}
const roles = () =>
  sql<{ username: string; role: string }>(`SELECT username, role FROM users ORDER BY username`);

beforeAll(async () => {
  cli = await cliSandbox();
  const database = await open();
  try {
    await database.migrate();
    await database.db
      .execute(`INSERT INTO users (username, first_name, last_name, email, created_at, erased_at)
      VALUES ('asha', 'Asha', 'Rao', 'asha@example.com', now(), NULL),
        ('gone.user', 'Gone', 'User', 'gone@example.com', now(), now())`);
  } finally {
    await database.close();
  }
}, 60_000);

afterAll(() => cli.close());

const userRole = (...args: string[]) => cli.run('src/server/cli/user-role.ts', ...args);

describe('npm run user:role', () => {
  it('refuses bad arguments with exit code 2 and the usage, changing nothing', async () => {
    const runs = await Promise.all([
      userRole('asha'),
      userRole('asha', 'superuser'),
      userRole('not a name!', 'admin'),
      userRole('asha', 'admin', 'extra'),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(USAGE);
      expect(run.stdout).toBe('');
    }
    expect(runs[2]!.stderr).toContain('not a username');
    expect(await roles()).toEqual([
      { username: 'asha', role: 'user' },
      { username: 'gone.user', role: 'user' },
    ]);
  }, 60_000);

  it('gives a role and takes it back, matching the username in any case', async () => {
    const moderator = await userRole('asha', 'moderator');
    expect(moderator, moderator.stderr).toMatchObject({ code: 0, stdout: '@asha: user → moderator.\n' });
    expect(await roles()).toContainEqual({ username: 'asha', role: 'moderator' });
    // Each run reports the role it found, so the previous one was stored.
    const admin = await userRole('ASHA', 'admin');
    expect(admin, admin.stderr).toMatchObject({ code: 0, stdout: '@asha: moderator → admin.\n' });
    const editor = await userRole('asha', 'editor');
    expect(editor, editor.stderr).toMatchObject({ code: 0, stdout: '@asha: admin → editor.\n' });
    const user = await userRole('asha', 'user');
    expect(user, user.stderr).toMatchObject({ code: 0, stdout: '@asha: editor → user.\n' });
    expect(await roles()).toContainEqual({ username: 'asha', role: 'user' });
  }, 120_000);

  it('says so for an unknown or erased account, with exit code 1', async () => {
    for (const name of ['nobody', 'gone.user']) {
      const run = await userRole(name, 'admin');
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(`No account is called ${name}.`);
      expect(run.stdout).toBe('');
    }
    expect(await roles()).toEqual([
      { username: 'asha', role: 'user' },
      { username: 'gone.user', role: 'user' },
    ]);
  }, 120_000);

  it('tells running servers through Redis to read sessions again, when REDIS_URL is set', async () => {
    const url = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `verdict-test:${randomBytes(4).toString('hex')}:`;
    const listener = new Redis(url, { maxRetriesPerRequest: 0 });
    try {
      const heard: string[] = [];
      listener.on('message', (_channel: string, text: string) => heard.push(text));
      await listener.subscribe(`${prefix}invalidate`);
      const run = await cli.runWith(
        { REDIS_URL: url, REDIS_PREFIX: prefix },
        'src/server/cli/user-role.ts',
        'asha',
        'moderator',
      );
      expect(run, run.stderr).toMatchObject({ code: 0, stdout: '@asha: user → moderator.\n' });
      await expect.poll(() => heard.map((m) => JSON.parse(m).topic)).toEqual(['sessions']);
    } finally {
      listener.disconnect();
      await userRole('asha', 'user');
    }
  }, 120_000);
});
