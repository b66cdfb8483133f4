import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One message as the peer received it, decoded to what the outbox row holds. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * An SMTP peer on loopback that keeps every message it receives, for SMTP_URL of both instances:
 * `smtp://127.0.0.1:<port>`, plain (nodemailer only starts TLS when the peer offers STARTTLS,
 * which this one does not).
 *
 * It speaks just the part of SMTP (RFC 5321) that nodemailer uses for a plain, unauthenticated
 * delivery: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. It is written here rather than with
 * smtp-server (apps/api's dev dependency, for its own SMTP test) because the e2e workspace lists
 * no such dependency, and this much SMTP is short.
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffered = '';
    let recipients: string[] = [];
    let data: string[] | undefined;
    const reply = (...lines: string[]) => socket.write(lines.map((l) => `${l}\r\n`).join(''));

    reply('220 cluster-smtp ESMTP');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push({ to: recipients, ...decodeMessage(data.join('\r\n')) });
            data = undefined;
            recipients = [];
            reply('250 2.0.0 Kept');
          } else {
            // Dot-stuffing (RFC 5321 4.5.2): a line starting with a dot had one added.
            data.push(line.startsWith('.') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-cluster-smtp', '250 8BITMIME');
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'MAIL') reply('250 2.0.0 OK');
        else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          recipients = [];
          reply('250 2.0.0 OK');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The subject and text of a single-part text message as nodemailer writes one: headers folded
 * (RFC 5322), encoded words in the subject (RFC 2047), the body 7bit, 8bit, quoted-printable or
 * base64.
 */
function decodeMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const subject = header('subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? quotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function quotedPrintable(text: string): string {
  const bytes = Buffer.from(
    text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  );
  return bytes.toString('utf8');
}
