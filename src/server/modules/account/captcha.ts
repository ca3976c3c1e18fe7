import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { type Clock, MINUTE } from '../../lib/clock.ts';
import { memoSecret } from '../../lib/secrets.ts';

const EXPIRES_MS = 10 * MINUTE;
/** The solver tries about half of this many SHA-256 keys: a fraction of a second on a phone. */
const DIFFICULTY = 50_000;

/**
 * Self-hosted ALTCHA proof of work: the server signs a challenge, the browser finds the counter that derives
 * its key, the server checks the signature and the key, and remembers the challenge until it expires so one
 * solution serves once.
 */
export class CaptchaService {
  private readonly key: () => Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.key = memoSecret(db, 'captcha-hmac');
  }

  async challenge(): Promise<Challenge> {
    const key = await this.key();
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: Math.floor(Math.random() * DIFFICULTY),
      deriveKey,
      expiresAt: new Date(this.clock.now().getTime() + EXPIRES_MS),
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: key,
    });
  }

  /** Throws 'Incorrect CAPTCHA. Please try again' unless `payload` solves a fresh challenge of ours. */
  async verify(payload: string | undefined): Promise<void> {
    const decoded = payload ? decode(payload) : null;
    if (!decoded?.challenge?.signature || !decoded.solution) throw new AppError('CAPTCHA_INVALID');
    const key = await this.key();
    const expiresAt = decoded.challenge.parameters?.expiresAt;
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: key,
    }).catch(() => null);
    if (!result?.verified || typeof expiresAt !== 'number') throw new AppError('CAPTCHA_INVALID');
    if (expiresAt * 1000 < this.clock.now().getTime()) throw new AppError('CAPTCHA_INVALID');
    const fresh = await rows(
      this.db,
      sql`INSERT INTO captcha_spent (signature, expires_at) VALUES (${decoded.challenge.signature}, to_timestamp(${expiresAt}))
      ON CONFLICT DO NOTHING RETURNING 1 AS fresh`,
    );
    if (!fresh.length) throw new AppError('CAPTCHA_INVALID');
  }

  /** Forgets challenges that have expired (they cannot verify any more). */
  async sweep(): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM captcha_spent WHERE expires_at < ${this.clock.now().toISOString()}`,
    );
  }
}

function decode(payload: string): Payload | null {
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
  } catch {
    return null;
  }
}
