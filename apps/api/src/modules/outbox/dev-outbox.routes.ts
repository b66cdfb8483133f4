import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutboxApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { answerLoopbackOnly } from '../../plugins/loopback-only.ts';
import type { OutboxRow } from './outbox.repository.ts';

const toMessage = (row: OutboxRow) => ({
  to: row.recipient,
  channel: row.channel as 'email' | 'whatsapp',
  subject: row.subject,
  body: row.body,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Outside production, the outbox can be read so that someone running `npm start` can log in with
 * no mail server: /dev/outbox (a page) and GET /api/dev/outbox?to= (JSON, newest first).
 * These routes are not registered at all in production, and answer callers on this machine only.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  answerLoopbackOnly(app);
  serve(app, devOutboxApi.messages, async (req) =>
    (await app.outbox.findByRecipient(req.query.to)).map(toMessage),
  );

  serve(app, devOutboxApi.page, async (req, reply) => {
    const rows = req.query.to
      ? await app.outbox.findByRecipient(req.query.to)
      : await app.outbox.findRecent();
    const items = rows
      .map(
        (r) => `<article><header><strong>${escapeHtml(r.recipient)}</strong> · ${r.channel} ·
          ${r.createdAt.toISOString()} · ${escapeHtml(r.status)}</header>
          ${r.subject ? `<h2>${escapeHtml(r.subject)}</h2>` : ''}<pre>${escapeHtml(r.body)}</pre></article>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Outbox</title><link rel="stylesheet" href="/dev/outbox.css"></head>
<body><main><h1>Outbox</h1>
<p>Emails and WhatsApp messages the portal sent (development only), newest first.</p>
<form method="get"><label>Recipient <input name="to" value="${escapeHtml(req.query.to ?? '')}"></label>
<button>Filter</button></form>${items || '<p>No messages yet.</p>'}</main></body></html>`);
  });

  // A stylesheet of its own keeps the page within the strict Content-Security-Policy.
  serve(app, devOutboxApi.pageStyles, async (_req, reply) =>
    reply.type('text/css').send(`body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f8}
main{max-width:48rem;margin:0 auto;padding:1rem}article{background:#fff;border:1px solid #ddd;
border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-size:1rem}
h2{font-size:1.1rem;margin:.5rem 0}input{padding:.4rem;margin:0 .5rem}`),
  );
};
