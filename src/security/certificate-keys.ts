import { X509Certificate, type KeyObject } from 'node:crypto';
import { ParsedOnce } from './parsed-once.js';

export interface CertificateKey {
  readonly publicKey: KeyObject;
  readonly validFromMs: number;
  readonly validToMs: number;
}

export const CERTIFICATE_KEYS_MAX = 1000;
const parsed = new ParsedOnce<CertificateKey>(CERTIFICATE_KEYS_MAX);

/**
 * A merchant certificate's public key and validity. Parsing an X.509 certificate cost 0.43 ms of
 * every signed request (`npm run profile -- instantPerformP2P.do`), more than the signature check;
 * the text is parsed once. Which certificates a merchant has is still read on every request, so a
 * removed certificate stops verifying at once.
 */
export function certificateKey(pem: string): CertificateKey {
  return parsed.get(pem, () => {
    const certificate = new X509Certificate(pem);
    return {
      publicKey: certificate.publicKey,
      validFromMs: Date.parse(certificate.validFrom),
      validToMs: Date.parse(certificate.validTo),
    };
  });
}
