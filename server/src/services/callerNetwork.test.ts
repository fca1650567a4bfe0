import { describe, expect, it } from 'vitest';
import { callerNetwork } from './callerNetwork.ts';

describe('callerNetwork', () => {
  it('counts an IPv4 caller by its address, however the socket wrote it', () => {
    expect(callerNetwork('192.0.2.10')).toBe('192.0.2.10');
    expect(callerNetwork('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(callerNetwork('192.0.2.11')).not.toBe(callerNetwork('192.0.2.10'));
  });

  it('counts an IPv6 caller by its /64, whichever address of it the request came from', () => {
    const network = callerNetwork('2001:db8:1:2::1');
    expect(network).toBe('2001:db8:1:2::/64');
    expect(callerNetwork('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(network);
    expect(callerNetwork('2001:db8:1:3::1')).not.toBe(network);
    expect(callerNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(callerNetwork('unknown')).toBe('unknown');
  });
});
