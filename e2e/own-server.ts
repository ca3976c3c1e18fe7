/**
 * A server of a test file's own, with a database of its own: for the files that give roles with the CLI, which
 * on PGlite needs the server stopped (roles.ts). Registers the hooks that start it (before the file's own
 * beforeAll), close the file's browsers after each test and stop it at the end; answers helpers bound to it.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, vi } from 'vitest';
import type { Role } from '../src/shared/moderation-constants.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { type RunningServer, newStore, serverEnv, startServer, type Store } from './global-setup.ts';
import { waitForHydration } from './helpers.ts';
import { type Member, newMember as newMemberOn, signInAs } from './members.ts';
import { giveRoles as giveRolesWithCli } from './roles.ts';

export interface OwnServer {
  /** The server's address (it may change when a role is given on PGlite). */
  readonly base: string;
  /** A JSON call to the server: GET without a body, POST with one unless `method` says otherwise. */
  call<T>(path: string, init?: { body?: unknown; token?: string; method?: string }): Promise<T>;
  /** A member with a verified email and a live session, made through the server's API. */
  newMember(firstName: string): Promise<Member>;
  /** Gives each member its role with the CLI (npm run user:role). */
  giveRoles(grants: [Member, Role][]): Promise<void>;
  /** A browser of its own (closed after the test), signed in as `member` when one is given. */
  open(member?: Member, viewport?: { width: number; height: number }): Promise<BrowserSession>;
  /** Loads a path of this server, expects 200 and waits for hydration. */
  go(page: Page, path: string): Promise<void>;
}

export function ownServer(name: string): OwnServer {
  let store: Store | undefined;
  let server: RunningServer | undefined;
  let env: Record<string, string> = {};
  const sessions: BrowserSession[] = [];
  const base = () => server!.baseURL;

  beforeAll(async () => {
    store = await newStore(`verdict_e2e_${name}_${process.pid}`);
    env = serverEnv(inject('webBuildDir'), store);
    server = await startServer(env, { timeoutMs: 150_000 });
  }, 200_000);
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await server?.stop();
    await store?.remove();
  });

  return {
    get base() {
      return base();
    },
    async call<T>(path: string, init: { body?: unknown; token?: string; method?: string } = {}) {
      const res = await fetch(`${base()}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    newMember: (firstName) => newMemberOn({ firstName, server: { base: base(), dataDir: store!.dataDir } }),
    async giveRoles(grants) {
      server = await giveRolesWithCli(
        server!,
        env,
        grants.map(([member, role]) => [member.username, role]),
      );
      // A running server (PostgreSQL, no Redis here) reads a new role within its session memory's 10 s
      // (decision 0032): wait until it has, as an operator would.
      for (const [member, role] of grants) {
        await vi.waitFor(
          async () => {
            const res = await fetch(`${base()}/user/api/v1/user/standing`, {
              headers: { authorization: `Bearer ${member.token}` },
            });
            const { role: now } = (await res.json()) as { role: Role };
            if (now !== role) throw new Error(`${member.username} is still ${now}, not ${role}`);
          },
          { timeout: 20_000, interval: 250 },
        );
      }
    },
    async open(member, viewport) {
      const s = await openBrowser(viewport);
      sessions.push(s);
      if (member) await signInAs(s.page, member);
      return s;
    },
    async go(page, path) {
      const response = await page.goto(base() + path);
      expect(response?.status(), `status of ${path}`).toBe(200);
      await waitForHydration(page);
    },
  };
}
