/**
 * A small DER writer for the sandbox world: enough to build X.509 certificates with the wallet
 * vendor's extensions and a CMS SignedData (Node can sign but cannot make either). Definite
 * lengths everywhere, except `indefinite`, which wraps content the way the vendor's devices do
 * (BER, 0x80 length and an end-of-contents pair) so minted tokens take the same reader paths as
 * real ones. Sizes are capped: nothing the sandbox mints comes near them.
 */
import { ASN1_TAG } from './asn1-reader.js';

const MAX_CONTENT_BYTES = 1 << 20;

function encodeLength(length: number): Buffer {
  if (length < 0 || length > MAX_CONTENT_BYTES) throw new RangeError('DER content too large');
  if (length < 0x80) return Buffer.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One element: identifier octet, DER length, content. */
export function tlv(tag: number, ...content: readonly Buffer[]): Buffer {
  if ((tag & 0x1f) === 0x1f) throw new RangeError('high tag numbers are not supported');
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.of(tag), encodeLength(body.length), body]);
}

/** A constructed element with an indefinite length (BER), as the wallet vendor writes its outer layers. */
export function indefinite(tag: number, ...content: readonly Buffer[]): Buffer {
  if ((tag & 0x20) === 0) throw new RangeError('indefinite length needs a constructed tag');
  return Buffer.concat([Buffer.of(tag, 0x80), ...content, Buffer.of(0, 0)]);
}

export function sequence(...items: readonly Buffer[]): Buffer {
  return tlv(ASN1_TAG.sequence, ...items);
}

/** DER SET OF: the elements sorted by their encodings (X.690 §11.6). */
export function setOf(...items: readonly Buffer[]): Buffer {
  return tlv(ASN1_TAG.set, ...[...items].sort((a, b) => Buffer.compare(a, b)));
}

/** Non-negative INTEGER from big-endian magnitude bytes (minimal, a 0x00 prefix when the top bit is set). */
export function integerFromBytes(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  let body = magnitude.subarray(start);
  if (body.length === 0) body = Buffer.of(0);
  if (((body[0] as number) & 0x80) !== 0) body = Buffer.concat([Buffer.of(0), body]);
  return tlv(ASN1_TAG.integer, body);
}

export function integer(value: number): Buffer {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('integer out of range');
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return integerFromBytes(Buffer.from(bytes));
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map((arc) => {
    if (!/^\d{1,15}$/.test(arc)) throw new RangeError('bad object identifier');
    return Number(arc);
  });
  const [first, second, ...rest] = arcs;
  if (first === undefined || second === undefined || first > 2 || (first < 2 && second > 39)) {
    throw new RangeError('bad object identifier');
  }
  const bytes: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const group = [arc % 128];
    for (let restArc = Math.floor(arc / 128); restArc > 0; restArc = Math.floor(restArc / 128)) {
      group.unshift(0x80 | (restArc % 128));
    }
    bytes.push(...group);
  }
  return tlv(ASN1_TAG.oid, Buffer.from(bytes));
}

export function nullValue(): Buffer {
  return Buffer.of(ASN1_TAG.null, 0);
}

export function booleanValue(value: boolean): Buffer {
  return tlv(ASN1_TAG.boolean, Buffer.of(value ? 0xff : 0));
}

export function octetString(bytes: Buffer): Buffer {
  return tlv(ASN1_TAG.octetString, bytes);
}

/** BIT STRING with the given number of unused bits in the last byte. */
export function bitString(bytes: Buffer, unusedBits = 0): Buffer {
  if (unusedBits < 0 || unusedBits > 7 || (bytes.length === 0 && unusedBits !== 0)) {
    throw new RangeError('bad unused bit count');
  }
  return tlv(ASN1_TAG.bitString, Buffer.of(unusedBits), bytes);
}

export function utf8String(text: string): Buffer {
  return tlv(ASN1_TAG.utf8String, Buffer.from(text, 'utf8'));
}

export function printableString(text: string): Buffer {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(text)) throw new RangeError('not a PrintableString');
  return tlv(ASN1_TAG.printableString, Buffer.from(text, 'latin1'));
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; whole seconds. */
export function time(ms: number): Buffer {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1950 || year > 9999) throw new RangeError('time out of range');
  const rest = [d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    .map(twoDigits)
    .join('');
  return year < 2050
    ? tlv(ASN1_TAG.utcTime, Buffer.from(`${twoDigits(year % 100)}${rest}Z`, 'latin1'))
    : tlv(ASN1_TAG.generalizedTime, Buffer.from(`${year}${rest}Z`, 'latin1'));
}

/** [n] EXPLICIT or a constructed [n] IMPLICIT: the same bytes, a context tag around the content. */
export function context(n: number, ...content: readonly Buffer[]): Buffer {
  if (n < 0 || n > 30) throw new RangeError('context tag out of range');
  return tlv(0xa0 | n, ...content);
}
