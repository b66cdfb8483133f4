import { describe, expect, it } from 'vitest';
import { payFastRedirectPage } from './redirect-page.ts';

describe('payFastRedirectPage', () => {
  it('says its words from the catalogue as they were written, around the signed form', () => {
    const html = payFastRedirectPage('https://sandbox.payfast.co.za', [['amount', '160.00']]);
    expect(html).toContain('<title>Continue to PayFast</title>');
    expect(html).toContain('<h1>Taking you to PayFast…</h1>');
    // The apostrophe as an HTML entity: the browser shows "PayFast's site".
    expect(html).toContain('<p>You will pay securely on PayFast&#39;s site.</p>');
    expect(html).toContain(
      '<form id="payfast" method="post" action="https://sandbox.payfast.co.za/eng/process"><input type="hidden" name="amount" value="160.00">',
    );
    expect(html).toContain('<button class="pay" type="submit">Continue to PayFast</button>');
  });
});
