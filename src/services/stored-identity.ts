import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { SigningIdentity } from '../processing/wallets/wallet-a/certificate-issuer.js';

/** A signing identity as the sandbox authorities keep it (sealed as JSON): PKCS #8 and PEM. */
export interface StoredIdentity {
  readonly key: string;
  readonly certificate: string;
}

export function storedIdentity(identity: SigningIdentity): StoredIdentity {
  return {
    key: identity.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: identity.certificate.toString(),
  };
}

export function openedIdentity(stored: StoredIdentity): SigningIdentity {
  return { privateKey: createPrivateKey(stored.key), certificate: new X509Certificate(stored.certificate) };
}
