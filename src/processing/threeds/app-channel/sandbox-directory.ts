import { generateKeyPairSync } from 'node:crypto';
import { issueCertificate, type SigningIdentity } from '../../wallets/wallet-a/certificate-issuer.js';
import { OID } from '../../wallets/wallet-a/wallet-a-oids.js';

/** The sandbox directory server's ID: the KDF's PartyVInfo for device data encrypted to its EC key. */
export const SANDBOX_DS_ID = 'A999999999';

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const ROOT_YEARS = 25;
const LEAF_YEARS = 5;

/**
 * The sandbox world's directory server, as an app's 3DS SDK meets it (protocols-jose.md §7.4–7.5):
 * the DS-CA root the SDK trusts, the key device data (`sdkEncData`) is encrypted to, with its
 * certificate under that root, and the ACS signing identity whose chain `acsSignedContent` carries.
 * All P-256, so `sdkEncData` takes the SDKs' EC form and the ACS signs ES256.
 */
export interface SandboxDirectory {
  readonly dsId: string;
  readonly root: SigningIdentity;
  readonly deviceDataKey: SigningIdentity;
  readonly acsSigner: SigningIdentity;
}

function identity(
  name: string,
  keyUsage: 'certificateAuthority' | 'digitalSignature' | 'keyAgreement',
  nowMs: number,
  issuer?: SigningIdentity,
): SigningIdentity {
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKey: keys.privateKey,
    certificate: issueCertificate({
      subject: [
        [OID.commonName, name],
        [OID.organization, 'Gatehouse Sandbox'],
        [OID.country, 'US'],
      ],
      publicKey: keys.publicKey,
      ...(issuer === undefined ? { selfKey: keys.privateKey } : { issuer }),
      notBeforeMs: nowMs - DAY_MS,
      notAfterMs: nowMs + (issuer === undefined ? ROOT_YEARS : LEAF_YEARS) * YEAR_MS,
      keyUsage,
    }),
  };
}

export function createSandboxDirectory(nowMs: number): SandboxDirectory {
  const root = identity('Gatehouse Sandbox DS-CA', 'certificateAuthority', nowMs);
  return {
    dsId: SANDBOX_DS_ID,
    root,
    deviceDataKey: identity('Gatehouse Sandbox DS device data', 'keyAgreement', nowMs, root),
    acsSigner: identity('Gatehouse Sandbox ACS signing', 'digitalSignature', nowMs, root),
  };
}
