import { describe, expect, it } from 'vitest';
import { staffMenuFor } from './menu.ts';

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token shaped as the API's: header.payload.signature, the payload base64url JSON. */
function token(payload: unknown): string {
  const part = (value: unknown) => base64url(JSON.stringify(value));
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

const STAFF_LINK = [{ label: 'Staff', to: '/staff' }];

describe('staffMenuFor', () => {
  it('adds the Staff link for an organiser or an adjudicator', () => {
    expect(staffMenuFor(token({ sub: 1, role: 'organiser' }))).toEqual(STAFF_LINK);
    expect(staffMenuFor(token({ sub: 2, role: 'adjudicator' }))).toEqual(STAFF_LINK);
  });

  it('adds nothing for a family, a token without a role or no session', () => {
    expect(staffMenuFor(token({ sub: 3, role: 'customer' }))).toEqual([]);
    expect(staffMenuFor(token({ sub: 4 }))).toEqual([]);
    expect(staffMenuFor(token({ sub: 5, role: ['organiser'] }))).toEqual([]);
    expect(staffMenuFor(null)).toEqual([]);
    expect(staffMenuFor('')).toEqual([]);
  });

  it('adds nothing for a token it cannot read', () => {
    expect(staffMenuFor('not-a-token')).toEqual([]);
    expect(staffMenuFor('a.%%%.c')).toEqual([]);
    expect(staffMenuFor(`a.${base64url('not json')}.c`)).toEqual([]);
  });

  it('reads base64url payloads, whose "-" and "_" plain base64 lacks', () => {
    // '>>>' and '???' encode to characters that differ between base64 and base64url.
    const payload = { role: 'organiser', firstName: '>>>???' };
    const encoded = token(payload);
    expect(encoded.split('.')[1]).toMatch(/[-_]/);
    expect(staffMenuFor(encoded)).toEqual(STAFF_LINK);
  });
});
