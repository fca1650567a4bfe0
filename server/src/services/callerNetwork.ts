import ipaddr from 'ipaddr.js';

/**
 * The network a rate limit counts a caller by. An IPv4 address is one caller, but an IPv6 host is
 * usually handed a whole /64 and can take a new address for every request, so a limit keyed on
 * the full address would never fill: an IPv6 caller is counted by its /64. An IPv4 address written
 * the IPv6 way (`::ffff:192.0.2.1`, as a dual-stack socket reports it) counts as that IPv4 address.
 */
export function callerNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
