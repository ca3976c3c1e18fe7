import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Executor, rows } from '../../db/sql.ts';
import { type Clock, HOUR, MINUTE } from './clock.ts';
import type { Mail, Mailer } from './mailer.ts';

/** Attempts before a mail is given up (about two hours of retries with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 8;
/** The wait after the first failed attempt; it doubles with each further one, up to an hour. */
export const MAIL_FIRST_RETRY_MS = 30_000;
const MAIL_MAX_RETRY_MS = HOUR;
/**
 * How long a claimed mail is left to the node that claimed it: longer than one send may take (10 s to connect,
 * 10 s for the greeting, 30 s of socket silence), so no other node sends it meanwhile, and a node that died
 * mid-send has its mails taken up again after this.
 */
export const MAIL_LEASE_MS = 2 * MINUTE;
/** A request waits this long for its own mail to go out, then answers; the sender carries on. */
export const MAIL_REQUEST_WAIT_MS = 2_000;
const BATCH = 20;

/** Where the sender reports what it did: the app's JSON log in production. */
export type MailLog = (
  level: 'info' | 'warn' | 'error',
  data: Record<string, unknown>,
  message: string,
) => void;

interface Claimed {
  id: number;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
}

export interface MailCounts {
  /** Waiting for a first send or a retry. */
  queued: number;
  /** Of those, the ones whose last attempt failed. */
  failing: number;
  /** Given up after MAIL_MAX_ATTEMPTS. */
  gaveUp: number;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelay = (attempts: number): number =>
  Math.min(MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAIL_MAX_RETRY_MS);

const errorText = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * The transactional outbox for email (decision 0020). A service that decides to send a mail enqueues it with
 * the transaction of its change, so the mail exists exactly when the change does, and a failed insert fails
 * the request. The sender then hands queued mails to the Mailer (SMTP or the .eml outbox): right after the
 * request committed (deliver), and every few seconds for retries (start). Mails are claimed with FOR UPDATE SKIP
 * LOCKED and a lease, so with several nodes on one database each mail is sent by one of them; a mail is deleted
 * once sent. Delivery is at least once: a node that stops between the send and the delete sends it again later.
 */
export class MailOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: MailLog,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues a mail within the caller's transaction; its id is for deliver() once that transaction committed. */
  async enqueue(db: Executor, mail: Mail): Promise<number> {
    const now = this.clock.now().toISOString();
    const [row] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO mail_outbox (to_address, subject, body, headers, created_at, next_attempt_at)
          VALUES (${mail.to}, ${mail.subject}, ${mail.text},
            ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb, ${now}, ${now}) RETURNING id`,
    );
    return row!.id;
  }

  /**
   * Sends these just-committed mails now, waiting at most MAIL_REQUEST_WAIT_MS (a slow mail server does not
   * hold the request). Never throws: a mail that could not be sent stays queued for the retries.
   */
  async deliver(ids: number[]): Promise<void> {
    if (!ids.length) return;
    const run = this.send(sql`id = ANY(string_to_array(${ids.join(',')}, ',')::int[])`).catch(
      (err: unknown) => this.onError(err),
    );
    let timer: NodeJS.Timeout | undefined;
    const wait = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, MAIL_REQUEST_WAIT_MS);
      timer.unref();
    });
    await Promise.race([run, wait]);
    clearTimeout(timer);
  }

  /** Sends every mail that is due (new, or waiting for a retry whose time came), batch after batch. */
  async deliverDue(): Promise<{ sent: number; failed: number }> {
    const total = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await this.send(sql`TRUE`);
      total.sent += batch.sent;
      total.failed += batch.failed;
      if (batch.claimed < BATCH) return total;
    }
  }

  /** How many mails wait, fail or were given up: for an operator's eye. */
  async counts(): Promise<MailCounts> {
    const [row] = await rows<MailCounts>(
      this.db,
      sql`SELECT count(*) FILTER (WHERE gave_up_at IS NULL)::int AS queued,
            count(*) FILTER (WHERE gave_up_at IS NULL AND last_error IS NOT NULL)::int AS failing,
            count(*) FILTER (WHERE gave_up_at IS NOT NULL)::int AS "gaveUp"
          FROM mail_outbox`,
    );
    return row!;
  }

  /** Runs deliverDue every `intervalMs` in the background (the server process; tests call it by hand). */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.deliverDue()
        .catch((err: unknown) => this.onError(err))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the background sender, after the batch in hand. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async send(filter: SQL): Promise<{ claimed: number; sent: number; failed: number }> {
    const now = this.clock.now();
    const claimed = await rows<Claimed>(
      this.db,
      sql`UPDATE mail_outbox m
          SET attempts = m.attempts + 1,
            next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS).toISOString()}
          FROM (
            SELECT id FROM mail_outbox
            WHERE gave_up_at IS NULL AND next_attempt_at <= ${now.toISOString()} AND ${filter}
            ORDER BY next_attempt_at, id LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED
          ) due
          WHERE m.id = due.id
          RETURNING m.id, m.to_address AS "to", m.subject, m.body AS text, m.headers, m.attempts`,
    );
    let sent = 0;
    let failed = 0;
    for (const mail of claimed) {
      let error: unknown = null;
      try {
        await this.mailer.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      } catch (err) {
        error = err ?? new Error('unknown error');
      }
      if (error === null) {
        await this.db.execute(sql`DELETE FROM mail_outbox WHERE id = ${mail.id}`);
        sent += 1;
      } else {
        await this.failed(mail, errorText(error));
        failed += 1;
      }
    }
    return { claimed: claimed.length, sent, failed };
  }

  private async failed(mail: Claimed, error: string): Promise<void> {
    const now = this.clock.now();
    const gaveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
    const next = new Date(now.getTime() + retryDelay(mail.attempts));
    await this.db.execute(
      sql`UPDATE mail_outbox SET last_error = ${error}, next_attempt_at = ${next.toISOString()},
            gave_up_at = ${gaveUp ? now.toISOString() : null}
          WHERE id = ${mail.id}`,
    );
    // The id and subject say which mail; the body (one-time links and codes) never reaches a log.
    const data = { mailId: mail.id, subject: mail.subject, attempts: mail.attempts, error };
    if (gaveUp) this.log('error', data, `email not sent: gave up after ${mail.attempts} attempts`);
    else this.log('warn', { ...data, retryAt: next.toISOString() }, 'email not sent yet: it stays queued');
  }
}
