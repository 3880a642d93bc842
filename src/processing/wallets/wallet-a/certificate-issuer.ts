import { createHash, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { ASN1_TAG, expectTag, readAsn1 } from './asn1-reader.js';
import {
  bitString,
  booleanValue,
  context,
  integer,
  integerFromBytes,
  octetString,
  oid,
  printableString,
  sequence,
  setOf,
  time,
  utf8String,
} from './asn1-writer.js';
import { readCertificateFields } from './certificate-fields.js';
import { OID } from './wallet-a-oids.js';

/**
 * Issues the sandbox world's X.509 v3 certificates (ECDSA with SHA-256) with the DER writer,
 * because node:crypto can sign but cannot make a certificate, and the gateway mints its sandbox
 * wallet authority at run time. Only what the wallet A rules and OpenSSL's chain checks look at:
 * names, validity, basic constraints, key usage, key identifiers and the vendor's extensions.
 */
export interface SigningIdentity {
  readonly privateKey: KeyObject;
  readonly certificate: X509Certificate;
}

export type KeyUsage = 'certificateAuthority' | 'digitalSignature' | 'keyAgreement';

export interface CertificateRequest {
  /** Relative distinguished names in order, as [attribute OID, value]. */
  readonly subject: readonly (readonly [string, string])[];
  readonly publicKey: KeyObject;
  readonly notBeforeMs: number;
  readonly notAfterMs: number;
  readonly keyUsage: KeyUsage;
  /** Extra non-critical extensions: [OID, DER of the extension value]. */
  readonly extensions?: readonly (readonly [string, Buffer])[];
  /** The issuer; absent for a self-signed certificate, which `selfKey` then signs. */
  readonly issuer?: SigningIdentity;
  readonly selfKey?: KeyObject;
}

export function distinguishedName(attributes: readonly (readonly [string, string])[]): Buffer {
  return sequence(
    ...attributes.map(([type, value]) =>
      setOf(sequence(oid(type), type === OID.country ? printableString(value) : utf8String(value))),
    ),
  );
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? sequence(oid(id), booleanValue(true), octetString(value))
    : sequence(oid(id), octetString(value));
}

/** KeyUsage BIT STRING (RFC 5280 §4.2.1.3): the named bits, trailing zero bits counted as unused. */
function keyUsageBits(usage: KeyUsage): Buffer {
  switch (usage) {
    case 'certificateAuthority':
      return bitString(Buffer.of(0x06), 1); // keyCertSign (5), cRLSign (6)
    case 'digitalSignature':
      return bitString(Buffer.of(0x80), 7); // digitalSignature (0)
    case 'keyAgreement':
      return bitString(Buffer.of(0x08), 3); // keyAgreement (4)
  }
}

function keyIdentifier(spkiBits: Buffer): Buffer {
  return createHash('sha1').update(spkiBits).digest();
}

export function issueCertificate(request: CertificateRequest): X509Certificate {
  const signingKey = request.issuer?.privateKey ?? request.selfKey;
  if (signingKey === undefined) throw new RangeError('a self-signed certificate needs selfKey');
  const spki = request.publicKey.export({ type: 'spki', format: 'der' });
  const spkiFields = subjectPublicKeyBits(spki);
  const subject = distinguishedName(request.subject);
  const issuerFields = request.issuer ? readCertificateFields(request.issuer.certificate.raw) : undefined;
  const issuerName = issuerFields?.subject ?? subject;
  const authorityKeyId = keyIdentifier(issuerFields?.subjectPublicKey ?? spkiFields);
  const ca = request.keyUsage === 'certificateAuthority';
  const extensions = [
    extension(OID.basicConstraints, true, ca ? sequence(booleanValue(true)) : sequence()),
    extension(OID.keyUsage, true, keyUsageBits(request.keyUsage)),
    extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(spkiFields))),
    extension(
      OID.authorityKeyIdentifier,
      false,
      sequence(Buffer.concat([Buffer.of(0x80, 20), authorityKeyId])),
    ),
    ...(request.extensions ?? []).map(([id, value]) => extension(id, false, value)),
  ];
  const serial = randomBytes(12);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01; // positive and never zero
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const tbs = sequence(
    context(0, integer(2)),
    integerFromBytes(serial),
    algorithm,
    issuerName,
    sequence(time(request.notBeforeMs), time(request.notAfterMs)),
    subject,
    spki,
    context(3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, signingKey);
  return new X509Certificate(sequence(tbs, algorithm, bitString(signature)));
}

/** The subjectPublicKey bits of an SPKI, for its key identifier (RFC 5280 §4.2.1.2 method 1). */
function subjectPublicKeyBits(spki: Buffer): Buffer {
  return expectTag(readAsn1(spki).children[1], ASN1_TAG.bitString, 'subjectPublicKey').content.subarray(1);
}
