/**
 * Account fixtures for API tests: a solved CAPTCHA (solved for real, as a browser does), sign-up and sign-in
 * helpers, and the outbox reader for the emails the default adapter writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { SignUpInput } from '../shared/account.ts';
import type { TestContext } from './app.ts';

export const PASSWORD = 'Verdict#2024x';

export async function solveCaptcha(t: TestContext): Promise<string> {
  const res = await t.app.inject({ url: '/user/api/v1/auth/captcha' });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let n = 0;
/** A valid, unique sign-up form. */
export function newUser(overrides: Partial<SignUpInput> = {}): SignUpInput {
  n += 1;
  const id = `${process.pid}${n}${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName: 'Asha',
    lastName: "D'Souza",
    username: `asha${id}`,
    email: `asha${id}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    phone: '9876543210',
    ...overrides,
  };
}

export async function signUp(t: TestContext, overrides: Partial<SignUpInput> = {}) {
  const form = newUser(overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/api/v1/user',
    payload: { ...form, captcha: await solveCaptcha(t) },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { username: string; email: string } };
  return { form, token: body.token, user: body.user };
}

export async function signIn(t: TestContext, login: string, password = PASSWORD, captcha?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/user/api/v1/auth/sign-in',
    payload: { login, password, ...(captcha ? { captcha } : {}) },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The emails written to the outbox, oldest first, decoded enough to read links and codes. */
export function outbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseEml(readFileSync(join(dir, f), 'utf8')));
}

/** A header's RFC 2047 encoded words ('=?UTF-8?B?…?=', a Hindi subject), adjacent ones joined, as text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, enc, data = '']) =>
        enc!.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ),
      ),
    ).toString('utf8'),
  );
}

export function parseEml(raw: string): OutboxMail {
  const [folded = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const head = folded.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    decodeWords(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '');
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(head)) {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(body, 'latin1').toString('utf8');
  } else if (/base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { to: header('To'), subject: header('Subject'), text: body };
}

export const lastMailTo = (dataDir: string, to: string) =>
  outbox(dataDir)
    .filter((m) => m.to.includes(to))
    .at(-1);

export const tokenFromLink = (text: string, path: string) =>
  new RegExp(`${path}[^\\s]*?(?:token=|/)([A-Za-z0-9_-]{20,})`).exec(text)?.[1];
export const otpFrom = (text: string) => /^\s+(\d{6})\s*$/m.exec(text)?.[1];
