import { describe, expect, it } from 'vitest';
import { addressAllowed, clientNetwork } from './client-address';

describe('clientNetwork', () => {
  it('keys IPv4 per address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).not.toBe(clientNetwork('203.0.113.7'));
  });

  it('keys IPv6 per /64, however the address is written', () => {
    const a = clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002::1')).toBe(a);
    expect(clientNetwork('2001:db8:1:2::ffff:1.2.3.4')).toBe(a);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(a);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives requests without an address one shared key', () => {
    expect(clientNetwork(undefined)).toBe('local');
  });
});

describe('addressAllowed', () => {
  const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8:1::/48', '::1'];

  it('matches addresses and CIDR ranges of both families', () => {
    expect(addressAllowed('203.0.113.200', list)).toBe(true);
    expect(addressAllowed('198.51.100.7', list)).toBe(true);
    expect(addressAllowed('2001:db8:1:ffff::9', list)).toBe(true);
    expect(addressAllowed('::1', list)).toBe(true);
    expect(addressAllowed('203.0.114.1', list)).toBe(false);
    expect(addressAllowed('198.51.100.8', list)).toBe(false);
    expect(addressAllowed('2001:db8:2::1', list)).toBe(false);
  });

  it('reads an IPv4-mapped address as IPv4, and no address as none', () => {
    expect(addressAllowed('::ffff:203.0.113.9', list)).toBe(true);
    expect(addressAllowed('::ffff:192.0.2.1', list)).toBe(false);
    expect(addressAllowed(undefined, list)).toBe(false);
    expect(addressAllowed('not an address', list)).toBe(false);
  });
});
