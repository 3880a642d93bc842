import { ConfigError } from '../../config/config.js';
import { createPublicKey, X509Certificate } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { WalletTrustAnchorRow } from '../../store/schema.js';
import type { WalletRepository } from '../../store/wallet-repository.js';
import { AdminError } from '../admin-error.js';

/**
 * Wallet B root signing keys sign for one protocol version each (protocols.md §3.2); the vendor's
 * published file also lists ECv2SigningOnly keys, kept as trusted but used by no token read here.
 */
export const WALLET_B_PROTOCOLS = ['ECv1', 'ECv2', 'ECv2SigningOnly'] as const;

/** How many root keys one file may add: the vendor publishes a handful. */
export const ROOT_KEYS_PER_FILE_MAX = 50;

/** What `gatehouse wallet trust` answers: what was added, and what was trusted already. */
export interface TrustChange {
  readonly added: number;
  readonly alreadyTrusted: number;
}

interface VendorRootKey {
  readonly keyValue?: unknown;
  readonly protocolVersion?: unknown;
  readonly keyExpiration?: unknown;
}

/**
 * The roots each wallet's signature chain must end in: wallet A root CA certificates, wallet B
 * root signing keys in the vendor's published JSON (`{"keys": [{keyValue, protocolVersion,
 * keyExpiration}]}`). Trust is the gateway's, not a merchant's: every merchant's tokens come
 * from the same wallet vendors.
 */
export class WalletTrust {
  constructor(
    private readonly wallets: WalletRepository,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  async addRootCa(pem: string, sandbox = false): Promise<TrustChange> {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new AdminError('the root CA is not an X.509 certificate in PEM');
    }
    if (!certificate.ca) throw new AdminError('the certificate is not a CA certificate');
    if (!certificate.verify(certificate.publicKey)) throw new AdminError('a root CA signs itself');
    return this.add([{ kind: 'rootCa', value: certificate.toString() }], 'a', sandbox);
  }

  async addRootKeys(json: string, sandbox = false): Promise<TrustChange> {
    let keys: unknown;
    try {
      keys = (JSON.parse(json) as { keys?: unknown }).keys;
    } catch {
      throw new AdminError('the root keys are not JSON');
    }
    if (!Array.isArray(keys) || keys.length === 0 || keys.length > ROOT_KEYS_PER_FILE_MAX) {
      throw new AdminError(`expected {"keys": [...]} with 1 to ${ROOT_KEYS_PER_FILE_MAX} keys`);
    }
    const anchors = (keys as VendorRootKey[]).map((key, index) => {
      const where = `keys[${index}]`;
      if (typeof key.keyValue !== 'string') throw new AdminError(`${where}.keyValue is missing`);
      try {
        const details = createPublicKey({
          key: Buffer.from(key.keyValue, 'base64'),
          format: 'der',
          type: 'spki',
        }).asymmetricKeyDetails;
        if (details?.namedCurve !== 'prime256v1') throw new Error('not P-256');
      } catch {
        throw new AdminError(`${where}.keyValue is not a Base64 P-256 public key`);
      }
      if (!WALLET_B_PROTOCOLS.includes(key.protocolVersion as (typeof WALLET_B_PROTOCOLS)[number])) {
        throw new AdminError(`${where}.protocolVersion must be one of ${WALLET_B_PROTOCOLS.join(', ')}`);
      }
      const expiration = key.keyExpiration;
      // The vendor's own library requires an expiry of every root key but ECv1's (protocols.md §3.1).
      const required = key.protocolVersion !== 'ECv1';
      if (
        (expiration !== undefined || required) &&
        (typeof expiration !== 'string' || !/^\d{1,15}$/.test(expiration))
      ) {
        throw new AdminError(
          `${where}.keyExpiration must be milliseconds since the epoch, as text${required ? ` (required for ${String(key.protocolVersion)})` : ''}`,
        );
      }
      return {
        kind: 'rootKey',
        value: key.keyValue,
        protocolVersion: key.protocolVersion as string,
        ...(expiration === undefined ? {} : { keyExpirationMs: Number(expiration) }),
      };
    });
    return this.add(anchors, 'b', sandbox);
  }

  /**
   * GATEHOUSE_ENV=production refuses to start while the sandbox vendors are trusted: a token the
   * sandbox minted must never pay for real. `gatehouse wallet sandbox remove` forgets them.
   */
  async refuseSandboxInProduction(): Promise<void> {
    const count = await this.wallets.sandboxAnchorCount();
    if (count > 0) {
      throw new ConfigError(
        `GATEHOUSE_ENV=production: ${count} trust anchor(s) of the sandbox wallet vendors are still trusted; remove them with "gatehouse wallet sandbox remove"`,
      );
    }
  }

  /** Forgets the sandbox vendors (anchors and keys); answers how many anchors went. */
  async removeSandbox(): Promise<{ removed: number }> {
    return { removed: await this.wallets.removeSandbox() };
  }

  async anchorsOf(wallet: 'a' | 'b'): Promise<WalletTrustAnchorRow[]> {
    return this.wallets.anchorsOf(wallet);
  }

  private async add(
    anchors: readonly { kind: string; value: string; protocolVersion?: string; keyExpirationMs?: number }[],
    wallet: 'a' | 'b',
    sandbox: boolean,
  ): Promise<TrustChange> {
    let added = 0;
    for (const anchor of anchors) {
      const inserted = await this.wallets.insertAnchor({
        id: this.random.uuid(),
        wallet,
        kind: anchor.kind,
        value: anchor.value,
        protocol_version: anchor.protocolVersion ?? null,
        key_expiration_ms: anchor.keyExpirationMs ?? null,
        sandbox: sandbox ? 1 : 0,
        created_at_ms: this.clock.nowMs(),
      });
      if (inserted) added += 1;
    }
    return { added, alreadyTrusted: anchors.length - added };
  }
}
