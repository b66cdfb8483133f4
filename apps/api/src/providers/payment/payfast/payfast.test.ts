import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isNotificationSignatureValid,
  parameterString,
  payfastSignature,
  phpUrlEncode,
  signedCheckoutFields,
  toRands,
} from './payfast.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** PayFast's documented signature example (the Widgets CC checkout form of their guide). */
const documentedForm = {
  merchant_id: '10000100',
  merchant_key: '46f0cd694581a',
  return_url: 'http://www.widget.co.za/payment_finished',
  cancel_url: 'http://www.widget.co.za/payment_cancelled',
  notify_url: 'http://www.widget.co.za/payment_notify',
  name_first: 'Bob',
  name_last: 'Smith',
  email_address: 'bob.smith@widget.co.za',
  m_payment_id: '8542',
  amount: '200.00',
  item_name: 'Widget Model 123',
  item_description: 'Our best widget ever!',
};

describe('PayFast signatures', () => {
  it("encode like PHP's urlencode", () => {
    expect(phpUrlEncode('Widget Model 123')).toBe('Widget+Model+123');
    expect(phpUrlEncode('http://www.widget.co.za/x')).toBe('http%3A%2F%2Fwww.widget.co.za%2Fx');
    expect(phpUrlEncode("ever!(*)'~")).toBe('ever%21%28%2A%29%27%7E');
  });

  it('sign the documented checkout fields in the documented order, without blanks', () => {
    const pairs = signedCheckoutFields({ ...documentedForm, cell_number: '' });
    const expectedString =
      'merchant_id=10000100&merchant_key=46f0cd694581a' +
      '&return_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_finished' +
      '&cancel_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_cancelled' +
      '&notify_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_notify' +
      '&name_first=Bob&name_last=Smith&email_address=bob.smith%40widget.co.za' +
      '&m_payment_id=8542&amount=200.00&item_name=Widget+Model+123' +
      '&item_description=Our+best+widget+ever%21';
    expect(parameterString(pairs)).toBe(expectedString);
    expect(pairs.at(-1)).toEqual(['signature', md5(expectedString)]);
    expect(pairs.map(([k]) => k)).not.toContain('cell_number');
  });

  it('append the passphrase last when one is set', () => {
    const pairs: [string, string][] = [
      ['merchant_id', '10000100'],
      ['amount', '5.00'],
    ];
    expect(payfastSignature(pairs, 'jt7NOE43FZPn')).toBe(
      md5('merchant_id=10000100&amount=5.00&passphrase=jt7NOE43FZPn'),
    );
  });

  it('check a notification in the order it arrived', () => {
    const fields: [string, string][] = [
      ['m_payment_id', '8542'],
      ['pf_payment_id', '1089250'],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', '200.00'],
    ];
    const signed: [string, string][] = [
      ...fields,
      ['signature', payfastSignature(fields, 'secret phrase')],
    ];
    expect(isNotificationSignatureValid(signed, 'secret phrase')).toBe(true);
    expect(isNotificationSignatureValid(signed, 'other')).toBe(false);
    const tampered = signed.map(([k, v]): [string, string] => [
      k,
      k === 'amount_gross' ? '2.00' : v,
    ]);
    expect(isNotificationSignatureValid(tampered, 'secret phrase')).toBe(false);
  });

  it('check no notification without a passphrase: anyone can sign the public fields', () => {
    const fields: [string, string][] = [
      ['m_payment_id', '8542'],
      ['pf_payment_id', '1089250'],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', '200.00'],
    ];
    const forged: [string, string][] = [...fields, ['signature', payfastSignature(fields)]];
    expect(isNotificationSignatureValid(forged, undefined)).toBe(false);
    expect(isNotificationSignatureValid(forged, '')).toBe(false);
  });

  it('write amounts in rands with two decimals', () => {
    expect(toRands(41000)).toBe('410.00');
    expect(toRands(16050)).toBe('160.50');
  });
});
