import { describe, expect, it } from 'vitest';
import { clientNetworkOf } from './client-network.ts';

describe('clientNetworkOf', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped one as IPv4', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it("takes an IPv6 address's /64, however it is written", () => {
    expect(clientNetworkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
  });
});
