import { createPublicKey, X509Certificate, type JsonWebKey, type KeyObject } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';

/** What the ACS signs for the SDK in a challenge ARes (protocols-jose.md §7.5). */
export interface AcsSignedPayload {
  readonly acsTransID: string;
  readonly acsRefNumber: string;
  readonly acsURL: string;
  readonly acsEphemPubKey: JsonWebKey;
  readonly sdkEphemPubKey: JsonWebKey;
}

/** The ACS's signing key and its chain, leaf first, up to (not including) the DS-CA root. */
export interface AcsSigner {
  readonly privateKey: KeyObject;
  readonly chain: readonly X509Certificate[];
}

/** `acsSignedContent` could not be trusted: the SDK stops the challenge. */
export class AcsSignedContentError extends Error {
  override readonly name = 'AcsSignedContentError';
}

/** The public members of an EC key (given its public or private half) as a JWK, as the messages carry it. */
export function publicJwk(key: KeyObject): JsonWebKey {
  const { kty, crv, x, y } = (key.type === 'public' ? key : createPublicKey(key)).export({ format: 'jwk' });
  return { kty, crv, x, y };
}

/**
 * `acsSignedContent`: a JWS compact string, ES256 for an EC signing key and PS256 for an RSA one
 * (the only two the SDKs accept), its chain in `x5c` as standard Base64 DER, leaf first.
 */
export async function signAcsContent(payload: AcsSignedPayload, signer: AcsSigner): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({
      alg: signer.privateKey.asymmetricKeyType === 'rsa' ? 'PS256' : 'ES256',
      x5c: signer.chain.map((certificate) => certificate.raw.toString('base64')),
    })
    .sign(signer.privateKey);
}

/** Each certificate is valid now and issued by the next; the last by one of the roots. */
function verifyChain(
  chain: readonly X509Certificate[],
  roots: readonly X509Certificate[],
  nowMs: number,
): void {
  for (const [index, certificate] of chain.entries()) {
    if (Date.parse(certificate.validFrom) > nowMs || Date.parse(certificate.validTo) < nowMs)
      throw new AcsSignedContentError(`x5c[${index}] is not valid now`);
    const issuers = index + 1 < chain.length ? [chain[index + 1] as X509Certificate] : roots;
    const signedBy = issuers.some(
      (issuer) => certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey),
    );
    if (!signedBy) throw new AcsSignedContentError(`x5c[${index}] is not issued by a trusted certificate`);
  }
}

/**
 * The SDK's check of `acsSignedContent` (§7.5, §7.11): PS256 or ES256 only, the `x5c` chain up to
 * a DS-CA root the SDK trusts, the signature by the leaf's key. Answers the signed members.
 */
export async function verifyAcsContent(
  jws: string,
  roots: readonly X509Certificate[],
  nowMs: number,
): Promise<AcsSignedPayload> {
  let chain: X509Certificate[];
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== 'PS256' && header.alg !== 'ES256') throw new Error(`alg ${String(header.alg)}`);
    chain = (header.x5c ?? []).map((der) => new X509Certificate(Buffer.from(der, 'base64')));
  } catch (error) {
    throw new AcsSignedContentError(`acsSignedContent cannot be read: ${(error as Error).message}`);
  }
  const leaf = chain[0];
  if (leaf === undefined) throw new AcsSignedContentError('acsSignedContent has no x5c');
  verifyChain(chain, roots, nowMs);
  try {
    const { payload } = await compactVerify(jws, leaf.publicKey, { algorithms: ['PS256', 'ES256'] });
    return JSON.parse(new TextDecoder().decode(payload)) as AcsSignedPayload;
  } catch {
    throw new AcsSignedContentError('the acsSignedContent signature does not verify');
  }
}
