import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one email; throws when the server refuses it. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
  /** Resolves when the server answers and takes our login (the readiness probe, decision 038). */
  check?(): Promise<void>;
}

/** The pool's settings, unless the URL's query sets them (`?maxConnections=10`). */
const POOL_DEFAULTS = {
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
} as const;

/**
 * The URL read as nodemailer reads it (query parameters become options), over the pool's
 * defaults. nodemailer's own parser, not `new URL`: it never throws, so a malformed URL cannot
 * put its password into an error message and the log.
 */
function smtpOptions(url: string): SMTPPool.Options {
  return { ...POOL_DEFAULTS, ...parseConnectionUrl(url) } as SMTPPool.Options;
}

/**
 * SMTP through nodemailer, e.g. smtps://user:pass@smtp.example.org:465, on a pool of kept-open
 * connections: a new connection per message (a TLS handshake and the server's greeting) held
 * pin emails to about seven a second (bench/deadline-night). Timeouts stay well inside the
 * outbox's claim on a message (five minutes), so a hung server fails the send instead.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpOptions(url));
  return {
    async send({ to, subject, text }) {
      await transporter.sendMail({ from, to, subject, text });
    },
    close() {
      transporter.close();
    },
    async check() {
      await transporter.verify();
    },
  };
}
