import { X509Certificate } from 'node:crypto';
import type { MerchantRepository } from '../store/merchant-repository.js';
import { AdminError } from './admin-error.js';

const CERTIFICATE_KEY_BITS_MIN = 2048;

/**
 * Where the request pipeline reads a merchant's request-signing certificates to verify a signature
 * (the merchant repository is it); the HTTP layer holds this port, never the repository.
 */
export type CertificateSource = Pick<MerchantRepository, 'certificatesOf'>;

/**
 * A request-signing certificate as an operator is shown it. A type, not an interface: the console
 * audits it as the change's facts, a plain record.
 */
export type CertificateSummary = {
  readonly fingerprintSha256: string;
  readonly subject: string;
  readonly validTo: string;
};

/**
 * A certificate for request signing, checked before a merchant's is kept: X.509 PEM with an RSA
 * key of at least 2048 bits. Its PEM comes back re-encoded, as it is stored.
 */
export function signingCertificate(pem: string): {
  readonly pem: string;
  readonly summary: CertificateSummary;
} {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new AdminError('the file is not a PEM X.509 certificate');
  }
  const key = certificate.publicKey;
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < CERTIFICATE_KEY_BITS_MIN) {
    throw new AdminError(
      `the certificate must carry an RSA key of at least ${CERTIFICATE_KEY_BITS_MIN} bits`,
    );
  }
  return {
    pem: certificate.toString(),
    summary: {
      fingerprintSha256: certificate.fingerprint256,
      subject: certificate.subject.replace(/\n/g, ', '),
      validTo: certificate.validTo,
    },
  };
}
