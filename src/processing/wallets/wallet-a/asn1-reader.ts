/**
 * A small, bounded BER/DER reader: just enough ASN.1 to read a CMS SignedData and the extensions of
 * an X.509 certificate (Node has no CMS parser and does not expose arbitrary certificate
 * extensions). The wallet vendor sends BER with indefinite lengths around DER certificates and
 * DER signed attributes, so both length forms are read. Everything else BER allows and CMS does
 * not use (high tag numbers, lengths over 4 bytes) is refused, and input size, depth and element
 * count are capped so a hostile token cannot make the reader work hard.
 */

export const ASN1_TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Identifier octet of a constructed context-specific tag [n] (n < 31). */
export function contextTag(n: number): number {
  return 0xa0 | n;
}

export class Asn1Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Asn1Error';
  }
}

export interface Asn1Limits {
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly maxNodes: number;
}

/** A wallet token's signature is about 3.5 KB; these caps leave ample room and no more. */
export const ASN1_DEFAULT_LIMITS: Asn1Limits = { maxBytes: 64 * 1024, maxDepth: 32, maxNodes: 4096 };

export interface Asn1Node {
  /** The identifier octet (class, constructed bit and tag number in one byte). */
  readonly tag: number;
  readonly constructed: boolean;
  /** Offsets into the buffer given to readAsn1: the element runs start..end, its content contentStart..contentEnd. */
  readonly start: number;
  readonly contentStart: number;
  readonly contentEnd: number;
  readonly end: number;
  readonly indefinite: boolean;
  readonly children: readonly Asn1Node[];
  /** The content octets (for primitive elements). */
  readonly content: Buffer;
  /** The whole element as encoded, identifier and length included. */
  readonly raw: Buffer;
}

interface Cursor {
  readonly buf: Buffer;
  readonly limits: Asn1Limits;
  nodes: number;
}

function readElement(cursor: Cursor, pos: number, limit: number, depth: number): Asn1Node {
  const { buf, limits } = cursor;
  if (depth > limits.maxDepth) throw new Asn1Error('nesting too deep');
  if (++cursor.nodes > limits.maxNodes) throw new Asn1Error('too many elements');
  if (pos + 2 > limit) throw new Asn1Error('truncated element');
  const tag = buf[pos] as number;
  if (tag === 0) throw new Asn1Error('end-of-contents outside an indefinite-length element');
  if ((tag & 0x1f) === 0x1f) throw new Asn1Error('high tag numbers are not supported');
  const constructed = (tag & 0x20) !== 0;
  const first = buf[pos + 1] as number;
  let contentStart = pos + 2;
  let length = -1;
  if (first < 0x80) {
    length = first;
  } else if (first !== 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new Asn1Error('length too long');
    if (contentStart + count > limit) throw new Asn1Error('truncated length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (buf[contentStart + i] as number);
    contentStart += count;
  }
  const children: Asn1Node[] = [];
  let contentEnd: number;
  let end: number;
  if (length < 0) {
    if (!constructed) throw new Asn1Error('indefinite length on a primitive element');
    let at = contentStart;
    for (;;) {
      if (at + 2 > limit) throw new Asn1Error('missing end-of-contents');
      if (buf[at] === 0 && buf[at + 1] === 0) break;
      const child = readElement(cursor, at, limit, depth + 1);
      children.push(child);
      at = child.end;
    }
    contentEnd = at;
    end = at + 2;
  } else {
    contentEnd = contentStart + length;
    if (contentEnd > limit) throw new Asn1Error('element runs past its container');
    end = contentEnd;
    if (constructed) {
      let at = contentStart;
      while (at < contentEnd) {
        const child = readElement(cursor, at, contentEnd, depth + 1);
        children.push(child);
        at = child.end;
      }
    }
  }
  return {
    tag,
    constructed,
    start: pos,
    contentStart,
    contentEnd,
    end,
    indefinite: length < 0,
    children,
    content: buf.subarray(contentStart, contentEnd),
    raw: buf.subarray(pos, end),
  };
}

/** Reads exactly one element filling the whole buffer. */
export function readAsn1(buf: Buffer, limits: Asn1Limits = ASN1_DEFAULT_LIMITS): Asn1Node {
  if (buf.length > limits.maxBytes) throw new Asn1Error('input too large');
  const node = readElement({ buf, limits, nodes: 0 }, 0, buf.length, 0);
  if (node.end !== buf.length) throw new Asn1Error('trailing bytes after the element');
  return node;
}

/** The node, checked to carry the expected identifier octet. */
export function expectTag(node: Asn1Node | undefined, tag: number, what: string): Asn1Node {
  if (node === undefined) throw new Asn1Error(`${what} missing`);
  if (node.tag !== tag) throw new Asn1Error(`${what} has an unexpected tag`);
  return node;
}

/** Dotted form of an OBJECT IDENTIFIER. */
export function readOid(node: Asn1Node | undefined, what = 'object identifier'): string {
  const content = expectTag(node, ASN1_TAG.oid, what).content;
  if (content.length === 0 || content.length > 64) throw new Asn1Error(`${what} has a bad length`);
  const arcs: number[] = [];
  let value = 0;
  for (let i = 0; i < content.length; i++) {
    const byte = content[i] as number;
    if (value === 0 && byte === 0x80) throw new Asn1Error(`${what} is not minimally encoded`);
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) throw new Asn1Error(`${what} has an arc too large`);
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) {
        const firstArc = value < 40 ? 0 : value < 80 ? 1 : 2;
        arcs.push(firstArc, value - firstArc * 40);
      } else {
        arcs.push(value);
      }
      value = 0;
    } else if (i === content.length - 1) {
      throw new Asn1Error(`${what} is truncated`);
    }
  }
  return arcs.join('.');
}

/** UTCTime (years 1950-2049, RFC 5280) or GeneralizedTime, whole seconds, UTC only. */
export function readTime(node: Asn1Node | undefined, what = 'time'): number {
  if (node === undefined) throw new Asn1Error(`${what} missing`);
  const text = node.content.toString('latin1');
  let match: RegExpExecArray | null;
  let year: number;
  if (node.tag === ASN1_TAG.utcTime) {
    match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
    if (match === null) throw new Asn1Error(`${what} is not a UTC time`);
    const yy = Number(match[1]);
    year = yy < 50 ? 2000 + yy : 1900 + yy;
  } else if (node.tag === ASN1_TAG.generalizedTime) {
    match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
    if (match === null) throw new Asn1Error(`${what} is not a UTC time`);
    year = Number(match[1]);
  } else {
    throw new Asn1Error(`${what} has an unexpected tag`);
  }
  const [month, day, hour, minute, second] = match.slice(2).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  if (
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new Asn1Error(`${what} is not a valid date`);
  }
  return ms;
}
