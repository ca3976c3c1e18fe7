import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 256-bit secret, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (a random 256-bit token needs no slow hash). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A numeric one-time code, uniformly random, e.g. '042917'. */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}
