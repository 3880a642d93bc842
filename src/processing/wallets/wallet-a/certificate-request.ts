import { createPublicKey, sign, type KeyObject } from 'node:crypto';
import { bitString, context, integer, oid, sequence } from './asn1-writer.js';
import { distinguishedName } from './certificate-issuer.js';
import { OID } from './wallet-a-oids.js';

/**
 * A PKCS #10 certificate signing request (RFC 2986) for a merchant's wallet A key, as a shop sends
 * it to the wallet vendor to get its payment processing certificate: the subject, the public key,
 * no attributes, signed with the key itself (ECDSA with SHA-256). PEM, as the vendor's portal takes it.
 */
export function createCertificateRequest(
  privateKey: KeyObject,
  subject: readonly (readonly [string, string])[],
): string {
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const info = sequence(integer(0), distinguishedName(subject), spki, context(0));
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const der = sequence(info, algorithm, bitString(sign('sha256', info, privateKey)));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}
