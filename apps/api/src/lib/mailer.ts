/**
 * Mail (docs/design.md §5): nodemailer over SMTP when `SMTP_URL` is set; otherwise the outbox transport
 * writes one `.eml` file per message under `DATA_DIR/outbox/` and logs the message's first link,
 * so a new user can finish sign-up locally.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One outgoing message; `text` is required, `html` optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail; rejects when the transport fails. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Builds the mailer for `smtpUrl`, or the outbox under `outboxDir` when no SMTP is configured. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Mail goes out from a queue, several in the same millisecond: a sequence number keeps the file
  // names distinct and in sending order.
  let sequence = 0;
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9.@_-]/gi, '_');
      sequence += 1;
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}`;
      const file = path.join(opts.outboxDir, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const link = m.text.match(/https?:\/\/\S+/)?.[0];
      opts.log.info(
        { to: m.to, subject: m.subject, file, link },
        `Mail written to the outbox${link ? `: ${link}` : ''}`,
      );
    },
  };
}
