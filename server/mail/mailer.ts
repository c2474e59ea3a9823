import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';

/**
 * Outgoing mail: over SMTP with nodemailer when SMTP_URL is set, else one clear line in the
 * server log per mail (with its text, links included), so `npm start` needs no mail server and
 * a developer can still follow a reset link.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the server accepted the mail (or the log has it); rejects if it refused. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl === null) {
    return {
      async send(message) {
        logger.info('mail.logged', {
          note: 'No SMTP_URL is set, so this mail was written here instead of being sent.',
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      },
      close() {},
    };
  }
  // Bounded like every other wait: a mail server that stalls fails the send, not the request.
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = createTransport({
    host: url.hostname,
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    ...(url.username === ''
      ? {}
      : {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
