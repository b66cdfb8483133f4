// A tiny SMTP server on loopback that keeps what the servers mail: the families' login pins
// are read from it, as a family reads them from its inbox. See README.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The part of smtp-server's API used here.
 * @typedef {{ envelope: { rcptTo: { address: string }[] } }} Session
 * @typedef {{
 *   listen(port: number, host: string, done: () => void): void,
 *   close(done: () => void): void,
 *   once(event: 'error', listener: (err: Error) => void): void,
 *   server: import('node:net').Server,
 * }} SmtpServer
 * @typedef {new (options: {
 *   logger: boolean, authOptional: boolean, disabledCommands: string[], maxClients: number,
 *   onData(stream: import('node:stream').Readable, session: Session, done: () => void): void,
 * }) => SmtpServer} SmtpServerClass
 */

/**
 * smtp-server is a dependency of apps/api (its tests use it); the bench borrows it from there
 * rather than adding a dependency of its own.
 * @type {{ SMTPServer: SmtpServerClass }}
 */
const { SMTPServer } = createRequire(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/package.json'),
)('smtp-server');

/** How the servers word a pin email (accounts.service.ts). */
const PIN = /one-time pin is (\d{6})/;

/**
 * Starts the sink on a free loopback port.
 * @returns {Promise<{
 *   url: string,
 *   waitForPin: (to: string, timeoutMs: number) => Promise<string>,
 *   counts: () => { pins: number, other: number },
 *   close: () => Promise<void>,
 * }>}
 */
export async function startSmtpSink() {
  /** @type {Map<string, string[]>} pins not yet taken, per recipient, oldest first */
  const pins = new Map();
  /** @type {Map<string, (pin: string) => void>} who waits for a recipient's next pin */
  const waiting = new Map();
  let other = 0;
  let pinCount = 0;

  const deliver = (/** @type {string} */ to, /** @type {string} */ pin) => {
    pinCount++;
    const waiter = waiting.get(to);
    if (waiter) {
      waiting.delete(to);
      waiter(pin);
      return;
    }
    pins.set(to, [...(pins.get(to) ?? []), pin]);
  };

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // Thousands of result emails arrive at once after a publication.
    maxClients: 1000,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
      stream.on('end', () => {
        // Quoted-printable soft line breaks would split a pin; join them first.
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        const pin = PIN.exec(text)?.[1];
        for (const rcpt of session.envelope.rcptTo) {
          if (pin) deliver(rcpt.address.toLowerCase(), pin);
          else other++;
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP sink has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    /** The next pin mailed to `to` (one that came already, or the next to come). */
    waitForPin(to, timeoutMs) {
      const key = to.toLowerCase();
      const queued = pins.get(key);
      if (queued && queued.length > 0) {
        const pin = /** @type {string} */ (queued.shift());
        if (queued.length === 0) pins.delete(key);
        return Promise.resolve(pin);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          reject(new Error(`no pin mailed to ${to} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.set(key, (pin) => {
          clearTimeout(timer);
          resolve(pin);
        });
      });
    },
    counts: () => ({ pins: pinCount, other }),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
