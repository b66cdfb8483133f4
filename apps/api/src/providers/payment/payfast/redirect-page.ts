import { escapeHtml, payPageFrame } from '../pay-page.ts';
import { text } from '../text.ts';

/** Hands the buyer to PayFast: a signed form that submits itself (or by the button). */
export function payFastRedirectPage(host: string, fields: [string, string][]): string {
  const inputs = fields
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return payPageFrame(
    text('payFastTitle'),
    `<h1>${escapeHtml(text('payFastHeading'))}</h1><p>${escapeHtml(text('payFastSecurely'))}</p>
<form id="payfast" method="post" action="${escapeHtml(host)}/eng/process">${inputs}
<button class="pay" type="submit">${escapeHtml(text('continueToPayFast'))}</button></form>`,
    '<script src="/api/payments/autosubmit.js" defer></script>',
  );
}
