import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for when counting requests. An IPv4 address is one client;
 * an IPv6 client usually owns a whole /64 (and can pick any address in it), so all of its addresses
 * share one budget. IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as the IPv4 address.
 */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'local';
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 part (::1.2.3.4 and the like) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * Whether a client address is in an allow-list of IPv4/IPv6 addresses and CIDR ranges (an API key's
 * IP allow-list). An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is matched as the IPv4 address; an
 * unknown address is in no list.
 */
export function addressAllowed(ip: string | undefined, allowList: ReadonlyArray<string>): boolean {
  if (!ip) return false;
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  const address = mapped?.[1] && isIPv4(mapped[1]) ? mapped[1] : bare;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [net = '', bits] = entry.split('/');
    const entryFamily = isIPv4(net) ? 'ipv4' : isIPv6(net) ? 'ipv6' : undefined;
    if (!entryFamily) continue;
    if (bits === undefined) list.addAddress(net, entryFamily);
    else list.addSubnet(net, Number(bits), entryFamily);
  }
  return list.check(address, family);
}
