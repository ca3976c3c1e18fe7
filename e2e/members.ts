/**
 * Members for the browser tests of the community: made through the real API (sign-up with a solved CAPTCHA,
 * the emailed verification link from the server's outbox), then signed in to a page by putting the session
 * where the web app keeps it (local storage), as a sign-in would.
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { USER_API } from '../src/shared/constants.ts';
import { lastMailTo, type OutboxMail, PASSWORD, tokenFromLink } from '../src/test/account.ts';
import type { StoredSession } from '../src/web/features/session/session.tsx';
import { baseURL } from './browser.ts';

/** Where the web app keeps the session (local storage). */
const SESSION_KEY = 'verdict.session';

export interface Member {
  username: string;
  email: string;
  token: string;
  user: Record<string, unknown>;
}

let n = 0;

/** A CAPTCHA solution for the running server, solved for real (as the browser's widget does). */
export async function solveCaptcha(base = baseURL()): Promise<string> {
  const res = await fetch(`${base}${USER_API}/auth/captcha`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Where a member is made: the shared e2e server (the default), or a test file's own (its address and DATA_DIR). */
export interface ServerRef {
  base: string;
  dataDir: string;
}

const sharedServer = (): ServerRef => ({ base: baseURL(), dataDir: inject('dataDir') });

/**
 * Waits for the last email the server wrote to its outbox ($DATA_DIR/outbox, the default adapter) for `to`,
 * when its subject matches `subject` (any subject by default). Polled by hand, so it works in beforeAll too.
 */
export async function waitForMail(
  to: string,
  subject: RegExp = /./,
  server: ServerRef = sharedServer(),
): Promise<OutboxMail> {
  for (let waited = 0; waited <= 15_000; waited += 100) {
    const last = lastMailTo(server.dataDir, to);
    if (last && subject.test(last.subject)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no email to ${to} with a subject matching ${subject}`);
}

async function post<T>(path: string, body: unknown, token?: string, base = baseURL()): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A new member with a verified email (unless `verified: false`) and a live session token, made through the real
 * API of the shared e2e server or of `server` (a test file's own).
 */
export async function newMember(
  options: { verified?: boolean; firstName?: string; server?: ServerRef } = {},
): Promise<Member> {
  const server = options.server ?? sharedServer();
  n += 1;
  const id = `${process.pid}${n}${Math.floor(Math.random() * 1e6)}`;
  const username = `riya${id}`;
  const email = `${username}@example.com`;
  await post(
    `${USER_API}/user`,
    {
      firstName: options.firstName ?? 'Riya',
      lastName: 'Sharma',
      username,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      phone: '',
      captcha: await solveCaptcha(server.base),
    },
    undefined,
    server.base,
  );
  if (options.verified !== false) {
    const mail = await waitForMail(email, /Verify your email/, server);
    const token = tokenFromLink(mail.text, '/email-verification');
    if (!token) throw new Error(`no verification link in the email to ${email}`);
    const res = await fetch(`${server.base}${USER_API}/auth/email-verify/${token}`);
    if (!res.ok) throw new Error(`verification answered ${res.status}`);
  }
  const signedIn = await post<{ token: string; user: Record<string, unknown> }>(
    `${USER_API}/auth/sign-in`,
    { login: username, password: PASSWORD },
    undefined,
    server.base,
  );
  return { username, email, token: signedIn.token, user: signedIn.user };
}

/** Signs `member` in to `page` (before its first navigation): the session the web app reads at start. */
export async function signInAs(page: Page, member: Member): Promise<void> {
  await page.addInitScript(
    ([key, token, user]) => localStorage.setItem(key, JSON.stringify({ token, user })),
    [SESSION_KEY, member.token, member.user] as const,
  );
}

/** Calls the API as `member` (setting up data for a test). */
export const postAs = <T>(member: Member, path: string, body: unknown) => post<T>(path, body, member.token);

/** The signed-in member's menu button in the top bar (the user menu). */
export const userMenuButton = (page: Page) => page.locator('.user-menu-button');

/** The session the web app has stored in `page` (the parsed `verdict.session` value), or null if none. */
export const storedSession = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null,
    SESSION_KEY,
  );

/** The stored session's token, or null when there is none. */
export const sessionToken = async (page: Page): Promise<string | null> =>
  (await storedSession(page))?.token ?? null;

/** Ticks the CAPTCHA box in `scope` (the page's main by default) and waits for the widget to solve it. */
export async function tickCaptcha(page: Page, scope: Locator = page.locator('main')): Promise<void> {
  await scope.getByLabel("I'm not a robot").check();
  await scope
    .locator('.captcha-status.captcha-verified', { hasText: 'Verified' })
    .waitFor({ timeout: 30_000 });
}
