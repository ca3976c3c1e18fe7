import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, newUser, signUp, solveCaptcha } from '../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../test/app.ts';
import { TestClock } from '../../test/clock.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { MAIL_MAX_ATTEMPTS, retryDelay } from './mail-outbox.ts';

interface LogLine {
  level: string;
  data: Record<string, unknown>;
  message: string;
}

interface OutboxRow {
  id: number;
  subject: string;
  attempts: number;
  last_error: string | null;
  gave_up_at: string | null;
}

const outboxRows = (t: TestContext, to: string) =>
  query<OutboxRow>(
    t.database,
    `SELECT id, subject, attempts, last_error, gave_up_at FROM mail_outbox WHERE to_address = '${to}'`,
  );

/** A port nothing listens on: an SMTP server's, just closed. */
async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

describe('email when the mail server is down', () => {
  let t: TestContext;
  let port: number;
  let smtp: TestSmtp | undefined;
  const clock = new TestClock();
  const logs: LogLine[] = [];

  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, {
      clock,
      log: (level, data, message) => logs.push({ level, data, message }),
    });
  });
  afterAll(async () => {
    await t.close();
    // After the app: the server waits for the connections the app's pooled transport keeps open.
    await smtp?.close();
  });

  // Before the server comes up (the last test).
  it('gives up after the last attempt, logging an error, and counts it', async () => {
    const { form } = await signUp(t);
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      clock.advance(retryDelay(attempt));
      await t.services.mailOutbox.deliverDue();
    }
    const [row] = await outboxRows(t, form.email);
    expect(row!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row!.gave_up_at).not.toBeNull();
    expect(logs.filter((l) => l.data.mailId === row!.id).map((l) => l.level)).toEqual([
      ...Array<string>(MAIL_MAX_ATTEMPTS - 1).fill('warn'),
      'error',
    ]);
    expect(logs.at(-1)!.message).toBe(`email not sent: gave up after ${MAIL_MAX_ATTEMPTS} attempts`);
    expect(await t.services.mailOutbox.counts()).toMatchObject({ gaveUp: 1 });
    clock.advance(retryDelay(MAIL_MAX_ATTEMPTS) * 2);
    expect(await t.services.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('fails the request, writing nothing, when the mail cannot be queued', async () => {
    await t.database.db.execute(
      'ALTER TABLE mail_outbox ADD CONSTRAINT refuse_all CHECK (to_address IS NULL) NOT VALID',
    );
    try {
      const form = newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/api/v1/user',
        payload: { ...form, captcha: await solveCaptcha(t) },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(await query(t.database, `SELECT 1 FROM users WHERE username = '${form.username}'`)).toEqual([]);
    } finally {
      await t.database.db.execute('ALTER TABLE mail_outbox DROP CONSTRAINT refuse_all');
    }
  });

  it('keeps the mail queued with its error, answers the sign-up as usual, and delivers once the server is up', async () => {
    const { form } = await signUp(t);
    const [row] = await outboxRows(t, form.email);
    expect(row).toMatchObject({ subject: 'Verify your email for Verdict', attempts: 1, gave_up_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const warned = logs.find((l) => l.data.mailId === row!.id);
    expect(warned).toMatchObject({ level: 'warn', message: 'email not sent yet: it stays queued' });
    expect(warned!.data.subject).toBe('Verify your email for Verdict');
    // The body carries the verification link: it never reaches a log.
    expect(JSON.stringify(logs)).not.toContain('token=');

    // Not due yet: the retry waits for its time even though a sender runs.
    expect(await t.services.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    smtp = await startSmtp(port);
    clock.advance(retryDelay(1));
    expect(await t.services.mailOutbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.mailTo(form.email);
    expect(mail.text).toContain('/email-verification?token=');
    expect(await outboxRows(t, form.email)).toEqual([]);
    // Sent once: a further round finds nothing.
    clock.advance(retryDelay(MAIL_MAX_ATTEMPTS));
    expect(await t.services.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.filter((m) => m.to.includes(form.email))).toHaveLength(1);
  });
});

describe('email written to the outbox folder', () => {
  let t: TestContext;
  const clock = new TestClock();
  const logs: LogLine[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      clock,
      log: (level, data, message) => logs.push({ level, data, message }),
    });
  });
  afterAll(() => t.close());

  it('retries a mail the folder could not take, and says so rather than that it was written', async () => {
    // A file where the folder should be: nothing can be written there.
    writeFileSync(join(t.dataDir, 'outbox'), 'not a folder');
    const { form } = await signUp(t);
    const [row] = await outboxRows(t, form.email);
    expect(row!.last_error).toMatch(/EEXIST|ENOTDIR/);
    expect(logs.map((l) => l.message)).toEqual(['email not sent yet: it stays queued']);

    rmSync(join(t.dataDir, 'outbox'));
    clock.advance(retryDelay(1));
    expect(await t.services.mailOutbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(lastMailTo(t.dataDir, form.email)!.subject).toBe('Verify your email for Verdict');
    expect(logs.at(-1)).toMatchObject({ level: 'info', message: 'email written to the outbox' });
    expect(await outboxRows(t, form.email)).toEqual([]);
  });
});

describe('email with two nodes on one database', () => {
  let smtp: TestSmtp;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    a = await createTestApp(env);
    b = await createTestApp(env, undefined, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('sends each mail once when both senders run at the same time', async () => {
    const count = 45;
    for (let i = 0; i < count; i++) {
      await a.services.mailOutbox.enqueue(a.database.db, {
        to: 'two-nodes@example.com',
        subject: `Mail ${i}`,
        text: 'Hello',
      });
    }
    const results = await Promise.all([
      a.services.mailOutbox.deliverDue(),
      b.services.mailOutbox.deliverDue(),
      a.services.mailOutbox.deliverDue(),
      b.services.mailOutbox.deliverDue(),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    const subjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)![1]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect(await a.services.mailOutbox.counts()).toEqual({ queued: 0, failing: 0, gaveUp: 0 });
  });

  it('sends queued mail in the background while started, and stops', async () => {
    a.services.mailOutbox.start(20);
    try {
      await a.services.mailOutbox.enqueue(a.database.db, {
        to: 'background@example.com',
        subject: 'In the background',
        text: 'Hello',
      });
      expect((await smtp.mailTo('background@example.com')).subject).toBe('In the background');
    } finally {
      await a.services.mailOutbox.stop();
    }
  });
});
