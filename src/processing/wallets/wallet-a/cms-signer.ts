import { createHash, sign, type X509Certificate } from 'node:crypto';
import {
  indefinite,
  integer,
  nullValue,
  octetString,
  oid,
  sequence,
  setOf,
  time,
  tlv,
} from './asn1-writer.js';
import { ASN1_TAG } from './asn1-reader.js';
import { readCertificateFields } from './certificate-fields.js';
import type { SigningIdentity } from './certificate-issuer.js';
import { OID } from './wallet-a-oids.js';

/**
 * A detached CMS SignedData (RFC 5652) shaped like the wallet vendor's: BER indefinite lengths on
 * the outer layers, the signer's and intermediate's certificates, one signer identified by issuer
 * and serial, signed attributes contentType, signingTime and messageDigest, ECDSA with SHA-256.
 */
export function signDetachedCms(
  content: Buffer,
  signer: SigningIdentity,
  chain: readonly X509Certificate[],
  signingTimeMs: number,
): Buffer {
  const sha256 = sequence(oid(OID.sha256), nullValue());
  const attributes = [
    sequence(oid(OID.contentType), setOf(oid(OID.data))),
    sequence(oid(OID.signingTime), setOf(time(signingTimeMs))),
    sequence(oid(OID.messageDigest), setOf(octetString(createHash('sha256').update(content).digest()))),
  ];
  const signedAttributes = setOf(...attributes);
  const signature = sign('sha256', signedAttributes, signer.privateKey);
  const implicitAttributes = Buffer.from(signedAttributes);
  implicitAttributes[0] = 0xa0; // [0] IMPLICIT SET OF Attribute
  const fields = readCertificateFields(signer.certificate.raw);
  const signerInfo = sequence(
    integer(1),
    sequence(fields.issuer, tlv(ASN1_TAG.integer, fields.serialNumber)),
    sha256,
    implicitAttributes,
    sequence(oid(OID.ecdsaWithSha256)),
    octetString(signature),
  );
  const signedData = indefinite(
    ASN1_TAG.sequence,
    integer(1),
    setOf(sha256),
    indefinite(ASN1_TAG.sequence, oid(OID.data)),
    indefinite(0xa0, signer.certificate.raw, ...chain.map((certificate) => certificate.raw)),
    setOf(signerInfo),
  );
  return indefinite(ASN1_TAG.sequence, oid(OID.signedData), indefinite(0xa0, signedData));
}
