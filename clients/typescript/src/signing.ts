import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';

/** The two headers of a signed request (merchant-api.md, Authentication, request signing). */
export interface SignatureHeaders {
  readonly 'X-Hash': string;
  readonly 'X-Signature': string;
}

/** Signs a request body exactly as it is sent. */
export type RequestSigner = (body: Uint8Array) => SignatureHeaders;

/**
 * A signer for the merchant's RSA private key (PEM, PKCS#8 or PKCS#1), whose certificate the
 * gateway holds: X-Hash is the Base64 SHA-256 digest of the body, X-Signature the Base64
 * RSA-SHA256 signature of those digest bytes.
 */
export function rsaSigner(privateKey: string | Buffer | KeyObject): RequestSigner {
  const key =
    typeof privateKey === 'string' || Buffer.isBuffer(privateKey) ? createPrivateKey(privateKey) : privateKey;
  if (key.type !== 'private' || key.asymmetricKeyType !== 'rsa') {
    throw new TypeError('the signing key must be an RSA private key');
  }
  return (body) => {
    const digest = createHash('sha256').update(body).digest();
    return {
      'X-Hash': digest.toString('base64'),
      'X-Signature': sign('sha256', digest, key).toString('base64'),
    };
  };
}
