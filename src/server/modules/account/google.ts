/**
 * Sign in with Google (any OpenID Connect provider): the authorization code flow with PKCE (S256), state and
 * nonce through openid-client, and the rules that turn a verified identity into a returning user, a new user
 * who still has to pick a username, or a refusal. Every secret handed between steps is a single-use token in
 * `one_time_tokens` (only its hash is stored); the session token never travels in a URL.
 */
import { sql } from 'drizzle-orm';
import { pgError, rows } from '../../../db/sql.ts';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { type OAuthCredentialsSchema, sessionUserOf } from '../../../shared/account.ts';
import { isLocale, type Locale, localizePath } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import { MINUTE } from '../../lib/clock.ts';
import type { Services } from '../../services.ts';
import type { TokenRow } from './one-time-tokens.ts';
import type { SignedIn } from './service.ts';
import { RECOVERY_MS } from './service.ts';

export const SCOPES = 'openid email profile';
export const STATE_MS = 10 * MINUTE;
export const LANDING_MS = 2 * MINUTE;
export const GRANT_MS = 15 * MINUTE;
export const CALLBACK_PATH = '/user/api/v1/auth/google/callback';

const IdentitySchema = z.object({
  issuer: z.string(),
  subject: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** What the browser's landing value stands for; read back from the database, so parsed, not trusted. */
const LandingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signed-in'), userId: z.number().int() }),
  IdentitySchema.extend({ kind: z.literal('new') }),
  z.object({ kind: z.literal('error'), code: z.enum(['OAUTH_CONFLICT', 'OAUTH_FAILED']) }),
]);
type Landing = z.infer<typeof LandingSchema>;

export type Redeemed =
  | (SignedIn & { kind: 'signed-in'; restored: boolean })
  | { kind: 'new'; grant: string; profile: { firstName: string; lastName: string; email: string } };

interface Log {
  warn(obj: object, msg: string): void;
}

const isLoopback = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

const text = (v: unknown, max = 50) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** What may be logged of a failure: never the URL (it holds the code) nor any token. */
const loggable = (err: unknown) => {
  if (!(err instanceof Error)) return { error: String(err) };
  // openid-client's errors carry a code, and the provider's own error code (e.g. invalid_grant) as `error`.
  const { code, error } = err as { code?: unknown; error?: unknown };
  return { error: err.name, code, providerError: error, reason: err.message };
};

