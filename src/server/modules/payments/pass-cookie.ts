import type { Db } from '../../../db/client.ts';
import type { Validity } from '../../../shared/payments.ts';
import type { Clock } from '../../lib/clock.ts';
import { DAY } from '../../lib/clock.ts';
import { memoSecret } from '../../lib/secrets.ts';
import { hmacHex, signedBy } from './provider.ts';

export const PASS_COOKIE = 'verdict_pass';
/** The cookie among the others, with its parts: user id, end (ms, or forever) and MAC. */
const COOKIE = new RegExp(
  `(?:^|;\\s*)${PASS_COOKIE}=(\\d{1,10})\\.(forever|\\d{1,15})\\.([0-9a-f]{64})(?:;|$)`,
);
/** Browsers cap a cookie's life at 400 days; a longer pass is written again when it is next checked. */
const MAX_AGE_S = (400 * DAY) / 1000;

/**
 * The ad-free cookie: the session token lives in local storage (spec section 4), so a document request does not
 * say who is asking. This signed cookie says only "a pass runs until T" (user id, end, HMAC with a server
 * secret), so the first HTML of a pass holder has no ads. It grants nothing else, and is written when the pass
 * is checked or bought and cleared at sign-out.
 */
export class PassCookie {
  private readonly key: () => Promise<string>;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly secure: boolean,
  ) {
    this.key = memoSecret(db, 'pass-cookie');
  }

  private attributes(maxAge: number): string {
    return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  /** The Set-Cookie value for this validity: the signed end of a running pass, or clearing the cookie. */
  async header(userId: number, v: Validity): Promise<string> {
    if (!v.ad_free) return this.clear();
    const until = v.forever ? 'forever' : String(Date.parse(v.valid_until!));
    const data = `${userId}.${until}`;
    const maxAge = v.forever
      ? MAX_AGE_S
      : Math.min(MAX_AGE_S, Math.ceil((Number(until) - this.clock.now().getTime()) / 1000));
    return `${PASS_COOKIE}=${data}.${hmacHex(await this.key(), data)}; ${this.attributes(maxAge)}`;
  }

  clear(): string {
    return `${PASS_COOKIE}=; ${this.attributes(0)}`;
  }

  /**
   * Whether a request's cookies carry a valid, running pass. Every page asks: a cookie that cannot be checked
   * (the secret unreadable) counts as none, so the page shows ads rather than failing.
   */
  async adFree(cookieHeader: string | undefined): Promise<boolean> {
    const parts = cookieHeader ? COOKIE.exec(cookieHeader) : null;
    if (!parts) return false;
    const [, userId, until, mac] = parts;
    if (until !== 'forever' && Number(until) <= this.clock.now().getTime()) return false;
    return this.key().then(
      (key) => signedBy(key, `${userId}.${until}`, mac!),
      () => false,
    );
  }
}
