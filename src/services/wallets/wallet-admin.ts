import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { MerchantRepository } from '../../store/merchant-repository.js';
import type { WalletKeyRow } from '../../store/schema.js';
import type { WalletRepository } from '../../store/wallet-repository.js';
import { createCertificateRequest, WALLET_A_OID as OID } from '../../processing/wallets/wallet-a/index.js';
import { uncompressedPoint } from '../../processing/wallets/wallet-b/index.js';
import { AdminError } from '../admin-error.js';

/** The two wallets of the spec: A (EC_v1 tokens) and B (ECv1/ECv2 tokens). */
export const WALLETS = ['a', 'b', 'c'] as const;
export type Wallet = (typeof WALLETS)[number];

/** A wallet B recipient id: `merchant:<id>` or `gateway:<id>` (protocols.md §3.2). */
const RECIPIENT_ID = /^(merchant|gateway):[\x21-\x7e]{1,240}$/;

/** What `gatehouse wallet show` prints of a key: never the private key. */
export interface WalletKeySummary {
  readonly id: string;
  readonly wallet: Wallet;
  readonly publicKeyHash: string | null;
  readonly certificateSubject: string | null;
  readonly certificateValidTo: string | null;
  readonly recipientId: string | null;
  readonly createdAt: string;
}

/** What may be shown of a key: everything but the private key. */
export interface WalletKeyPublicParts {
  readonly key: WalletKeySummary;
  /** SPKI PEM of the public key. */
  readonly publicKeyPem: string;
  /** Wallets A and C: a certificate signing request over the key, as `key create` prints it. */
  readonly certificateRequest?: string;
  /** Wallet B: the uncompressed point, Base64, as the vendor's console takes it. */
  readonly publicKey?: string;
  /** Wallet A: the payment processing certificate, once imported. */
  readonly certificatePem?: string;
}

/** The subject of a merchant's wallet CSRs: the vendors read only the key, this names whose it is. */
function csrSubject(login: string): [string, string][] {
  return [
    [OID.commonName, `merchant.${login}`],
    [OID.organization, login],
  ];
}

function spkiDer(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
}

/** Base64 SHA-256 of a public key's SubjectPublicKeyInfo: how a wallet A token names its key. */
export function publicKeyHash(key: KeyObject): string {
  return createHash('sha256').update(spkiDer(key)).digest('base64');
}

/** Wallet C's keys: the size every vendor sample and decryptor uses. */
const WALLET_C_RSA_BITS = 2048;

/** A private key from PEM, or the operator is told it is not one. */
function pemPrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch {
    throw new AdminError('the private key is not a PEM private key');
  }
}

/** An RSA private key of at least 2048 bits from PEM, or the operator is told why not. */
function rsaPrivateKey(pem: string): KeyObject {
  const key = pemPrivateKey(pem);
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < WALLET_C_RSA_BITS) {
    throw new AdminError(`wallet c keys are RSA keys of at least ${WALLET_C_RSA_BITS} bits`);
  }
  return key;
}

/** A P-256 private key from PEM (PKCS#8 or SEC1), or the operator is told why not. */
export function p256PrivateKey(pem: string): KeyObject {
  const key = pemPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new AdminError('wallet keys are EC keys on the P-256 curve (prime256v1)');
  }
  return key;
}

function certificateOf(pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new AdminError('the certificate is not an X.509 certificate in PEM');
  }
}

function summary(row: WalletKeyRow): WalletKeySummary {
  const certificate = row.certificate_pem === null ? undefined : new X509Certificate(row.certificate_pem);
  return {
    id: row.id,
    wallet: row.wallet as Wallet,
    publicKeyHash: row.public_key_hash,
    certificateSubject: certificate?.subject.replace(/\n/g, ', ') ?? null,
    certificateValidTo: certificate?.validTo ?? null,
    recipientId: row.recipient_id,
    createdAt: new Date(row.created_at_ms).toISOString(),
  };
}

