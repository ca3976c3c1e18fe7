import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. Hashing runs on libuv's pool, off the event loop. */
// 2 is Algorithm.Argon2id (a const enum, which this build cannot read at run time).
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most one hash per core but one runs at a time: a burst of sign-ins queues here instead of taking every
 * core, so the event loop (and every other request) keeps a core to itself. Measured in `npm run bench`.
 */
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (password: string) => hashing(() => hash(password, ARGON2));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(stored, password));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the time a real check would, so an unknown user cannot be told from a wrong password by timing. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a real password, only for timing');
  await verifyPassword(await dummy, password);
  return false;
}

/** The 49,000 most common passwords (zxcvbn's list, offline), loaded on the first check, not at start-up. */
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  ));

/**
 * True for a common password, also when dressed up to pass the shape rule: 'Password1!' is 'password1' with
 * a capital and a symbol added.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.toLowerCase();
  const bare = lower.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return list.has(lower) || list.has(bare);
}
