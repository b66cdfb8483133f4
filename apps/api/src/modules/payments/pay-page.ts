import { formatRand, type Order } from '@eisteddfod/shared';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page frame of our payment pages: own stylesheet, no inline script (strict CSP), and the
 * app's own favicon (served beside the web app; without it the browser asked for /favicon.ico).
 */
function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/payments/pay.css">${script}</head>
<body><main>${body}</main></body></html>`;
}

/** The built-in sandbox provider's hosted page: the amount, then Pay or Cancel. */
export function sandboxPayPage(
  order: Order,
  totalCents: number,
  urls: { pay: string; cancel: string },
): string {
  const rows = order.orderItems
    .map(
      (i) =>
        `<tr><td>${escapeHtml(`${i.participantFirstName} ${i.participantSurname}`)}</td><td>${escapeHtml(i.itemCode)}</td><td class="num">${formatRand(i.price)}</td></tr>`,
    )
    .join('');
  return page(
    'Sandbox payment',
    `<p class="badge">Sandbox payment provider · no real money moves</p>
<h1>Pay ${formatRand(totalCents)}</h1>
<p>Order ${escapeHtml(order.orderNumber)}</p>
<table><thead><tr><th>Contestant</th><th>Item</th><th class="num">Price</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><th colspan="2">Total</th><th class="num">${formatRand(totalCents)}</th></tr></tfoot></table>
<form method="post" action="${escapeHtml(urls.pay)}"><button class="pay" type="submit">Pay ${formatRand(totalCents)}</button></form>
<form method="post" action="${escapeHtml(urls.cancel)}"><button class="cancel" type="submit">Cancel</button></form>`,
  );
}

/** Hands the buyer to PayFast: a signed form that submits itself (or by the button). */
export function payFastRedirectPage(host: string, fields: [string, string][]): string {
  const inputs = fields
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    'Continue to PayFast',
    `<h1>Taking you to PayFast…</h1><p>You will pay securely on PayFast's site.</p>
<form id="payfast" method="post" action="${escapeHtml(host)}/eng/process">${inputs}
<button class="pay" type="submit">Continue to PayFast</button></form>`,
    '<script src="/api/payments/autosubmit.js" defer></script>',
  );
}

export const PAY_PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f4f9;color:#1d1d1f}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;
box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{margin:.5rem 0}.badge{display:inline-block;background:#fff3bf;
color:#5c4400;padding:.25rem .6rem;border-radius:99px;font-size:.85rem}table{width:100%;border-collapse:collapse;
margin:1rem 0}td,th{padding:.4rem;border-bottom:1px solid #eee;text-align:left}.num{text-align:right}
button{width:100%;font-size:1.1rem;padding:.8rem;border-radius:8px;border:0;margin-top:.75rem;cursor:pointer}
.pay{background:#862e9c;color:#fff}.cancel{background:#eee;color:#1d1d1f}`;

export const AUTOSUBMIT_JS = `document.getElementById('payfast')?.submit();`;
