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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page a certificate's QR code opens: plain HTML, readable on any phone, no script. */
function verificationPage(code: string, result: CertificateVerification | undefined) {
  // A Section Winner certificate names its section and band instead of an item (decision 026).
  const what: [string, string][] = result?.award
    ? [
        ['Award', result.award],
        ['Score', String(result.total)],
      ]
    : result
      ? [
          ['Item', `${result.itemCode} - ${result.itemTitle}`],
          ['Mark', String(result.total)],
          ['Award', result.medal],
        ]
      : [];
  const rows = result
    ? [
        ['Contestant', result.contestant],
        ['School', result.school],
        ...what,
        ['Event', result.eventName],
        ['Issued', formatLongDate(result.issuedAt.slice(0, 10))],
      ]
    : [];
  const body = result
    ? `<h1>Genuine certificate</h1>
<p class="ok">This certificate with code <strong>${escapeHtml(code)}</strong> was issued by the ${escapeHtml(result.eventName)}.</p>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k ?? '')}</dt><dd>${escapeHtml(v ?? '')}</dd>`).join('')}</dl>`
    : `<h1>Certificate not recognised</h1>
<p class="bad">No current certificate has the code <strong>${escapeHtml(code)}</strong>. It may have been typed wrongly, or replaced by a newer certificate. Please contact the organisers.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${result ? 'Genuine certificate' : 'Certificate not recognised'} - Online Eisteddfod</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f1f24;background:#faf8fc;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:1.5rem}
h1{font-size:1.5rem;margin-top:0;color:#5a1f63}.ok{color:#1b5e20}.bad{color:#8e1b1b}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
a{color:#5a1f63}
</style></head>
<body><main>${body}<p><a href="/">Online Eisteddfod home</a></p></main></body></html>`;
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
    if (!result) throw notFound('CERTIFICATE_NOT_FOUND', 'No current certificate has this code.');
    return result;
  });
};