/**
 * The operator's side of wallet keys (`gatehouse wallet …`): a merchant's P-256 key per wallet,
 * sealed under the master key (so `gatehouse vault rotate` re-encrypts it), with its wallet A
 * payment processing certificate or its wallet B recipient id.
 */
export class WalletAdmin {
  constructor(
    private readonly merchants: MerchantRepository,
    private readonly wallets: WalletRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  /**
   * A key made elsewhere. Wallet A takes its certificate now or later (`certificate import`);
   * wallet B needs the recipient id its tokens are addressed to.
   */
  async importKey(
    login: string,
    wallet: Wallet,
    input: { privateKeyPem: string; certificatePem?: string; recipientId?: string },
  ): Promise<WalletKeySummary> {
    const merchantId = await this.merchantIdOf(login);
    const privateKey =
      wallet === 'c' ? rsaPrivateKey(input.privateKeyPem) : p256PrivateKey(input.privateKeyPem);
    let certificatePem: string | null = null;
    let hash: string | null = null;
    if (wallet === 'c') {
      if (input.recipientId !== undefined) throw new AdminError('--recipient-id is for wallet b');
      if (input.certificatePem !== undefined) throw new AdminError('--certificate is for wallet a');
      // Wallet C's vendor issues no certificate: a token names its key by this hash (`kid`).
      hash = publicKeyHash(createPublicKey(privateKey));
    } else if (wallet === 'a') {
      if (input.recipientId !== undefined) throw new AdminError('--recipient-id is for wallet b');
      if (input.certificatePem !== undefined) {
        certificatePem = this.certifying(privateKey, input.certificatePem);
        hash = publicKeyHash(createPublicKey(privateKey));
      }
    } else {
      if (input.certificatePem !== undefined) throw new AdminError('--certificate is for wallet a');
      if (input.recipientId === undefined || !RECIPIENT_ID.test(input.recipientId)) {
        throw new AdminError('wallet b needs --recipient-id merchant:<id> or gateway:<id>');
      }
    }
    const row: WalletKeyRow = {
      id: this.random.uuid(),
      merchant_id: merchantId,
      wallet,
      private_key_sealed: '',
      certificate_pem: certificatePem,
      public_key_hash: hash,
      recipient_id: wallet === 'b' ? (input.recipientId ?? null) : null,
      created_at_ms: this.clock.nowMs(),
    };
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await this.wallets.insertKey({ ...row, private_key_sealed: this.box.seal(pkcs8, row.id) });
    return summary(row);
  }

  /**
   * A new P-256 key for a wallet, made here so the private key never leaves the gateway. Wallet A
   * answers the certificate signing request the shop sends the wallet vendor; `certify` (the
   * sandbox world's vendor, when it is on) issues the certificate at once. Wallet B keys are
   * addressed by `recipientId` (by default `merchant:<login>`).
   */
  async createKey(
    login: string,
    wallet: Wallet,
    options: {
      recipientId?: string;
      certify?: (publicKeyPem: string, merchantId: string) => Promise<X509Certificate>;
    } = {},
  ): Promise<{ key: WalletKeySummary; certificateRequest?: string; publicKey?: string }> {
    const merchantId = await this.merchantIdOf(login);
    if (wallet === 'c') return this.createWalletCKey(login, options.recipientId);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    if (wallet === 'b') {
      const recipientId = options.recipientId ?? `merchant:${login}`;
      const key = await this.importKey(login, 'b', { privateKeyPem, recipientId });
      return { key, publicKey: uncompressedPoint(publicKey).toString('base64') };
    }
    if (options.recipientId !== undefined) throw new AdminError('--recipient-id is for wallet b');
    const certificateRequest = createCertificateRequest(privateKey, csrSubject(login));
    const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const certificate = await options.certify?.(publicKeyPem, merchantId);
    const key = await this.importKey(login, 'a', {
      privateKeyPem,
      ...(certificate === undefined ? {} : { certificatePem: certificate.toString() }),
    });
    return { key, certificateRequest };
  }

  /**
   * Wallet C: an RSA-2048 key (the vendor wraps each token's key with RSA1_5) and the certificate
   * signing request the merchant uploads to the vendor's portal, which reads only the public key
   * from it; the vendor issues no certificate back (protocols-jose.md §6.3).
   */
  private async createWalletCKey(
    login: string,
    recipientId: string | undefined,
  ): Promise<{ key: WalletKeySummary; certificateRequest: string }> {
    if (recipientId !== undefined) throw new AdminError('--recipient-id is for wallet b');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: WALLET_C_RSA_BITS });
    const certificateRequest = createCertificateRequest(privateKey, csrSubject(login));
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    return { key: await this.importKey(login, 'c', { privateKeyPem }), certificateRequest };
  }

  /** The payment processing certificate the wallet A vendor issued for one of the merchant's keys. */
  async importCertificate(login: string, certificatePem: string): Promise<WalletKeySummary> {
    const merchantId = await this.merchantIdOf(login);
    const certificate = certificateOf(certificatePem);
    const hash = publicKeyHash(certificate.publicKey);
    for (const row of await this.wallets.keysOf(merchantId, 'a')) {
      const privateKey = createPrivateKey(this.box.open(row.private_key_sealed, row.id));
      if (publicKeyHash(createPublicKey(privateKey)) !== hash) continue;
      const pem = this.certifying(privateKey, certificatePem);
      await this.wallets.setCertificate(merchantId, row.id, pem, hash);
      return summary({ ...row, certificate_pem: pem, public_key_hash: hash });
    }
    throw new AdminError("the certificate certifies none of the merchant's wallet a keys");
  }

  async show(login: string): Promise<WalletKeySummary[]> {
    const merchantId = await this.merchantIdOf(login);
    const rows = [
      ...(await this.wallets.keysOf(merchantId, 'a')),
      ...(await this.wallets.keysOf(merchantId, 'b')),
      ...(await this.wallets.keysOf(merchantId, 'c')),
    ];
    return rows.map(summary);
  }

  /**
   * The public parts of one of the merchant's keys. The CSR is made again from the sealed key (it
   * is not kept), over the subject `key create` gives it, so a lost CSR can be had again without a
   * new key; the private key is opened here and never leaves.
   */
  async publicParts(login: string, keyId: string): Promise<WalletKeyPublicParts> {
    const merchantId = await this.merchantIdOf(login);
    for (const wallet of WALLETS) {
      const row = (await this.wallets.keysOf(merchantId, wallet)).find((key) => key.id === keyId);
      if (row === undefined) continue;
      const privateKey = createPrivateKey(this.box.open(row.private_key_sealed, row.id));
      const publicKey = createPublicKey(privateKey);
      const parts = {
        key: summary(row),
        publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      };
      if (wallet === 'b') return { ...parts, publicKey: uncompressedPoint(publicKey).toString('base64') };
      const certificateRequest = createCertificateRequest(privateKey, csrSubject(login));
      return {
        ...parts,
        certificateRequest,
        ...(row.certificate_pem === null ? {} : { certificatePem: row.certificate_pem }),
      };
    }
    throw new AdminError(`merchant "${login}" has no wallet key ${keyId}`);
  }

  /** The certificate as PEM, once it is known to certify `privateKey` and to be valid now. */
  private certifying(privateKey: KeyObject, certificatePem: string): string {
    const certificate = certificateOf(certificatePem);
    if (!spkiDer(certificate.publicKey).equals(spkiDer(createPublicKey(privateKey)))) {
      throw new AdminError('the certificate is not for this private key');
    }
    const nowMs = this.clock.nowMs();
    if (Date.parse(certificate.validTo) < nowMs || Date.parse(certificate.validFrom) > nowMs) {
      throw new AdminError(
        `the certificate is not valid now (valid ${certificate.validFrom} to ${certificate.validTo})`,
      );
    }
    return certificate.toString();
  }

  /** The id of the merchant with this login; the operator is told when there is none. */
  async merchantIdOf(login: string): Promise<string> {
    const record = await this.merchants.findByLogin(login);
    if (record === undefined) throw new AdminError(`merchant "${login}" does not exist`);
    return record.row.id;
  }
}
