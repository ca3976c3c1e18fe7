import { timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import {
  ACCOUNT_MESSAGES,
  type ChangeEmailSchema,
  type ChangePasswordSchema,
  OTP_LENGTH,
  type ProfileSchema,
  type SessionUser,
  type SignUpSchema,
} from '../../../shared/account.ts';
import { localizePath, type Locale } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import { type Clock, DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { MailOutbox } from '../../lib/mail-outbox.ts';
import { hashToken, randomDigits } from '../../lib/tokens.ts';
import type { CaptchaService } from './captcha.ts';
import { emailsIn } from './emails.ts';
import { accountSubject, LOCK_WINDOW_MS, lockSubject, SignInLocks } from './lockout.ts';
import type { OneTimeTokens } from './one-time-tokens.ts';
import { hashPassword, isCommonPassword, verifyNothing, verifyPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';

export const VERIFY_EMAIL_MS = 24 * HOUR;
export const OTP_MS = 10 * MINUTE;
export const OTP_MAX_TRIES = 5;
export const RESET_TOKEN_MS = 30 * MINUTE;
/** Failed sign-ins for the same login within the lock window before the CAPTCHA is asked for. */
export const CAPTCHA_AFTER = 3;
export const RECOVERY_MS = 7 * DAY;
/** Deleting an account without a password (Google only) needs a sign-in this recent (REAUTH_REQUIRED). */
export const REAUTH_MS = 5 * MINUTE;

type Exec = Pick<Db, 'execute'>;

interface UserRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  image: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  deletedAt: string | null;
  /** The language of the member's emails (decision 0045). */
  language: Locale;
}

const USER_COLUMNS = sql`id, username, first_name AS "firstName", last_name AS "lastName", email, phone, image,
  password_hash AS "passwordHash", email_verified_at IS NOT NULL AS "emailVerified",
  deleted_at AS "deletedAt", language`;

export interface SignedIn {
  token: string;
  user: SessionUser;
}

export interface AccountDeps {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
  sessions: SessionService;
  tokens: OneTimeTokens;
  captcha: CaptchaService;
  publicUrl: string;
  imageUrl: (file: string | null) => string | null;
  onError: (err: unknown) => void;
}

/** The account lifecycle: sign-up, verification, sign-in and lockout, password reset, profile, deletion. */
export class AccountService {
  private readonly locks: SignInLocks;

  constructor(private readonly d: AccountDeps) {
    this.locks = new SignInLocks(d.db, d.clock);
  }

  private rows<T>(query: SQL, db: Exec = this.d.db): Promise<T[]> {
    return rows<T>(db, query);
  }

  private now(): string {
    return this.d.clock.now().toISOString();
  }

  sessionUser(
    u: Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'image' | 'phone' | 'email' | 'emailVerified'>,
  ): SessionUser {
    return {
      firstName: u.firstName,
      lastName: u.lastName,
      username: u.username,
      image: this.d.imageUrl(u.image),
      phone: u.phone,
      email: u.email,
      emailVerified: u.emailVerified,
    };
  }

  private async userBy(where: SQL, db: Exec = this.d.db): Promise<UserRow | null> {
    const [row] = await this.rows<UserRow>(
      sql`SELECT ${USER_COLUMNS} FROM users WHERE erased_at IS NULL AND NOT is_demo AND ${where} LIMIT 1`,
      db,
    );
    return row ?? null;
  }

  /**
   * Sends the mails a committed transaction queued (MailOutbox.enqueue within it). A mail that cannot go out
   * now stays queued and is retried, so what the request tells the user ("we emailed you") holds.
   */
  private send(...ids: number[]): Promise<void> {
    return this.d.outbox.deliver(ids);
  }

  // ── Availability ─────────────────────────────────────────────────────────────────────────────────────

  async emailAvailable(
    email: string,
    exceptUserId: number | null = null,
    db: Exec = this.d.db,
  ): Promise<boolean> {
    const rows = await this.rows(
      sql`SELECT 1 FROM users WHERE lower(email) = ${email.toLowerCase()} AND id IS DISTINCT FROM ${exceptUserId}`,
      db,
    );
    return rows.length === 0;
  }

  async usernameAvailable(username: string, exceptUserId: number | null = null): Promise<boolean> {
    const rows = await this.rows(
      sql`SELECT 1 FROM users WHERE lower(username) = ${username.toLowerCase()} AND id IS DISTINCT FROM ${exceptUserId}`,
    );
    return rows.length === 0;
  }

  private async assertAvailable(email: string | null, username: string | null, exceptUserId: number | null) {
    if (username !== null && !(await this.usernameAvailable(username, exceptUserId))) {
      throw new AppError('USERNAME_TAKEN', { field: 'username' });
    }
    if (email !== null && !(await this.emailAvailable(email, exceptUserId))) {
      throw new AppError('EMAIL_TAKEN', { field: 'email' });
    }
  }

  private async assertNotCommon(password: string) {
    if (await isCommonPassword(password)) throw new AppError('COMMON_PASSWORD', { field: 'password' });
  }

  // ── Sign-up and email verification ──────────────────────────────────────────────────────────────────

  /** Signs up in the language of the page (`locale`): the account's emails are written in it from now on. */
  async signUp(input: z.output<typeof SignUpSchema>, locale: Locale = 'en'): Promise<SignedIn> {
    await this.d.captcha.verify(input.captcha);
    await this.assertNotCommon(input.password);
    await this.assertAvailable(input.email, input.username, null);
    const passwordHash = await hashPassword(input.password);
    const { user, token, mail } = await this.d.db.transaction(async (tx) => {
      const [row] = await this.rows<UserRow>(
        sql`INSERT INTO users (username, first_name, last_name, email, phone, password_hash, language,
              created_at)
            VALUES (${input.username}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone},
              ${passwordHash}, ${locale}, ${this.now()})
            RETURNING ${USER_COLUMNS}`,
        tx,
      );
      const verify = await this.d.tokens.issue('verify-email', row!.id, VERIFY_EMAIL_MS, { db: tx });
      const link = this.link('/email-verification', verify, locale);
      return {
        user: row!,
        token: await this.d.sessions.create(row!.id, tx),
        mail: await this.d.outbox.enqueue(tx, emailsIn(locale).verify(row!.email, row!.firstName, link)),
      };
    });
    await this.send(mail);
    return { token, user: this.sessionUser(user) };
  }

  /** A page of the site in a language, with a token: `/hi/email-verification?token=…` for Hindi. */
  private link(path: string, token: string, locale: Locale): string {
    return `${this.d.publicUrl}${localizePath(path, locale)}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Sends a fresh verification link to a signed-in user whose email is not verified yet, in the language of the
   * page that asked (decision 0045: a mail answering a request is read on its way from that page).
   */
  async resendVerification(userId: number, locale: Locale = 'en'): Promise<void> {
    const user = await this.userBy(sql`id = ${userId}`);
    if (!user || user.emailVerified) return;
    const mail = await this.d.db.transaction(async (tx) => {
      const verify = await this.d.tokens.issue('verify-email', user.id, VERIFY_EMAIL_MS, { db: tx });
      const link = this.link('/email-verification', verify, locale);
      return this.d.outbox.enqueue(tx, emailsIn(locale).verify(user.email, user.firstName, link));
    });
    await this.send(mail);
  }

  /** Uses a verification link: for sign-up, or for a new address (the token carries it). */
  async verifyEmail(token: string): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      const row = await this.d.tokens.find('verify-email', token, tx);
      if (!row || row.used || row.userId === null) throw new AppError('VERIFICATION_FAILED');
      if (row.expired) throw new AppError('VERIFICATION_EXPIRED');
      if (!(await this.d.tokens.use(row.id, tx))) throw new AppError('VERIFICATION_FAILED');
      const email = typeof row.data?.email === 'string' ? row.data.email : null;
      if (email && !(await this.emailAvailable(email, row.userId, tx))) throw new AppError('EMAIL_TAKEN');
      await tx.execute(sql`
        UPDATE users SET email_verified_at = ${this.now()}, email = coalesce(${email}, email)
        WHERE id = ${row.userId} AND erased_at IS NULL`);
    });
    // The link is opened with a GET, which the API's write hook leaves alone: its sessions may post at once.
    this.d.sessions.forgetAll();
  }

  // ── Sign-in, lockout ────────────────────────────────────────────────────────────────────────────────

  /** Failed sign-ins for what was typed, in the last hour (counted for unknown logins too, to say nothing). */
  private async recentFailures(login: string): Promise<number> {
    const [r] = await this.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sign_in_failures
      WHERE login = ${login} AND at > ${new Date(this.d.clock.now().getTime() - LOCK_WINDOW_MS).toISOString()}`);
    return r?.n ?? 0;
  }

  /**
   * Signs in by email or username. Failures lock signing in for a while (lockout.ts), an account's or, for a
   * login that names no account, that login's: the same answers, after the same work, either way. A sign-in
   * stores the language of the page (`locale`) as the account's.
   */
  async signIn(
    input: {
      login: string;
      password: string;
      captcha?: string | undefined;
    },
    locale: Locale = 'en',
  ): Promise<SignedIn & { restored: boolean }> {
    const login = input.login.trim().toLowerCase();
    const failures = await this.recentFailures(login);
    const captchaRequired = failures >= CAPTCHA_AFTER;
    if (captchaRequired) {
      await this.d.captcha.verify(input.captcha).catch((err: unknown) => {
        throw err instanceof AppError ? new AppError(err.code, { captcha_required: true }) : err;
      });
    }
    const found = await this.userBy(sql`(lower(email) = ${login} OR lower(username) = ${login})`);
    const recoverable =
      found &&
      (!found.deletedAt || this.d.clock.now().getTime() - new Date(found.deletedAt).getTime() < RECOVERY_MS);
    const user = recoverable ? found : null;
    const subject = lockSubject(user?.id ?? null, login);
    if (await this.locks.isLocked(subject)) {
      throw new AppError('ACCOUNT_LOCKED', { captcha_required: captchaRequired });
    }
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyNothing(input.password);
    if (!ok || !user) {
      await this.d.db.execute(sql`INSERT INTO sign_in_failures (login, at) VALUES (${login}, ${this.now()})`);
      const lock = await this.locks.recordFailure(subject);
      if (lock && user) {
        const mail = await this.d.outbox.enqueue(
          this.d.db,
          // In the account's language: whoever typed the passwords, the owner reads this.
          emailsIn(user.language).locked(user.email, user.firstName, lock, this.d.publicUrl),
        );
        // Not awaited: sending takes time an unknown login would not, which would tell the two apart.
        void this.send(mail);
      }
      throw new AppError('INVALID_CREDENTIALS', { captcha_required: failures + 1 >= CAPTCHA_AFTER });
    }
    const cutoff = new Date(this.d.clock.now().getTime() - RECOVERY_MS).toISOString();
    return this.d.db.transaction(async (tx) => {
      // Guarded like the check above: the hourly erase may have run while the password was being checked.
      const [live] = await this.rows(
        sql`UPDATE users SET deleted_at = NULL, language = ${locale}
          WHERE id = ${user.id} AND erased_at IS NULL AND (deleted_at IS NULL OR deleted_at > ${cutoff})
          RETURNING id`,
        tx,
      );
      if (!live) throw new AppError('INVALID_CREDENTIALS');
      await tx.execute(sql`DELETE FROM sign_in_failures WHERE login = ${login}`);
      await this.locks.clear(subject, tx);
      const token = await this.d.sessions.create(user.id, tx);
      return { token, user: this.sessionUser(user), restored: user.deletedAt !== null };
    });
  }

  // ── Forgot password ─────────────────────────────────────────────────────────────────────────────────

  /** Emails a code and a link to reset the password, in the language of the page that asked. */
  async forgotPassword(email: string, captcha: string | undefined, locale: Locale = 'en'): Promise<void> {
    await this.d.captcha.verify(captcha);
    const user = await this.userBy(sql`lower(email) = ${email}`);
    if (!user) throw new AppError('EMAIL_NOT_FOUND', { field: 'email' });
    if (!user.passwordHash) throw new AppError('OAUTH_CONFLICT', { field: 'email' });
    const otp = randomDigits(OTP_LENGTH);
    const mail = await this.d.db.transaction(async (tx) => {
      // Codes are short, so each is stored with its user's id: two users may be sent the same six digits.
      await this.d.tokens.issue('reset-otp', user.id, OTP_MS, { token: otpKey(user.id, otp), db: tx });
      const link = await this.d.tokens.issue('reset-token', user.id, RESET_TOKEN_MS, { db: tx });
      const url = `${this.d.publicUrl}${localizePath(`/create-new-password/${link}`, locale)}`;
      return this.d.outbox.enqueue(tx, emailsIn(locale).resetPassword(user.email, user.firstName, otp, url));
    });
    await this.send(mail);
  }

  /**
   * Checks the emailed code; the answer is a reset token for the last step. An unknown email, or one that was
   * sent no code, is answered as a wrong code after the same queries, so neither the answer nor its time says
   * whether the address has an account (the forgot-password step says so only behind the CAPTCHA).
   */
  async verifyOtp(email: string, otp: string): Promise<string> {
    const user = await this.userBy(sql`lower(email) = ${email}`);
    const userId = user?.id ?? 0;
    const row = await this.d.tokens.latest('reset-otp', userId);
    const attempt = await this.d.tokens.takeAttempt(row?.id ?? 0, OTP_MAX_TRIES);
    if (row && !attempt) throw new AppError('OTP_EXPIRED', { field: 'otp' });
    const typed = Buffer.from(hashToken(otpKey(userId, otp)));
    const stored = Buffer.from(attempt?.tokenHash ?? hashToken(randomDigits(OTP_LENGTH)));
    if (!user || !row || !attempt || typed.length !== stored.length || !timingSafeEqual(typed, stored)) {
      if (row && attempt && attempt.attempts >= OTP_MAX_TRIES) await this.d.tokens.use(row.id);
      throw new AppError('OTP_INCORRECT', { field: 'otp' });
    }
    if (!(await this.d.tokens.use(row.id))) throw new AppError('OTP_EXPIRED', { field: 'otp' });
    return this.d.tokens.issue('reset-token', userId, RESET_TOKEN_MS);
  }

  /** Sets a new password from a reset token: unlocks the account, proves the email, ends every session. */
  async resetPassword(token: string, password: string): Promise<void> {
    await this.assertNotCommon(password);
    const row = await this.d.tokens.find('reset-token', token);
    if (!row || row.used || row.expired || row.userId === null) throw new AppError('RESET_LINK_INVALID');
    const user = await this.userBy(sql`id = ${row.userId}`);
    if (!user) throw new AppError('RESET_LINK_INVALID');
    if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
      throw new AppError('PASSWORD_UNCHANGED', { field: 'password' });
    }
    const passwordHash = await hashPassword(password);
    await this.d.db.transaction(async (tx) => {
      if (!(await this.d.tokens.use(row.id, tx))) throw new AppError('RESET_LINK_INVALID');
      await tx.execute(sql`
        UPDATE users SET password_hash = ${passwordHash},
          email_verified_at = coalesce(email_verified_at, ${this.now()}::timestamptz)
        WHERE id = ${user.id}`);
      await this.locks.clear(accountSubject(user.id), tx);
      await this.d.tokens.retire('reset-token', user.id, tx);
      await this.d.tokens.retire('reset-otp', user.id, tx);
      await this.d.sessions.revokeAll(user.id, null, tx);
    });
    this.d.sessions.forgetAll();
  }

  // ── Profile ─────────────────────────────────────────────────────────────────────────────────────────

  async profile(userId: number) {
    const [row] = await this.rows<Record<string, unknown> & UserRow>(sql`
      SELECT ${USER_COLUMNS}, gender, date_of_birth::text AS "dateOfBirth", street_address AS "streetAddress",
        city, state, country, pin_code AS "pinCode", oidc_subject IS NOT NULL AS "google"
      FROM users WHERE id = ${userId} AND erased_at IS NULL`);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return {
      ...this.sessionUser(row),
      gender: row.gender as string | null,
      dateOfBirth: row.dateOfBirth as string | null,
      streetAddress: row.streetAddress as string | null,
      city: row.city as string | null,
      state: row.state as string | null,
      country: row.country as string | null,
      pinCode: row.pinCode as string | null,
      hasPassword: row.passwordHash !== null,
      google: row.google as boolean,
    };
  }

  async updateProfile(userId: number, input: z.output<typeof ProfileSchema>) {
    await this.assertAvailable(null, input.username, userId);
    await this.d.db.execute(
      sql`UPDATE users SET first_name = ${input.firstName}, last_name = ${input.lastName},
          username = ${input.username}, phone = ${input.phone}, gender = ${input.gender},
          date_of_birth = ${input.dateOfBirth}, street_address = ${input.streetAddress}, city = ${input.city},
          state = ${input.state}, country = ${input.country}, pin_code = ${input.pinCode}
        WHERE id = ${userId}`,
    );
    return this.profile(userId);
  }

  /**
   * A new address takes effect once its verification link is opened (sent in the language of the page that
   * asked); the current password is asked first.
   */
  async changeEmail(
    userId: number,
    input: z.output<typeof ChangeEmailSchema>,
    locale: Locale = 'en',
  ): Promise<void> {
    const user = await this.userBy(sql`id = ${userId}`);
    if (!user?.passwordHash) throw new AppError('OAUTH_CONFLICT');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('WRONG_CURRENT_PASSWORD', { field: 'currentPassword' });
    }
    await this.assertAvailable(input.email, null, userId);
    const mail = await this.d.db.transaction(async (tx) => {
      const verify = await this.d.tokens.issue('verify-email', userId, VERIFY_EMAIL_MS, {
        data: { email: input.email },
        db: tx,
      });
      const link = this.link('/email-verification', verify, locale);
      return this.d.outbox.enqueue(tx, emailsIn(locale).verify(input.email, user.firstName, link));
    });
    await this.send(mail);
  }

  /** Changes the password; every other session ends. */
  async changePassword(userId: number, sessionId: number, input: z.output<typeof ChangePasswordSchema>) {
    const user = await this.userBy(sql`id = ${userId}`);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('WRONG_CURRENT_PASSWORD', { field: 'currentPassword' });
    }
    if (input.password === input.currentPassword)
      throw new AppError('PASSWORD_UNCHANGED', { field: 'password' });
    await this.assertNotCommon(input.password);
    const passwordHash = await hashPassword(input.password);
    await this.d.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${userId}`);
      await this.d.sessions.revokeAll(userId, sessionId, tx);
    });
    this.d.sessions.forgetAll();
  }

  /** Sets the profile photo's name and answers the one it replaces (to be removed in the same transaction). */
  async setImage(userId: number, file: string | null, db: Exec = this.d.db): Promise<string | null> {
    const [old] = await this.rows<{ image: string | null }>(
      sql`
      WITH old AS (SELECT image FROM users WHERE id = ${userId} FOR UPDATE)
      UPDATE users SET image = ${file} FROM old WHERE users.id = ${userId} RETURNING old.image`,
      db,
    );
    return old?.image ?? null;
  }

  // ── Deletion ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Hides the account at once and ends its sessions; signing in within 7 days restores it. Asks for proof that
   * it is the owner first: the current password, or for an account without one (Google only) a sign-in within
   * the last REAUTH_MS, since the session may be days old on a shared computer.
   */
  async deleteAccount(userId: number, sessionId: number, currentPassword: string | undefined): Promise<void> {
    const user = await this.userBy(sql`id = ${userId}`);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.passwordHash) {
      if (!currentPassword) {
        throw new AppError('VALIDATION', { field: 'currentPassword' }, ACCOUNT_MESSAGES.blank);
      }
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', { field: 'currentPassword' });
      }
    } else {
      const [session] = await this.rows<{ createdAt: string }>(
        sql`SELECT created_at AS "createdAt" FROM sessions WHERE id = ${sessionId}`,
      );
      const age = session ? this.d.clock.now().getTime() - new Date(session.createdAt).getTime() : Infinity;
      if (age > REAUTH_MS) throw new AppError('REAUTH_REQUIRED');
    }
    await this.d.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE users SET deleted_at = ${this.now()} WHERE id = ${userId} AND deleted_at IS NULL`,
      );
      await this.d.sessions.revokeAll(userId, null, tx);
    });
    this.d.sessions.forgetAll();
  }

  /**
   * Erases, for good, the personal data of accounts deleted more than 7 days ago: names, email, phone, address,
   * password, photo, Google identity, preferences, appeals and proofs of ownership. Returns the image files to remove.
   */
  async eraseExpired(): Promise<{ erased: number; images: string[] }> {
    const cutoff = new Date(this.d.clock.now().getTime() - RECOVERY_MS).toISOString();
    const rows = await this.rows<{ id: number; image: string | null }>(sql`
      WITH gone AS (
        SELECT id, image FROM users WHERE deleted_at < ${cutoff} AND erased_at IS NULL FOR UPDATE
      )
      UPDATE users u SET username = 'deleted-' || u.id, first_name = 'Deleted', last_name = 'user',
        email = 'deleted-' || u.id || '@erased.invalid', phone = NULL, gender = NULL, date_of_birth = NULL,
        street_address = NULL, city = NULL, state = NULL, country = NULL, pin_code = NULL, image = NULL,
        password_hash = NULL, oidc_issuer = NULL, oidc_subject = NULL, email_verified_at = NULL,
        erased_at = ${this.now()}
      FROM gone WHERE u.id = gone.id
      RETURNING gone.id, gone.image`);
    if (rows.length) {
      const ids = sql`ANY(string_to_array(${rows.map((r) => r.id).join(',')}, ',')::int[])`;
      await this.d.db.execute(sql`DELETE FROM sessions WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM one_time_tokens WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM user_preferences WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM favourites WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM price_alerts WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM notification_settings WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM notification_mutes WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM notifications WHERE user_id = ${ids} OR actor_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM help_requests WHERE user_id = ${ids}`);
      await this.d.db.execute(sql`DELETE FROM passes WHERE user_id = ${ids}`);
      // An appeal's text is the person's own words about a decision; the decision stays in the audit log.
      await this.d.db.execute(sql`DELETE FROM appeals WHERE user_id = ${ids}`);
      // A proof of ownership is a photo of the person's invoice: it never outlives the account.
      await this.d.db.execute(sql`DELETE FROM ownership_proofs WHERE user_id = ${ids}`);
      await this.d.db.execute(
        sql`DELETE FROM sign_in_locks
          WHERE subject = ANY(string_to_array(${rows.map((r) => accountSubject(r.id)).join(',')}, ','))`,
      );
    }
    return { erased: rows.length, images: rows.flatMap((r) => (r.image ? [r.image] : [])) };
  }

  /** Forgets sign-in failures older than the lock window, and locks that no longer say anything. */
  async sweepFailures(): Promise<void> {
    await this.d.db.execute(sql`
      DELETE FROM sign_in_failures WHERE at < ${new Date(this.d.clock.now().getTime() - LOCK_WINDOW_MS).toISOString()}`);
    await this.locks.sweep();
  }
}

const otpKey = (userId: number, otp: string) => `${userId}:${otp}`;
