import { createPublicKey, sign, type KeyObject } from 'node:crypto';
import { bitString, context, integer, nullValue, oid, sequence } from './asn1-writer.js';
import { distinguishedName } from './certificate-issuer.js';
import { OID } from './wallet-a-oids.js';

/**
 * A PKCS #10 certificate signing request (RFC 2986) for a merchant's wallet key, as a shop sends it
 * to the wallet vendor: the subject, the public key, no attributes, signed with the key itself
 * (ECDSA with SHA-256 for wallet A's P-256 keys; RSA with SHA-256 for wallet C's RSA keys, whose
 * vendor takes the CSR only as the carrier of the public key). PEM, as the vendors' portals take it.
 */
export function createCertificateRequest(
  privateKey: KeyObject,
  subject: readonly (readonly [string, string])[],
): string {
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const info = sequence(integer(0), distinguishedName(subject), spki, context(0));
  const algorithm =
    privateKey.asymmetricKeyType === 'rsa'
      ? sequence(oid(OID.sha256WithRsaEncryption), nullValue())
      : sequence(oid(OID.ecdsaWithSha256));
  const der = sequence(info, algorithm, bitString(sign('sha256', info, privateKey)));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}
