import type { X509Certificate } from 'node:crypto';
import {
  ASN1_TAG,
  Asn1Error,
  contextTag,
  expectTag,
  readAsn1,
  readOid,
  type Asn1Node,
} from './asn1-reader.js';
import { OID } from './wallet-a-oids.js';

/**
 * What node:crypto's X509Certificate does not expose: the raw issuer name, the serial number bytes
 * (to match a CMS signer identifier) and arbitrary extensions (the vendor's marker OIDs and the
 * merchant-id hash), read from the certificate's DER with the bounded reader.
 */
export interface CertificateFields {
  readonly issuer: Buffer;
  readonly subject: Buffer;
  /** The subjectPublicKey bits (for a key identifier). */
  readonly subjectPublicKey: Buffer;
  readonly serialNumber: Buffer;
  /** extnValue contents (inside the OCTET STRING) by dotted extension id. */
  readonly extensions: ReadonlyMap<string, Buffer>;
}

export function readCertificateFields(der: Buffer): CertificateFields {
  const certificate = expectTag(readAsn1(der), ASN1_TAG.sequence, 'certificate');
  const tbs = expectTag(certificate.children[0], ASN1_TAG.sequence, 'tbsCertificate');
  let index = 0;
  if (tbs.children[0]?.tag === contextTag(0)) index++; // version
  const serial = expectTag(tbs.children[index], ASN1_TAG.integer, 'serialNumber');
  const issuer = expectTag(tbs.children[index + 2], ASN1_TAG.sequence, 'issuer');
  const subject = expectTag(tbs.children[index + 4], ASN1_TAG.sequence, 'subject');
  const spki = expectTag(tbs.children[index + 5], ASN1_TAG.sequence, 'subjectPublicKeyInfo');
  const bits = expectTag(spki.children[1], ASN1_TAG.bitString, 'subjectPublicKey').content;
  const extensions = new Map<string, Buffer>();
  const wrapper = tbs.children.slice(index + 6).find((child) => child.tag === contextTag(3));
  if (wrapper !== undefined) {
    const list = expectTag(wrapper.children[0], ASN1_TAG.sequence, 'extensions');
    for (const extension of list.children)
      readExtension(expectTag(extension, ASN1_TAG.sequence, 'extension'), extensions);
  }
  return {
    issuer: issuer.raw,
    subject: subject.raw,
    subjectPublicKey: bits.subarray(1),
    serialNumber: serial.content,
    extensions,
  };
}

function readExtension(extension: Asn1Node, into: Map<string, Buffer>): void {
  const id = readOid(extension.children[0], 'extension id');
  const value = expectTag(
    extension.children[extension.children.length - 1],
    ASN1_TAG.octetString,
    'extnValue',
  );
  if (into.has(id)) throw new Asn1Error('duplicate extension');
  into.set(id, value.content);
}

/**
 * SHA-256 of the merchant identifier, from the merchant certificate's extension
 * 1.2.840.113635.100.6.32 (a UTF8String of 64 hex digits): the KDF's PartyVInfo. Undefined when
 * the certificate has no such extension (not a payment processing certificate).
 */
export function readWalletAMerchantIdHash(certificate: X509Certificate): Buffer | undefined {
  let value: Buffer | undefined;
  try {
    value = readCertificateFields(certificate.raw).extensions.get(OID.merchantIdHash);
    if (value === undefined) return undefined;
    const text = readAsn1(value);
    if (
      text.tag !== ASN1_TAG.utf8String &&
      text.tag !== ASN1_TAG.ia5String &&
      text.tag !== ASN1_TAG.printableString
    ) {
      return undefined;
    }
    const hex = text.content.toString('latin1');
    return /^[0-9A-Fa-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
  } catch (error) {
    if (error instanceof Asn1Error) return undefined;
    throw error;
  }
}
