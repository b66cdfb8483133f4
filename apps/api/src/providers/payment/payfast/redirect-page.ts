import { escapeHtml, payPageFrame } from '../pay-page.ts';

/** Hands the buyer to PayFast: a signed form that submits itself (or by the button). */
export function payFastRedirectPage(host: string, fields: [string, string][]): string {
  const inputs = fields
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return payPageFrame(
    'Continue to PayFast',
    `<h1>Taking you to PayFast…</h1><p>You will pay securely on PayFast's site.</p>
<form id="payfast" method="post" action="${escapeHtml(host)}/eng/process">${inputs}
<button class="pay" type="submit">Continue to PayFast</button></form>`,
    '<script src="/api/payments/autosubmit.js" defer></script>',
  );
}
