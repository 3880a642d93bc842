import { createHash, generateKeyPairSync, type KeyObject, type X509Certificate } from 'node:crypto';
import { utf8String } from './asn1-writer.js';
import { issueCertificate, type SigningIdentity } from './certificate-issuer.js';
import type { WalletAMerchantKey } from './wallet-a-merchant-key.js';
import { OID } from './wallet-a-oids.js';
import type { WalletATrust } from './wallet-a-signature.js';

export type { SigningIdentity } from './certificate-issuer.js';

/**
 * The sandbox world's wallet A vendor: a root CA (the sandbox's stand-in for Apple Root CA - G3),
 * an intermediate carrying the vendor's intermediate marker and a signing leaf carrying the leaf
 * marker, all P-256 with ECDSA-SHA256. The gateway makes one on first use and keeps it (export the
 * keys with KeyObject.export and the certificates with X509Certificate.toString, and rebuild this
 * object from them); merchants' sandbox certificates are issued by its root.
 */
export interface WalletASandboxAuthority {
  readonly root: SigningIdentity;
  readonly intermediate: SigningIdentity;
  readonly leaf: SigningIdentity;
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
/** Validity starts a day early so a verifier whose clock lags a little still accepts it. */
const BACKDATE_MS = DAY_MS;
/** Long-lived CAs like the vendor's (the real root runs 25 years); the leaf lasts 5 years like the vendor's. */
export const WALLET_A_SANDBOX_ROOT_YEARS = 25;
export const WALLET_A_SANDBOX_LEAF_YEARS = 5;
/** The vendor issues payment processing certificates for 25 months; the sandbox issues for 2 years. */
export const WALLET_A_SANDBOX_MERCHANT_YEARS = 2;
const ORGANIZATION = 'Gatehouse Sandbox';

function p256(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

/** The vendor's marker extensions have a NULL value; only their presence matters. */
const MARKER_VALUE = Buffer.of(0x05, 0x00);

export function createWalletASandboxAuthority(nowMs: number): WalletASandboxAuthority {
  const notBeforeMs = nowMs - BACKDATE_MS;
  const rootKeys = p256();
  const root: SigningIdentity = {
    privateKey: rootKeys.privateKey,
    certificate: issueCertificate({
      subject: [
        [OID.commonName, 'Gatehouse Sandbox Wallet A Root CA'],
        [OID.organization, ORGANIZATION],
        [OID.country, 'US'],
      ],
      publicKey: rootKeys.publicKey,
      selfKey: rootKeys.privateKey,
      notBeforeMs,
      notAfterMs: nowMs + WALLET_A_SANDBOX_ROOT_YEARS * YEAR_MS,
      keyUsage: 'certificateAuthority',
    }),
  };
  const intermediateKeys = p256();
  const intermediate: SigningIdentity = {
    privateKey: intermediateKeys.privateKey,
    certificate: issueCertificate({
      subject: [
        [OID.commonName, 'Gatehouse Sandbox Wallet A Integration CA'],
        [OID.organization, ORGANIZATION],
        [OID.country, 'US'],
      ],
      publicKey: intermediateKeys.publicKey,
      issuer: root,
      notBeforeMs,
      notAfterMs: nowMs + (WALLET_A_SANDBOX_ROOT_YEARS - 1) * YEAR_MS,
      keyUsage: 'certificateAuthority',
      extensions: [[OID.intermediateMarker, MARKER_VALUE]],
    }),
  };
  const leafKeys = p256();
  const leaf: SigningIdentity = {
    privateKey: leafKeys.privateKey,
    certificate: issueCertificate({
      subject: [
        [OID.commonName, 'gatehouse-sandbox-wallet-a-sign'],
        [OID.organization, ORGANIZATION],
        [OID.country, 'US'],
      ],
      publicKey: leafKeys.publicKey,
      issuer: intermediate,
      notBeforeMs,
      notAfterMs: nowMs + WALLET_A_SANDBOX_LEAF_YEARS * YEAR_MS,
      keyUsage: 'digitalSignature',
      extensions: [[OID.leafMarker, MARKER_VALUE]],
    }),
  };
  return { root, intermediate, leaf };
}

/** What openWalletAToken trusts for tokens of this authority. */
export function walletASandboxTrust(authority: WalletASandboxAuthority): WalletATrust {
  return { roots: [authority.root.certificate] };
}

/**
 * A payment processing certificate for `publicKey` (a merchant's P-256 key), as the vendor would
 * issue it: subject UID and CN the merchant identifier, extension 1.2.840.113635.100.6.32 holding
 * SHA-256(merchant identifier) as 64 uppercase hex digits in a UTF8String. Issued by the root.
 */
export function issueWalletAMerchantCertificate(options: {
  readonly authority: WalletASandboxAuthority;
  readonly publicKey: KeyObject;
  readonly merchantId: string;
  readonly nowMs: number;
}): X509Certificate {
  const { authority, publicKey, merchantId, nowMs } = options;
  if (merchantId.length === 0 || merchantId.length > 128)
    throw new RangeError('merchantId must be 1 to 128 characters');
  const key = publicKey.asymmetricKeyDetails?.namedCurve;
  if (publicKey.asymmetricKeyType !== 'ec' || key !== 'prime256v1')
    throw new RangeError('the merchant key must be P-256');
  const idHash = createHash('sha256').update(merchantId, 'utf8').digest('hex').toUpperCase();
  return issueCertificate({
    subject: [
      [OID.userId, merchantId],
      [OID.commonName, merchantId],
      [OID.organization, ORGANIZATION],
      [OID.country, 'US'],
    ],
    publicKey,
    issuer: authority.root,
    notBeforeMs: nowMs - BACKDATE_MS,
    notAfterMs: nowMs + WALLET_A_SANDBOX_MERCHANT_YEARS * YEAR_MS,
    keyUsage: 'keyAgreement',
    extensions: [[OID.merchantIdHash, utf8String(idHash)]],
  });
}

/** A new merchant P-256 key with its sandbox payment processing certificate. */
export function createWalletAMerchantKey(options: {
  readonly authority: WalletASandboxAuthority;
  readonly merchantId: string;
  readonly nowMs: number;
}): WalletAMerchantKey & { readonly merchantId: string } {
  const { privateKey, publicKey } = p256();
  return {
    privateKey,
    certificate: issueWalletAMerchantCertificate({ ...options, publicKey }),
    merchantId: options.merchantId,
  };
}
