import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type OutboxMail, parseEml } from './account.ts';

export interface TestSmtp {
  port: number;
  received: { to: string[]; raw: string }[];
  /** The last mail to this address (with this subject), waiting up to 10 s for one to arrive. */
  mailTo(address: string, subject?: string): Promise<OutboxMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; on a free port unless given one. */
export function startSmtp(port = 0): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const mailTo = async (address: string, subject?: string) => {
    for (let i = 0; i < 500; i++) {
      const found = received
        .filter((m) => m.to.includes(address))
        .map((m) => parseEml(m.raw))
        .filter((m) => subject === undefined || m.subject === subject)
        .at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail to ${address}`);
  };
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, received, mailTo, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
