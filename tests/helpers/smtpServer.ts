import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A real SMTP server on 127.0.0.1 (smtp-server from npm) that keeps every mail it accepts,
 * parsed (mailparser), so a test reads what a person's inbox would.
 */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /**
   * Resolves with the next mail to `to` (or the first already received and not yet taken),
   * of the given subject when one is named (an account gets other mail: a confirmation link).
   */
  nextMailTo(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string, subject: string | undefined) =>
    mails.find(
      (m) => !taken.has(m) && m.to.includes(to) && (subject === undefined || m.subject === subject),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async nextMailTo(to, { subject, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to, subject);
        if (mail !== undefined) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SMTP server for the calling suite: `env()` starts it and gives the server its
 * `SMTP_URL` (pass it as a test server's env), `mail` reads what arrived, and it is closed
 * after the suite.
 */
export function useSmtpServer(): {
  env(): Promise<{ SMTP_URL: string }>;
  readonly mail: TestSmtpServer;
} {
  let smtp: TestSmtpServer | null = null;
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    async env() {
      smtp = await startSmtpServer();
      return { SMTP_URL: smtp.url };
    },
    get mail() {
      if (!smtp) throw new Error('The SMTP server has not started');
      return smtp;
    },
  };
}