export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | null = null;
  private readonly redirectUri: string;

  constructor(
    private readonly s: Pick<Services, 'tokens' | 'account' | 'sessions' | 'clock' | 'database'>,
    private readonly settings: { issuer: string; clientId: string; clientSecret: string },
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}${CALLBACK_PATH}`;
  }

  /** Discovery once; a failed discovery is forgotten, so the next request tries again. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= (() => {
      const issuer = new URL(this.settings.issuer);
      // Plain http only for a provider on this machine (the tests'); a real one must use TLS.
      const options = isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
      return oidc
        .discovery(
          issuer,
          this.settings.clientId,
          undefined,
          oidc.ClientSecretBasic(this.settings.clientSecret),
          options,
        )
        .catch((err: unknown) => {
          this.configuration = null;
          throw err;
        });
    })();
    return this.configuration;
  }

  /**
   * Where to send the browser: the provider's authorization URL, the verifier and nonce waiting server-side
   * under the state; or, when the provider cannot be reached, the landing page with the failure.
   */
  async begin(log: Log, locale: Locale = 'en'): Promise<string> {
    try {
      const config = await this.config();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await this.s.tokens.issue('oidc-state', null, STATE_MS, {
        token: state,
        data: { verifier, nonce, locale },
      });
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: this.redirectUri,
          scope: SCOPES,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    } catch (err) {
      log.warn(loggable(err), 'google sign-in could not start');
      return this.land({ kind: 'error', code: 'OAUTH_FAILED' }, locale);
    }
  }

  /** Handles the provider's redirect (its raw query string); answers where the browser goes next. */
  async callback(query: string, log: Log): Promise<string> {
    const state = new URLSearchParams(query).get('state');
    const row = state ? await this.s.tokens.find('oidc-state', state) : null;
    // The language of the page sign-in began on (issue 25), kept with the state; English if the state is unknown.
    const kept = (row?.data as { locale?: unknown } | null | undefined)?.locale;
    const locale: Locale = isLocale(kept) ? kept : 'en';
    let landing: Landing;
    try {
      landing = await this.decide(await this.identify(query, state, row));
    } catch (err) {
      log.warn(loggable(err), 'google sign-in failed');
      landing = { kind: 'error', code: 'OAUTH_FAILED' };
    }
    return this.land(landing, locale);
  }

  /**
   * The landing page's address, in the language sign-in began in: a fresh single-use value that stands for the
   * outcome.
   */
  private async land(landing: Landing, locale: Locale): Promise<string> {
    const token = await this.s.tokens.issue('oidc-landing', null, LANDING_MS, { data: landing });
    return localizePath(`/homepage/${token}`, locale);
  }

  /** Consumes the state (its row, read by callback), exchanges the code and checks the ID token. */
  private async identify(query: string, state: string | null, row: TokenRow | null): Promise<Identity> {
    if (!state || !row || row.used || row.expired || !(await this.s.tokens.use(row.id))) {
      throw new Error('unknown, used or expired state');
    }
    const { verifier, nonce } = z.object({ verifier: z.string(), nonce: z.string() }).parse(row.data);
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri}?${query}`), {
      expectedState: state,
      expectedNonce: nonce,
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
    const id = tokens.claims();
    if (!id) throw new Error('no ID token');
    // Google puts the email and names in the ID token; other providers may keep them for the userinfo endpoint.
    const claims =
      typeof id.email === 'string'
        ? id
        : { ...(await oidc.fetchUserInfo(config, tokens.access_token, id.sub)), ...id };
    const email = text(claims.email, 254).toLowerCase();
    if (!email) throw new Error('no email claim');
    return {
      issuer: id.iss,
      subject: id.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
    };
  }

  /** The rules: a known identity signs in (restoring an account deleted less than 7 days ago). */
  private async decide(identity: Identity): Promise<Landing> {
    const [user] = await rows<{ id: number; deletedAt: string | null }>(
      this.s.database.db,
      sql`
      SELECT id, deleted_at AS "deletedAt" FROM users
      WHERE oidc_issuer = ${identity.issuer} AND oidc_subject = ${identity.subject} AND erased_at IS NULL`,
    );
    if (user) {
      const gone =
        user.deletedAt && this.s.clock.now().getTime() - new Date(user.deletedAt).getTime() >= RECOVERY_MS;
      return gone ? { kind: 'error', code: 'OAUTH_FAILED' } : { kind: 'signed-in', userId: user.id };
    }
    // An account with this email but without this identity (a password account, say) is never taken over.
    if (!(await this.s.account.emailAvailable(identity.email)))
      return { kind: 'error', code: 'OAUTH_CONFLICT' };
    return { kind: 'new', ...identity };
  }

  /**
   * Uses the landing value once: a session for a returning user (whose account takes the page's language,
   * `locale`), a profile grant for a new one.
   */
  async redeem(token: string, locale: Locale = 'en'): Promise<Redeemed> {
    const row = await this.s.tokens.find('oidc-landing', token);
    if (!row || row.used || row.expired || !(await this.s.tokens.use(row.id)))
      throw new AppError('OAUTH_FAILED');
    const landing = LandingSchema.safeParse(row.data);
    if (!landing.success) throw new AppError('OAUTH_FAILED');
    const l = landing.data;
    if (l.kind === 'error') throw new AppError(l.code);
    if (l.kind === 'new') {
      const { kind: _, ...identity } = l;
      const grant = await this.s.tokens.issue('oidc-grant', null, GRANT_MS, { data: identity });
      return {
        kind: 'new',
        grant,
        profile: { firstName: l.firstName, lastName: l.lastName, email: l.email },
      };
    }
    const cutoff = new Date(this.s.clock.now().getTime() - RECOVERY_MS).toISOString();
    const signedIn = await this.s.database.db.transaction(async (tx) => {
      // Signing in restores an account deleted less than 7 days ago (checked again: the landing is 2 minutes old).
      const [row] = await rows<{ restored: boolean }>(
        tx,
        sql`
        WITH old AS (SELECT id, deleted_at FROM users WHERE id = ${l.userId} AND erased_at IS NULL FOR UPDATE)
        UPDATE users u SET deleted_at = NULL, language = ${locale} FROM old
        WHERE u.id = old.id AND (old.deleted_at IS NULL OR old.deleted_at > ${cutoff})
        RETURNING old.deleted_at IS NOT NULL AS restored`,
      );
      if (!row) throw new AppError('OAUTH_FAILED');
      return { token: await this.s.sessions.create(l.userId, tx), restored: row.restored };
    });
    const p = await this.s.account.profile(l.userId);
    return { kind: 'signed-in', ...signedIn, user: sessionUserOf(p) };
  }

  /**
   * A new Google user's profile: the grant proves the identity (an email alone never does). The account is made
   * in the page's language (`locale`).
   */
  async complete(input: z.output<typeof OAuthCredentialsSchema>, locale: Locale = 'en'): Promise<SignedIn> {
    const row = await this.s.tokens.find('oidc-grant', input.grant);
    const identity = row && !row.used && !row.expired ? IdentitySchema.safeParse(row.data) : null;
    if (!row || !identity?.success) throw new AppError('OAUTH_FAILED');
    const who = identity.data;
    if (!(await this.s.account.usernameAvailable(input.username)))
      throw new AppError('USERNAME_TAKEN', { field: 'username' });
    if (!(await this.s.account.emailAvailable(who.email))) throw new AppError('OAUTH_CONFLICT');
    const now = this.s.clock.now().toISOString();
    return this.s.database.db
      .transaction(async (tx) => {
        // The grant is used inside the transaction, so a refused username leaves it usable for another try.
        if (!(await this.s.tokens.use(row.id, tx))) throw new AppError('OAUTH_FAILED');
        const [user] = await rows<Parameters<Services['account']['sessionUser']>[0] & { id: number }>(
          tx,
          sql`
          INSERT INTO users (username, first_name, last_name, email, phone, oidc_issuer, oidc_subject,
            email_verified_at, language, created_at)
          VALUES (${input.username}, ${input.firstName}, ${input.lastName}, ${who.email}, ${input.phone},
            ${who.issuer}, ${who.subject}, ${who.emailVerified ? now : null}, ${locale}, ${now})
          RETURNING id, username, first_name AS "firstName", last_name AS "lastName", email, phone, image,
            email_verified_at IS NOT NULL AS "emailVerified"`,
        );
        return { token: await this.s.sessions.create(user!.id, tx), user: this.s.account.sessionUser(user!) };
      })
      .catch(uniqueViolation);
  }
}

/**
 * A unique index said no (a race with another sign-up). The username is answered by the error handler; an
 * email already used means a password account has it, and this identity may have an account by now.
 */
function uniqueViolation(err: unknown): never {
  const pg = pgError(err);
  if (pg.code === '23505' && pg.constraint === 'users_email_uq') throw new AppError('OAUTH_CONFLICT');
  // This identity got an account meanwhile (two sign-ins at once): signing in again finds it.
  if (pg.code === '23505' && pg.constraint === 'users_oidc_uq') throw new AppError('OAUTH_FAILED');
  throw err;
}
