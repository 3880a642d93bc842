import { X509Certificate, type KeyObject } from 'node:crypto';

export interface CertificateKey {
  readonly publicKey: KeyObject;
  readonly validFromMs: number;
  readonly validToMs: number;
}

/** Parsed certificates by their PEM text; an entry is a pure function of its key, so never stale. */
const parsed = new Map<string, CertificateKey>();
export const CERTIFICATE_KEYS_MAX = 1000;

/**
 * A merchant certificate's public key and validity. Parsing an X.509 certificate cost 0.43 ms of
 * every signed request (`npm run profile -- instantPerformP2P.do`), more than the signature check;
 * the text is parsed once. Which certificates a merchant has is still read on every request, so a
 * removed certificate stops verifying at once.
 */
export function certificateKey(pem: string): CertificateKey {
  let key = parsed.get(pem);
  if (key === undefined) {
    const certificate = new X509Certificate(pem);
    key = {
      publicKey: certificate.publicKey,
      validFromMs: Date.parse(certificate.validFrom),
      validToMs: Date.parse(certificate.validTo),
    };
    if (parsed.size >= CERTIFICATE_KEYS_MAX) parsed.delete(parsed.keys().next().value as string);
    parsed.set(pem, key);
  }
  return key;
}
