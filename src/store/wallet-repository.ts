import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type {
  Database,
  WalletKeyRow,
  WalletSandboxAuthorityRow,
  WalletTrustAnchorRow,
  WalletTokenUseRow,
} from './schema.js';

/** Wallet keys (always read through the merchant that owns them), trust anchors and paid tokens. */
export class WalletRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertKey(row: WalletKeyRow): Promise<void> {
    await this.db.insertInto('wallet_keys').values(row).execute();
  }

  /** A merchant's keys for one wallet, newest first (the newest is the one a new CSR names). */
  async keysOf(merchantId: string, wallet: string): Promise<WalletKeyRow[]> {
    return this.db
      .selectFrom('wallet_keys')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('wallet', '=', wallet)
      .orderBy('created_at_ms', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Attaches a wallet A certificate to the merchant's key it certifies. */
  async setCertificate(
    merchantId: string,
    keyId: string,
    certificatePem: string,
    publicKeyHash: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('wallet_keys')
      .set({ certificate_pem: certificatePem, public_key_hash: publicKeyHash })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', keyId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Adds an anchor; false when it is trusted already (the unique index). */
  async insertAnchor(row: WalletTrustAnchorRow): Promise<boolean> {
    const result = await this.db
      .insertInto('wallet_trust_anchors')
      .values(row)
      .onConflict((conflict) => conflict.columns(['wallet', 'kind', 'value']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  /** The sandbox authority of a wallet, if one was made. */
  async sandboxAuthority(wallet: string): Promise<WalletSandboxAuthorityRow | undefined> {
    return this.db
      .selectFrom('wallet_sandbox_authorities')
      .selectAll()
      .where('id', '=', wallet)
      .executeTakeFirst();
  }

  /** Keeps a new sandbox authority unless another process kept one first (then false). */
  async insertSandboxAuthority(row: WalletSandboxAuthorityRow): Promise<boolean> {
    const result = await this.db
      .insertInto('wallet_sandbox_authorities')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  /** How many anchors of the sandbox world's vendors are trusted, over both wallets. */
  async sandboxAnchorCount(): Promise<number> {
    const row = await this.db
      .selectFrom('wallet_trust_anchors')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sandbox', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Forgets the sandbox world's vendors (their anchors and sealed keys) and its directory server's keys. */
  async removeSandbox(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const anchors = await trx
        .deleteFrom('wallet_trust_anchors')
        .where('sandbox', '=', 1)
        .executeTakeFirst();
      await trx.deleteFrom('wallet_sandbox_authorities').execute();
      return Number(anchors.numDeletedRows);
    });
  }

  async anchorsOf(wallet: string): Promise<WalletTrustAnchorRow[]> {
    return this.db
      .selectFrom('wallet_trust_anchors')
      .selectAll()
      .where('wallet', '=', wallet)
      .orderBy('created_at_ms')
      .orderBy('id')
      .execute();
  }

  async orderOfToken(wallet: string, tokenId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('wallet_token_uses')
      .select('order_id')
      .where('wallet', '=', wallet)
      .where('token_id', '=', tokenId)
      .executeTakeFirst();
    return row?.order_id;
  }

  /**
   * Inside the payment's intent unit: the token is marked paid; a second payment of the same
   * token fails here on the primary key and its unit rolls back.
   */
  async markTokenUsed(db: Executor, row: WalletTokenUseRow): Promise<void> {
    await db.insertInto('wallet_token_uses').values(row).execute();
  }
}
