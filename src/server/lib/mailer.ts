import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { randomToken } from './tokens.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (a digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes pooled SMTP connections (at shutdown). */
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: (subject: string, file: string) => void;
}

/**
 * Email through SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox
 * folder (open it with any mail program) and its subject logged. Messages are plain text.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Pooled connections, and timeouts far below nodemailer's defaults (minutes): a slow mail server must not
    // hold sign-up and password-reset requests open.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`);
      await writeFile(file, info.message as Buffer);
      log(mail.subject, file);
    },
    close: () => {},
  };
}
