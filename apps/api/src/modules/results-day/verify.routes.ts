import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatLongDate,
  resultsApi,
  VerificationCodeParamsSchema,
  type CertificateVerification,
  paths,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';
import { text } from './text.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A message with its one element, `<0>…</0>`, made bold: the words and the values are escaped,
 * then only that pair of the message's own tags becomes `<strong>`.
 */
const withStrong = (words: string) =>
  escapeHtml(words).replace(/&lt;0&gt;(.*?)&lt;\/0&gt;/, '<strong>$1</strong>');

/** What the certificate certifies, as the page's rows (label, value). */
function rowsOf(result: CertificateVerification): [string, string][] {
  // A Section Winner certificate names its section and band instead of an item (decision 026).
  const what: [string, string][] = result.award
    ? [
        [text('verifyAward'), result.award],
        [text('verifyScore'), String(result.total)],
      ]
    : [
        [text('verifyItem'), `${result.itemCode} - ${result.itemTitle}`],
        [text('verifyMark'), String(result.total)],
        [text('verifyAward'), result.medal ?? ''],
      ];
  return [
    [text('verifyContestant'), result.contestant],
    [text('verifySchool'), result.school ?? ''],
    ...what,
    [text('verifyEvent'), result.eventName],
    [text('verifyIssued'), formatLongDate(result.issuedAt.slice(0, 10))],
  ];
}

/** The page a certificate's QR code opens: plain HTML, readable on any phone, no script. */
function verificationPage(code: string, result: CertificateVerification | undefined) {
  const heading = result ? text('verifyGenuine') : text('verifyUnknown');
  const body = result
    ? `<h1>${escapeHtml(heading)}</h1>
<p class="ok">${withStrong(text('verifyGenuineLead', { code, event: result.eventName }))}</p>
<dl>${rowsOf(result)
        .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
        .join('')}</dl>`
    : `<h1>${escapeHtml(heading)}</h1>
<p class="bad">${withStrong(text('verifyUnknownLead', { code }))}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text('verifyPageTitle', { heading }))}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f1f24;background:#faf8fc;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:1.5rem}
h1{font-size:1.5rem;margin-top:0;color:#5a1f63}.ok{color:#1b5e20}.bad{color:#8e1b1b}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
a{color:#5a1f63}
</style></head>
<body><main>${body}<p><a href="/">${escapeHtml(text('verifyHome'))}</a></p></main></body></html>`;
}

/** Public: anyone holding a certificate can check it (the QR code opens the HTML page). */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.resultsDay;
  app.get(
    paths.verifyCertificate.pattern,
    {
      config: { access: 'public' },
      schema: {
        tags: ['Results'],
        summary: 'The public page confirming that a certificate is genuine (HTML)',
        params: VerificationCodeParamsSchema,
      },
    },
    async (req, reply) => {
      const result = await s.certificates.verify(req.params.code);
      return reply
        .code(result ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(verificationPage(req.params.code, result));
    },
  );

  serve(app, resultsApi.verifyCertificate, async (req) => {
    const result = await s.certificates.verify(req.params.code);
    if (!result) throw notFound('CERTIFICATE_NOT_FOUND', text('verifyNotFound'));
    return result;
  });
};
