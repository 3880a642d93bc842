import { createHash, timingSafeEqual, verify, X509Certificate } from 'node:crypto';
import { ParsedOnce } from '../../../security/parsed-once.js';
import { WalletTokenError } from '../wallet-token-error.js';
import { readCertificateFields, type CertificateFields } from './certificate-fields.js';
import type { DetachedSignedData } from './cms-signed-data.js';
import { OID } from './wallet-a-oids.js';

/**
 * How far the CMS signingTime may be from the gateway's clock, either way. The vendor asks that
 * the signing time be "within a few minutes" of the transaction time, as a replay guard
 * (protocols.md §2.3 step 6, 5 minutes there). The vendor's server signs when the customer
 * authorizes on the device and the shop forwards the token at once, so 5 minutes covers network
 * and clock skew and nothing more. The caller keeps seen transaction ids at least twice this long
 * (a token is accepted from signingTime - window to signingTime + window).
 */
export const WALLET_A_SIGNING_WINDOW_MS = 5 * 60_000;

/** The wallet vendor's root CAs a deployment trusts (Apple Root CA - G3 in production). */
export interface WalletATrust {
  readonly roots: readonly X509Certificate[];
}

interface ParsedCertificate {
  readonly certificate: X509Certificate;
  readonly fields: CertificateFields;
}

/**
 * Every token of a vendor carries the same leaf and intermediate certificates: each DER text is
 * parsed once, and each (certificate, issuer) pair's signature checked once; what depends on the
 * clock (validity, signingTime) and the token's own signature are checked on every token.
 */
const CERTIFICATES_MAX = 1000;
const parsedCertificates = new ParsedOnce<ParsedCertificate>(CERTIFICATES_MAX);
const issuedBy = new WeakMap<X509Certificate, WeakMap<X509Certificate, boolean>>();

function parseCertificate(der: Buffer): ParsedCertificate {
  try {
    return parsedCertificates.get(der.toString('base64'), () => ({
      certificate: new X509Certificate(der),
      fields: readCertificateFields(der),
    }));
  } catch {
    throw new WalletTokenError('malformed', 'a certificate in the wallet token signature cannot be read');
  }
}

function issued(child: X509Certificate, issuer: X509Certificate): boolean {
  const known = issuedBy.get(child)?.get(issuer);
  if (known !== undefined) return known;
  let result: boolean;
  try {
    result = child.checkIssued(issuer) && child.verify(issuer.publicKey);
  } catch {
    result = false;
  }
  const byIssuer = issuedBy.get(child) ?? new WeakMap<X509Certificate, boolean>();
  byIssuer.set(issuer, result);
  issuedBy.set(child, byIssuer);
  return result;
}

function validAt(certificate: X509Certificate, nowMs: number): boolean {
  return Date.parse(certificate.validFrom) <= nowMs && nowMs <= Date.parse(certificate.validTo);
}

/**
 * The vendor's signature rules (protocols.md §2.3), in an order that reports time only for a
 * genuine signature: chain (leaf with its marker, issued by an intermediate with its marker,
 * issued by a trusted root), then the signer (messageDigest over the signed content, ECDSA-SHA256
 * over the signed attributes), then time (every certificate valid now, signingTime within the
 * window). Returns the signing time.
 */
export function verifyWalletASignature(
  signedData: DetachedSignedData,
  signedContent: Buffer,
  trust: WalletATrust,
  nowMs: number,
): number {
  const { signer } = signedData;
  const certificates = signedData.certificates.map(parseCertificate);
  const leaf = certificates.find(
    ({ fields }) => fields.issuer.equals(signer.issuer) && fields.serialNumber.equals(signer.serialNumber),
  );
  if (leaf === undefined) throw new WalletTokenError('untrustedChain', 'the signer certificate is missing');
  if (!leaf.fields.extensions.has(OID.leafMarker)) {
    throw new WalletTokenError('untrustedChain', 'the signer certificate lacks the wallet leaf marker');
  }
  const intermediate = certificates.find(
    (candidate) =>
      candidate !== leaf &&
      candidate.certificate.ca &&
      candidate.fields.extensions.has(OID.intermediateMarker) &&
      issued(leaf.certificate, candidate.certificate),
  );
  if (intermediate === undefined) {
    throw new WalletTokenError('untrustedChain', 'no wallet intermediate CA issued the signer certificate');
  }
  const root = trust.roots.find((candidate) => issued(intermediate.certificate, candidate));
  if (root === undefined)
    throw new WalletTokenError('untrustedChain', 'the intermediate CA is not issued by a trusted root');

  if (signer.digestAlgorithm !== OID.sha256 || signer.signatureAlgorithm !== OID.ecdsaWithSha256) {
    throw new WalletTokenError('badSignature', 'the signature algorithm is not ECDSA with SHA-256');
  }
  if (signer.contentType !== OID.data)
    throw new WalletTokenError('badSignature', 'the signed content type is not data');
  const digest = createHash('sha256').update(signedContent).digest();
  if (signer.messageDigest.length !== digest.length || !timingSafeEqual(signer.messageDigest, digest)) {
    throw new WalletTokenError('badSignature', 'the message digest does not match the token');
  }
  let good = false;
  try {
    good = verify('sha256', signer.signedAttributes, leaf.certificate.publicKey, signer.signature);
  } catch {
    good = false;
  }
  if (!good) throw new WalletTokenError('badSignature', 'the signature does not verify');

  for (const certificate of [leaf.certificate, intermediate.certificate, root]) {
    if (!validAt(certificate, nowMs))
      throw new WalletTokenError('expired', 'a certificate of the chain is not valid now');
  }
  if (Math.abs(nowMs - signer.signingTimeMs) > WALLET_A_SIGNING_WINDOW_MS) {
    throw new WalletTokenError('expired', 'the signing time is outside the accepted window');
  }
  return signer.signingTimeMs;
}
