import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { embeddedIpv4 } from './embedded-ipv4.js';

/**
 * Networks a callback must not reach outside the sandbox: this host, private and shared address
 * space, link-local (the cloud metadata address 169.254.169.254 among them), documentation,
 * benchmarking, multicast and reserved ranges, and the IPv6 forms that embed or tunnel to them.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for an IP address on the public internet; false for anything else, names included. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (mapped or compatible, in any spelling) is judged as itself.
  const carried = embeddedIpv4(address);
  if (carried !== undefined) return isPublicAddress(carried);
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an address may not receive callbacks. */
export type CallbackAddressProblem = 'notHttps' | 'notPublic';

export const CALLBACK_ADDRESS_PROBLEMS: Record<CallbackAddressProblem, string> = {
  notHttps: 'callback addresses must use https',
  notPublic: 'callback addresses must not point to a loopback, private, link-local or reserved address',
};

class NonPublicAddressError extends Error {
  readonly code = 'ECALLBACKNOTPUBLIC';
}

/**
 * Where callbacks may go
 * (docs/decisions/0113-where-callbacks-may-go-server-side-request-forgery.md). In the sandbox
 * anywhere, so a merchant's local receiver works; under GATEHOUSE_ENV=production (or with
 * GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES=false) only https addresses on the public internet. A name
 * is judged by what it resolves to when the connection is made, in the lookup the socket itself
 * uses, so a name that resolved to a public address when it was set and to a private one later (DNS
 * rebinding) is still refused.
 */
export class CallbackAddresses {
  /** The socket's lookup: undefined (the system's) when private addresses are allowed. */
  readonly lookup: LookupFunction | undefined;

  constructor(
    readonly privateAllowed: boolean,
    /** The resolver (tests give one that answers what an attacker's DNS would). */
    resolve: typeof dnsLookup = dnsLookup,
  ) {
    this.lookup = privateAllowed ? undefined : publicOnlyLookup(resolve);
  }

  /** What is wrong with an address a merchant sets, judged by what can be known before connecting. */
  problemOf(address: string): CallbackAddressProblem | undefined {
    if (this.privateAllowed) return undefined;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return 'notHttps';
    }
    if (url.protocol !== 'https:') return 'notHttps';
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : 'notPublic';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'notPublic';
    return undefined;
  }
}

/** Resolves with `resolve`, and fails when any address of the answer is not public. */
function publicOnlyLookup(resolve: typeof dnsLookup): LookupFunction {
  const lookup = (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) {
        callback(error, '');
        return;
      }
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      const first = addresses[0];
      if (refused !== undefined || first === undefined) {
        callback(new NonPublicAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}`), '');
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
  return lookup as unknown as LookupFunction;
}
