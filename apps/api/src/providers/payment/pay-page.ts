// The page frame every pay page of ours shares (decision 006): the sandbox's and the form to PayFast.
import { DEFAULT_LOCALE } from '@eisteddfod/shared';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page frame of our payment pages: own stylesheet, no inline script (strict CSP), and the
 * app's own favicon (served beside the web app; without it the browser asked for /favicon.ico).
 * Its words are in the language the server writes (decision 057).
 */
export function payPageFrame(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="${DEFAULT_LOCALE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/payments/pay.css">${script}</head>
<body><main>${body}</main></body></html>`;
}

export const PAY_PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f4f9;color:#1d1d1f}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;
box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{margin:.5rem 0}.badge{display:inline-block;background:#fff3bf;
color:#5c4400;padding:.25rem .6rem;border-radius:99px;font-size:.85rem}table{width:100%;border-collapse:collapse;
margin:1rem 0}td,th{padding:.4rem;border-bottom:1px solid #eee;text-align:left}.num{text-align:right}
button{width:100%;font-size:1.1rem;padding:.8rem;border-radius:8px;border:0;margin-top:.75rem;cursor:pointer}
.pay{background:#862e9c;color:#fff}.cancel{background:#eee;color:#1d1d1f}`;

export const AUTOSUBMIT_JS = `document.getElementById('payfast')?.submit();`;
