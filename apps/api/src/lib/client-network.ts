import { isIPv6 } from 'node:net';

/**
 * The network a client's address stands for in rate limits and sign-in events: an IPv4 address
 * itself, and an IPv6 address's /64. One home or phone connection is given a whole /64 (or more)
 * and can pick any address in it, so a limit per IPv6 address limits nothing (security review
 * of issue 30). 'IPv4-mapped' IPv6 (::ffff:203.0.113.7) is its IPv4 address.
 */
export function clientNetworkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
