import { isIPv4, isIPv6 } from 'node:net';

/** The sixteen bytes of an IPv6 address in text form (zone index ignored); undefined if it is not one. */
function ipv6Bytes(address: string): Buffer | undefined {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare.toLowerCase();
  // A dotted IPv4 tail is two 16-bit groups written the IPv4 way.
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const front = groupsOf(head);
  const back = rest === undefined ? [] : groupsOf(rest);
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(Number.parseInt(group, 16), index * 2));
  return bytes;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when its first 96 say so: the
 * IPv4-mapped form (::ffff:a.b.c.d) and the deprecated IPv4-compatible one (::a.b.c.d, which
 * `[::7f00:1]` also writes). Either reaches the IPv4 host on a dual-stack system, so it is that
 * host's address to judge. Undefined for any other address.
 */
export function embeddedIpv4(address: string): string | undefined {
  if (isIPv4(address)) return undefined;
  const bytes = ipv6Bytes(address);
  if (bytes === undefined || !bytes.subarray(0, 10).equals(Buffer.alloc(10))) return undefined;
  const marker = bytes.readUInt16BE(10);
  if (marker !== 0 && marker !== 0xffff) return undefined;
  return [...bytes.subarray(12)].join('.');
}
